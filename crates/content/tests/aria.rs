//! Accessible roles and names (`bc_content::aria`) on real DOM fixtures in
//! headless Chromium. Data-driven: each case is an HTML fixture, the element
//! under test (`#t` unless a selector is given), and the role and name
//! Chromium's accessibility tree gives it.

use bc_content::aria::{accessible_name, accessible_name_full, batch, computed_role, heading_level, is_hidden, may_generate_text};
mod common;

use common::fixture;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

struct Case {
    html: &'static str,
    /// Selector of the element under test inside the fixture.
    sel: &'static str,
    role: Option<&'static str>,
    name: &'static str,
}

const fn c(html: &'static str, role: Option<&'static str>, name: &'static str) -> Case {
    Case { html, sel: "#t", role, name }
}

const CASES: &[Case] = &[
    // Data minimisation: embedded secrets never enter a name (Chromium would
    // include the value; we must not send it out).
    c(r#"<label id="l">PIN <input type="password" value="1234"> code</label><button id="t" aria-labelledby="l"></button>"#, Some("button"), "PIN code"),
    c(r#"<label id="l">Pay with <input autocomplete="cc-number" value="4242424242424242"> now</label><button id="t" aria-labelledby="l"></button>"#, Some("button"), "Pay with now"),
    c(r#"<label id="l">Card <input name="card_number" value="4111111111111111"></label><button id="t" aria-labelledby="l"></button>"#, Some("button"), "Card"),
    c(r#"<label id="l">Deliver to <input name="city" value="Lyon"></label><button id="t" aria-labelledby="l"></button>"#, Some("button"), "Deliver to Lyon"),
    // --- explicit roles -----------------------------------------------------
    c(r#"<div id="t" role="button">Go</div>"#, Some("button"), "Go"),
    c(r#"<div id="t" role="foo checkbox">x</div>"#, Some("checkbox"), "x"),
    c(r#"<div id="t" role="widget landmark">x</div>"#, Some("generic"), ""),
    c(r#"<div id="t" role="SLIDER">x</div>"#, Some("slider"), ""),
    c(r#"<span id="t" role="img" aria-label="Logo"></span>"#, Some("image"), "Logo"),
    c(r#"<div id="t" role="region">x</div>"#, Some("generic"), ""),
    c(r#"<div id="t" role="region navigation">x</div>"#, Some("navigation"), ""),
    c(r#"<div id="t" role="region" aria-label="News">x</div>"#, Some("region"), "News"),
    // --- presentational role conflict resolution ----------------------------
    c(r#"<ul role="none"><li id="t">a</li></ul>"#, Some("none"), ""),
    c(r#"<h2 id="t" role="presentation">Title</h2>"#, Some("none"), ""),
    c(r#"<button id="t" role="none">OK</button>"#, Some("button"), "OK"),
    c(r#"<h2 id="t" role="none" tabindex="0">Title</h2>"#, Some("heading"), "Title"),
    c(r#"<h2 id="t" role="none" aria-describedby="x">Title</h2>"#, Some("heading"), "Title"),
    c(r#"<table role="presentation"><tr><td id="t">c</td></tr></table>"#, Some("generic"), ""),
    // --- implicit roles (HTML-AAM) ------------------------------------------
    c(r#"<a id="t" href="/x">Home</a>"#, Some("link"), "Home"),
    c(r#"<a id="t">no href</a>"#, Some("generic"), ""),
    // Chromium: an anchor with click listeners is a link (seen here as an
    // `onclick` or the pointer cursor the page gave it).
    c(r#"<a id="t" onclick="void 0">Fold</a>"#, Some("link"), "Fold"),
    c(r#"<style>#t{cursor:pointer}</style><a id="t" onmousedown="void 0"><div>❱</div></a>"#, Some("link"), "❱"),
    c(r#"<button id="t">Save</button>"#, Some("button"), "Save"),
    c(r#"<input id="t" type="checkbox">"#, Some("checkbox"), ""),
    c(r#"<input id="t" type="radio">"#, Some("radio"), ""),
    c(r#"<input id="t" type="range" aria-label="Volume">"#, Some("slider"), "Volume"),
    c(r#"<input id="t" type="number" aria-label="Qty">"#, Some("spinbutton"), "Qty"),
    c(r#"<input id="t" type="search" aria-label="Find">"#, Some("searchbox"), "Find"),
    c(r#"<input id="t" type="email" aria-label="Mail">"#, Some("textbox"), "Mail"),
    c(r#"<input id="t" type="tel" aria-label="Phone">"#, Some("textbox"), "Phone"),
    c(r#"<input id="t" type="url" aria-label="Site">"#, Some("textbox"), "Site"),
    c(r#"<input id="t" aria-label="Plain">"#, Some("textbox"), "Plain"),
    c(r#"<input id="t" list="dl" aria-label="Pick"><datalist id="dl"><option>a</option></datalist>"#, Some("combobox"), "Pick"),
    c(r#"<select id="t"><option>One</option></select>"#, Some("combobox"), ""),
    c(r#"<select id="t" multiple><option>One</option></select>"#, Some("listbox"), ""),
    c(r#"<select id="t" size="3"><option>One</option></select>"#, Some("listbox"), ""),
    c(r#"<textarea id="t"></textarea>"#, Some("textbox"), ""),
    c(r#"<img id="t" src="data:," alt="">"#, Some("none"), ""),
    c(r#"<img id="t" src="data:," alt="Chart">"#, Some("image"), "Chart"),
    c(r#"<h3 id="t">Intro</h3>"#, Some("heading"), "Intro"),
    c(r#"<header id="t">top</header>"#, Some("banner"), ""),
    c(r#"<article><header id="t">top</header></article>"#, Some("sectionheader"), ""),
    c(r#"<footer id="t">bottom</footer>"#, Some("contentinfo"), ""),
    c(r#"<main><footer id="t">bottom</footer></main>"#, Some("sectionfooter"), ""),
    c(r#"<section id="t">s</section>"#, Some("generic"), ""),
    c(r#"<section id="t" aria-label="Pricing">s</section>"#, Some("region"), "Pricing"),
    c(r#"<form id="t" aria-label="Login"></form>"#, Some("form"), "Login"),
    c(r#"<nav id="t">n</nav>"#, Some("navigation"), ""),
    c(r#"<main id="t">m</main>"#, Some("main"), ""),
    c(r#"<aside id="t">a</aside>"#, Some("complementary"), ""),
    c(r#"<article><aside id="t">a</aside></article>"#, Some("generic"), ""),
    c(r#"<ol id="t"><li>x</li></ol>"#, Some("list"), ""),
    c(r#"<ul><li id="t">item</li></ul>"#, Some("listitem"), ""),
    c(r#"<table id="t"><caption>Prices</caption><tr><td>1</td></tr></table>"#, Some("table"), "Prices"),
    c(r#"<table><tr><th>H</th></tr><tr id="t"><td>1</td></tr></table>"#, Some("row"), ""),
    c(r#"<table><tr><th>H</th></tr><tr><td id="t">cell</td></tr></table>"#, Some("cell"), "cell"),
    c(r#"<table><tr><th id="t">Head</th></tr><tr><td>1</td></tr></table>"#, Some("columnheader"), "Head"),
    c(r#"<table><tr><th id="t">Row</th><td>1</td></tr></table>"#, Some("rowheader"), "Row"),
    c(r#"<table role="grid"><tr><td id="t">g</td></tr></table>"#, Some("gridcell"), "g"),
    c(r#"<select><option id="t">Apple</option></select>"#, Some("option"), "Apple"),
    c(r#"<dialog id="t" open>d</dialog>"#, Some("dialog"), ""),
    c(r#"<details id="t"><summary>More</summary>x</details>"#, Some("group"), ""),
    c(r#"<details open><summary id="t">More</summary>x</details>"#, None, "More"),
    c(r#"<fieldset id="t"><legend>Shipping</legend></fieldset>"#, Some("group"), "Shipping"),
    c(r#"<output id="t">5</output>"#, Some("status"), ""),
    c(r#"<progress id="t" value="3" max="10"></progress>"#, Some("progressbar"), ""),
    c(r#"<meter id="t" value="3" max="10"></meter>"#, Some("meter"), ""),
    c(r#"<hr id="t">"#, Some("separator"), ""),
    c(r#"<div id="t">plain</div>"#, Some("generic"), ""),
    c(r#"<p id="t">para</p>"#, Some("paragraph"), ""),
    // --- aria-labelledby ----------------------------------------------------
    c(r#"<span id="a">Billing</span><span id="b">Name</span><input id="t" aria-labelledby="a b">"#, Some("textbox"), "Billing Name"),
    c(r#"<span id="a" hidden>Secret label</span><button id="t" aria-labelledby="a">x</button>"#, Some("button"), "Secret label"),
    c(r#"<span id="a" aria-labelledby="b">A</span><span id="b">B</span><button id="t" aria-labelledby="a">x</button>"#, Some("button"), "A"),
    c(r#"<button id="t" aria-labelledby="t l" aria-label="Delete">x</button><span id="l">file.txt</span>"#, Some("button"), "Delete file.txt"),
    c(r#"<button id="t" aria-labelledby="missing">Fallback</button>"#, Some("button"), "Fallback"),
    c(r#"<div id="a">Visible <span hidden>hidden</span> text</div><button id="t" aria-labelledby="a">x</button>"#, Some("button"), "Visible text"),
    // --- aria-label ---------------------------------------------------------
    c(r#"<button id="t" aria-label="Close">X</button>"#, Some("button"), "Close"),
    c(r#"<button id="t" aria-label="   ">Content</button>"#, Some("button"), "Content"),
    // --- host-language labels -----------------------------------------------
    c(r#"<label for="t">Email</label><input id="t">"#, Some("textbox"), "Email"),
    c(r#"<label>Remember me <input id="t" type="checkbox"></label>"#, Some("checkbox"), "Remember me"),
    c(r#"<label for="t">First</label><label for="t">Second</label><input id="t">"#, Some("textbox"), "First Second"),
    c(r#"<input id="t" type="checkbox"><label for="t">Flash <input value="3"> times</label>"#, Some("checkbox"), "Flash 3 times"),
    c(r#"<input id="t" type="checkbox"><label for="t">Every <select><option>day</option><option selected>week</option></select></label>"#, Some("checkbox"), "Every week"),
    c(r#"<input id="t" type="checkbox"><label for="t">Level <input type="range" min="0" max="10" value="7"></label>"#, Some("checkbox"), "Level 7"),
    c(r#"<input id="t" type="checkbox"><label for="t">Copies <input type="number" value="2"></label>"#, Some("checkbox"), "Copies 2"),
    c(r#"<input id="t" type="checkbox"><label for="t">Rate <span role="slider" aria-valuetext="high" aria-valuenow="9"></span></label>"#, Some("checkbox"), "Rate high"),
    c(r#"<img id="t" src="data:," alt="Company logo">"#, Some("image"), "Company logo"),
    c(r#"<input id="t" type="submit">"#, Some("button"), "Submit"),
    c(r#"<input id="t" type="reset">"#, Some("button"), "Reset"),
    c(r#"<input id="t" type="submit" value="Send">"#, Some("button"), "Send"),
    c(r#"<input id="t" type="image" src="data:," alt="Search">"#, Some("button"), "Search"),
    c(r#"<input id="t" type="image" src="data:," value="Go">"#, Some("button"), "Go"),
    c(r#"<input id="t" type="text" title="Your city">"#, Some("textbox"), "Your city"),
    c(r#"<input id="t" type="text" placeholder="Search docs">"#, Some("textbox"), "Search docs"),
    // Chromium's tree does not name a figure from its figcaption.
    c(r#"<figure id="t"><img src="data:," alt="x"><figcaption>Fig. 1</figcaption></figure>"#, Some("figure"), ""),
    c(r#"<dl role="none"><dt id="t">a</dt></dl>"#, Some("term"), "a"),
    c(r#"<table id="t" summary="Totals"><tr><td>1</td></tr></table>"#, Some("table"), "Totals"),
    // --- name from content --------------------------------------------------
    c(r#"<button id="t">Buy <b>now</b></button>"#, Some("button"), "Buy now"),
    c(r#"<a id="t" href="/x">Hello<span>world</span></a>"#, Some("link"), "Helloworld"),
    c(r#"<a id="t" href="/x">Hello<div>world</div></a>"#, Some("link"), "Hello world"),
    c(r#"<a id="t" href="/x"><span style="display:inline-block">one</span><span style="display:inline-block">two</span></a>"#, Some("link"), "one two"),
    c(r#"<a id="t" href="/x"><img src="data:," alt="Home"> page</a>"#, Some("link"), "Home page"),
    // An image's title is its name (HTML-AAM), inside a link too (the Rust
    // Book's Ferris icons); other descendants' titles stay out.
    c(r#"<a id="t" href="/x"><img src="data:," title="This code panics!"></a>"#, Some("link"), "This code panics!"),
    c(r#"<a id="t" href="/x">Go <span title="Tip">x</span></a>"#, Some("link"), "Go x"),
    c(r#"<button id="t">Save<span hidden> secretly</span><span aria-hidden="true">!!</span></button>"#, Some("button"), "Save"),
    c(r#"<button id="t">A <span style="display:none">B</span> <span style="visibility:hidden">C</span> D</button>"#, Some("button"), "A D"),
    c(r#"<style>#t::before{content:"Note: "}#t::after{content:" (new)"}</style><button id="t">Read</button>"#, Some("button"), "Note: Read (new)"),
    c(r#"<style>#t::before{content:url(x.png) / "Alt text"}</style><button id="t">Read</button>"#, Some("button"), "Alt text Read"),
    c(r#"<style>#t{text-transform:uppercase}</style><h2 id="t">Call us</h2>"#, Some("heading"), "CALL US"),
    c(r#"<div id="t" role="link" tabindex="0"><span role="presentation" aria-label="Eli">Zambino</span></div>"#, Some("link"), "Eli"),
    c(r#"<div id="t" role="heading">   spaced
          out   text  </div>"#, Some("heading"), "spaced out text"),
    c(r#"<div id="t" role="navigation">Skip me</div>"#, Some("navigation"), ""),
    c(r#"<button id="t" title="Tip"></button>"#, Some("button"), "Tip"),
    // --- containers inside a name from content (Chromium's tree, measured) ---
    // Groups, landmarks, composite widgets, figures and live regions give an
    // ancestor's name no content of theirs; their own label still counts.
    c(r#"<div role="tree"><div id="t" role="treeitem" aria-expanded="true">src<div role="group"><div role="treeitem">main.rs</div></div></div></div>"#, Some("treeitem"), "src"),
    c(r#"<div id="t" role="button">A<div role="group">g</div></div>"#, Some("button"), "A"),
    c(r#"<div id="t" role="button">A<div role="group" aria-label="L">g</div></div>"#, Some("button"), "A L"),
    c(r#"<div id="t" role="button">A<div role="toolbar">t</div><div role="listbox"><div role="option">o</div></div><div role="grid"><div role="row"><div role="gridcell">c</div></div></div></div>"#, Some("button"), "A"),
    c(r#"<div id="t" role="button">A<div role="tablist">t</div><div role="tabpanel">p</div><div role="radiogroup">r</div><div role="status">s</div></div>"#, Some("button"), "A"),
    c(r#"<a id="t" href="/x">A<article>x</article><nav>n</nav><blockquote>q</blockquote><fieldset>f</fieldset></a>"#, Some("link"), "A"),
    c(r#"<a id="t" href="/x">A<figure><img alt="I"><figcaption>C</figcaption></figure></a>"#, Some("link"), "A"),
    c(r#"<a id="t" href="/x"><article><h3>Title</h3><p>body</p></article></a>"#, Some("link"), ""),
    // … while lists, cells, paragraphs, unnamed sections and ARIA forms do.
    c(r#"<div id="t" role="button">A<div role="list"><div role="listitem">L</div></div><div role="gridcell">c</div><p>p</p></div>"#, Some("button"), "A L c p"),
    c(r#"<a id="t" href="/x">A<section>s</section><div role="form">f</div><div role="region">r</div><ul><li>x</li></ul></a>"#, Some("link"), "A s f r x"),
    c(r#"<label>A<div role="group">g</div><input id="t"></label>"#, Some("textbox"), "A"),
    c(r#"<div id="t" role="link" tabindex="0">Where<table><tr><td>are</td><td>my marbles?</td></tr></table></div>"#, Some("link"), "Where are my marbles?"),
    // Through aria-labelledby everything counts.
    c(r#"<button id="t" aria-labelledby="l">Q</button><div id="l">A<div role="group">g</div><div role="tree"><div role="treeitem">t</div></div></div>"#, Some("button"), "A g t"),
    // Each reference is computed afresh: a repeated id, or one inside
    // another reference, counts again.
    c(r#"<span id="a">A</span><button id="t" aria-labelledby="a a">x</button>"#, Some("button"), "A A"),
    c(r#"<span id="a">A <span id="b">B</span></span><button id="t" aria-labelledby="a b">x</button>"#, Some("button"), "A B B"),
    c(r#"<span id="a">A <span id="b">B</span></span><button id="t" aria-labelledby="b a">x</button>"#, Some("button"), "B A B"),
    // … and what a reference reached is skipped later in the same walk (wpt).
    c(r#"<h3 id="t">
  <a href="/1" aria-labelledby="i">link1</a>
  <a href="/2">link2 <img id="i" alt="image" src="data:,"> link3</a></h3>"#, Some("heading"), "image link2 link3"),
];

/// Markup no hand-written page has, built by script: content nested past
/// the name computation's depth limit, and long reference lists.
fn hostile_cases() -> Vec<(String, &'static str, String)> {
    let nest = |n: usize, inner: &str| format!("{}{inner}{}", "<span>".repeat(n), "</span>".repeat(n));
    let ids = |n: usize| (0..n).map(|i| format!("a{i}")).collect::<Vec<_>>().join(" ");
    let spans = |n: usize| (0..n).map(|i| format!(r#"<span id="a{i}">w{i}</span>"#)).collect::<String>();
    let words = |n: usize| (0..n).map(|i| format!("w{i}")).collect::<Vec<_>>().join(" ");
    vec![
        // Chromium names both by the text deep inside; an empty name
        // would drop the button from the MiniPCD.
        (format!(r#"<button id="t">{}</button>"#, nest(100, "Inner")), "button", "Inner".to_owned()),
        (format!(r#"<a id="t" href="/x">Go to {}</a>"#, nest(300, "<b>the</b> end")), "link", "Go to the end".to_owned()),
        (
            format!(r#"<button id="t"><span style="visibility:hidden">{}</span> Visible</button>"#, nest(100, r#"secret <span style="visibility:visible">Shown</span>"#)),
            "button",
            "Shown Visible".to_owned(),
        ),
        // Past the few nodes kept in a list, the visited set is a JS Set.
        (format!(r#"{}<button id="t" aria-labelledby="{} a0 a19">x</button>"#, spans(20), ids(20)), "button", format!("{} w0 w19", words(20))),
        // Chromium reads 50 distinct elements of a reference list at most
        // (repeats count again in the text, not toward the 50).
        (format!(r#"{}<button id="t" aria-labelledby="{}">x</button>"#, spans(2000), ids(2000)), "button", words(50)),
        (format!(r#"{}<button id="t" aria-labelledby="m1 a0 a0 {}">x</button>"#, spans(60), ids(60)), "button", format!("w0 w0 {}", words(50))),
        (format!(r#"<a id="t" href="/x">{}</a>"#, (0..40).map(|i| format!("<span><i>p{i}</i></span> ")).collect::<String>()), "link", (0..40).map(|i| format!("p{i}")).collect::<Vec<_>>().join(" ")),
    ]
}

#[wasm_bindgen_test]
fn names_of_hostile_markup_match_chromium() {
    let mut failures = Vec::new();
    for (html, role, name) in hostile_cases() {
        let el = target(&html, "#t");
        let (got_role, got) = (computed_role(&el).map(|r| r.as_str()), accessible_name(&el));
        if got_role != Some(role) || got != name {
            failures.push(format!("{}…: expected {role} {:?}, got {got_role:?} {:?}", &html[..html.len().min(80)], &name[..name.len().min(80)], &got[..got.len().min(80)]));
        }
    }
    fixture("");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn target(html: &str, sel: &str) -> web_sys::Element {
    let f = fixture(html);
    f.query_selector(sel).unwrap().unwrap_or_else(|| panic!("no {sel} in {html}"))
}

#[wasm_bindgen_test]
fn roles_and_names_match_chromium() {
    assert!(CASES.len() >= 60, "keep at least 60 cases");
    let mut failures = Vec::new();
    for case in CASES {
        let el = target(case.html, case.sel);
        let role = computed_role(&el).map(|r| r.as_str());
        let name = accessible_name(&el);
        if role != case.role || name != case.name {
            failures.push(format!(
                "{}\n    role: expected {:?}, got {:?}\n    name: expected {:?}, got {:?}",
                case.html, case.role, role, case.name, name
            ));
        }
    }
    fixture("");
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), CASES.len(), failures.join("\n"));
}

/// Fixtures for the name shortcuts (`aria/quick.rs`): elements without an
/// id (so `labels` is not asked), text-only content with generated text,
/// `text-transform` and several text nodes, and the cases that must leave
/// the shortcut (labels, `aria-owns`, shadow roots, SVG).
const SHORTCUT_FIXTURES: &[&str] = &[
    r#"<button>Save</button><a href="/p/1">Product 1</a><span style="cursor:pointer">Keep</span>"#,
    r#"<style>.n::before{content:"Note: "}.n::after{content:" (new)"; display:block}</style><button class="n">Read</button><a class="n" href="/x">Go</a>"#,
    r#"<style>.u{text-transform:uppercase}.c{text-transform:capitalize}</style><button class="u">call us</button><a class="c" href="/x">two words</a><button class="c"></button>"#,
    r#"<a href="/x">Hi<!-- a comment --> there</a><button>   </button><button title="Tip">  </button><button aria-label="  ">Shown</button>"#,
    r#"<button hidden>Hidden one</button><div hidden><a href="/x">Inside hidden</a></div><button style="visibility:hidden">Invisible</button>"#,
    r#"<label>Remember <button>me</button></label><button id="b">Lonely</button><label for="b">Lbl</label><label><input type="checkbox"> Opt in</label>"#,
    r#"<span role="button" aria-owns="o">A</span><span id="o">B</span><div role="link" title="T"></div><span title="Tip">x</span>"#,
    r#"<div role="textbox" aria-placeholder="Type here"></div><div role="none">gone</div><h2 role="presentation" title="t">Title</h2>"#,
    r#"<details><summary>More</summary>x</details><details><summary role="button">Btn</summary></details><summary>loose</summary>"#,
    r#"<svg><a href="/x">svg link</a><button>svg button</button></svg><input type="submit"><textarea placeholder="p"></textarea>"#,
    r#"<a href="/x" aria-labelledby="nope">Fallback</a><a href="/x" aria-labelledby="lab">x</a><span id="lab">Labelled</span>"#,
    r#"<ul><li role="option">Opt</li></ul><table><tr><td role="gridcell" tabindex="0">Cell</td><th>Head</th></tr></table>"#,
];

#[wasm_bindgen_test]
fn shortcuts_give_the_full_names() {
    let mut failures = Vec::new();
    let mut check_all = |html: &str, f: &web_sys::Element| {
        let all = f.query_selector_all("*").unwrap();
        for i in 0..all.length() {
            let el: web_sys::Element = all.item(i).unwrap().unchecked_into();
            let (quick, full) = (accessible_name(&el), accessible_name_full(&el));
            if quick != full {
                failures.push(format!("{html}\n    <{}>: {quick:?}, full computation {full:?}", el.local_name()));
            }
        }
    };
    for case in CASES {
        check_all(case.html, &fixture(case.html));
    }
    for html in SHORTCUT_FIXTURES {
        check_all(html, &fixture(html));
    }
    // Adjacent text nodes (as frameworks render `{"Product "}{n}`), with
    // and without a transform that works per node; and a shadow host.
    let f = fixture(r#"<button id="a"></button><a id="b" href="/x" style="text-transform:capitalize"></a><div id="h" role="button">light</div>"#);
    for id in ["a", "b"] {
        let el = f.query_selector(&format!("#{id}")).unwrap().unwrap();
        el.append_with_str_2("product ", "seven").unwrap();
    }
    let host = f.query_selector("#h").unwrap().unwrap();
    host.attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open))
        .unwrap()
        .set_inner_html("<b>shadow</b> text");
    check_all("adjacent text nodes, shadow host", &f);
    assert_eq!(accessible_name(&f.query_selector("#b").unwrap().unwrap()), "Product Seven");
    assert_eq!(accessible_name(&host), "shadow text");
    fixture("");
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}

/// Style sheets for the generated-text index (`aria/generated.rs`): which
/// elements may have `::before`/`::after` text. `#a…` ids: may; `#n…` ids:
/// cannot, by the sheets (an element the rules cannot reach).
const GENERATED_FIXTURES: &[&str] = &[
    r#"<style>.n::before{content:"Note: "}</style><button class="n" id="a1">Read</button><button id="n1">Plain</button>"#,
    // Conditions are not evaluated: a superset.
    r#"<style>@media (max-width: 1px){.m::after{content:"x"}}</style><a class="m" id="a1" href="/x">Go</a><a id="n1" href="/y">No</a>"#,
    r#"<style>@supports (display:grid){@layer l{.m:after{content:"x"}}}</style><a class="m" id="a1" href="/x">Go</a><a id="n1" href="/y">No</a>"#,
    // Empty or no content: nothing to read.
    r#"<style>.e::before{content:""}.z::before{content:none}.c::after{color:red}</style><button class="e" id="n1">x</button><button class="z" id="n2">y</button><button class="c" id="n3">z</button>"#,
    // A descendant pseudo-element, and case-sensitive class names.
    r#"<style>nav ::after{content:"›"}.Up::before{content:"^"}</style><nav><a id="a1" href="/x">A</a></nav><a id="n1" href="/y">B</a><a class="Up" id="a2" href="/z">C</a><a class="up" id="n2" href="/w">D</a>"#,
    // An animation may set `content`.
    r#"<style>.an::before{animation-name:grow}</style><button class="an" id="a1">x</button><button id="n1">y</button>"#,
    // Nested rules: not read, so everything may.
    r#"<style>.p{ &::before{content:"x"} }</style><button id="a1">x</button><button class="p" id="a2">y</button>"#,
    // Too many selectors (icon fonts): everything may.
    "ICONS",
    // An imported sheet (loaded or not yet: never "cannot").
    r#"<style>@import url("data:text/css,.imp::before{content:'x'}");</style><button class="imp" id="a1">x</button>"#,
    // `attr()` text, a selector list with a plain part.
    r#"<style>.t::before, .plain{content:attr(data-x)}</style><button class="t" data-x="Hi" id="a1">x</button><button class="plain" id="n1">y</button>"#,
];

fn icon_font_fixture() -> String {
    let rules: String = (0..250).map(|i| format!(".i{i}::before{{content:\"\\e{i:03}\"}}")).collect();
    format!(r#"<style>{rules}</style><button class="i3" id="a1">x</button><button id="a2">y</button>"#)
}

fn generated_fixture(html: &str) -> web_sys::Element {
    if html == "ICONS" { fixture(&icon_font_fixture()) } else { fixture(html) }
}

#[wasm_bindgen_test]
fn generated_text_index_names_the_elements_rules_reach() {
    let mut failures = Vec::new();
    for html in GENERATED_FIXTURES {
        let f = generated_fixture(html);
        // Outside a batch every element may.
        for el in all_elements(&f) {
            assert!(may_generate_text(&el), "outside a batch: {html}");
        }
        let _reads = batch();
        for el in all_elements(&f) {
            let id = el.id();
            let may = may_generate_text(&el);
            let want = if id.starts_with('a') { Some(true) } else if id.starts_with('n') { Some(false) } else { None };
            if want.is_some_and(|w| w != may) {
                failures.push(format!("{html}\n    #{id}: may {may}, expected {want:?}"));
            }
        }
    }
    fixture("");
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}

#[wasm_bindgen_test]
fn generated_text_index_follows_sheet_changes_and_shadow_trees() {
    let f = fixture(r#"<style id="s">.x::before{content:"x"}</style><button id="b">B</button>"#);
    let b = f.query_selector("#b").unwrap().unwrap();
    {
        let _reads = batch();
        assert!(!may_generate_text(&b), "no rule reaches #b yet");
    }
    // A rule inserted later (CSS-in-JS) is seen by the next batch.
    let sheet = js_sys::Reflect::get(&f.query_selector("#s").unwrap().unwrap(), &"sheet".into()).unwrap();
    let insert: js_sys::Function = js_sys::Reflect::get(&sheet, &"insertRule".into()).unwrap().unchecked_into();
    insert.call1(&sheet, &"#b::after{content:' (new)'}".into()).unwrap();
    {
        let _reads = batch();
        assert!(may_generate_text(&b), "the inserted rule reaches #b");
        assert_eq!(accessible_name(&b), "B (new)");
    }
    // Rules in a shadow tree that reach the host, slotted children and parts.
    for (shadow, light_style, probe, want) in [
        (r#"<style>:host::before{content:"H"}</style><slot></slot>"#, "", "#h", true),
        (r#"<style>::slotted(*)::after{content:"S"}</style><slot></slot>"#, "", "#h > button", true),
        (r#"<span part="l">in</span><slot></slot>"#, r#"<style>#h::part(l)::before{content:"P"}</style>"#, "part", true),
        (r#"<style>b::before{content:"B"}</style><b>in</b><span>other</span><slot></slot>"#, "", "span", false),
        (r#"<style>b::before{content:"B"}</style><b>in</b><span>other</span><slot></slot>"#, "", "b", true),
        (r#"<span>in</span><slot></slot>"#, "", "#h > button", false),
    ] {
        let f = fixture(&format!(r#"{light_style}<div id="h" role="group"><button>light</button></div>"#));
        let host = f.query_selector("#h").unwrap().unwrap();
        let root = host.attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open)).unwrap();
        root.set_inner_html(shadow);
        let el = match probe {
            "#h" | "#h > button" => f.query_selector(probe).unwrap().unwrap(),
            "part" => root.query_selector("[part]").unwrap().unwrap(),
            other => root.query_selector(other).unwrap().unwrap(),
        };
        let _reads = batch();
        assert_eq!(may_generate_text(&el), want, "{shadow} {light_style}: {probe}");
    }
    fixture("");
}

#[wasm_bindgen_test]
fn names_in_a_read_batch_equal_names_outside() {
    let mut failures = Vec::new();
    let mut check_all = |html: &str, f: &web_sys::Element| {
        let outside: Vec<(String, String)> = all_elements(f).iter().map(|el| (accessible_name(el), accessible_name_full(el))).collect();
        let _reads = batch();
        for (el, want) in all_elements(f).iter().zip(outside) {
            let got = (accessible_name(el), accessible_name_full(el));
            if got != want {
                failures.push(format!("{html}\n    <{}>: in a batch {got:?}, outside {want:?}", el.local_name()));
            }
        }
    };
    for case in CASES {
        check_all(case.html, &fixture(case.html));
    }
    for html in SHORTCUT_FIXTURES.iter().chain(GENERATED_FIXTURES) {
        check_all(html, &generated_fixture(html));
    }
    fixture("");
    assert!(failures.is_empty(), "{} differences:\n{}", failures.len(), failures.join("\n"));
}

fn all_elements(f: &web_sys::Element) -> Vec<web_sys::Element> {
    let all = f.query_selector_all("*").unwrap();
    (0..all.length()).map(|i| all.item(i).unwrap().unchecked_into()).collect()
}

#[wasm_bindgen_test]
fn heading_levels() {
    for (html, level) in [
        (r#"<h4 id="t">x</h4>"#, Some(4)),
        (r#"<div id="t" role="heading" aria-level="5">x</div>"#, Some(5)),
        (r#"<h1 id="t" aria-level="3">x</h1>"#, Some(3)),
        (r#"<div id="t" role="heading">x</div>"#, Some(2)),
        (r#"<p id="t">x</p>"#, None),
    ] {
        assert_eq!(heading_level(&target(html, "#t")), level, "{html}");
    }
    fixture("");
}

#[wasm_bindgen_test]
fn hidden_detection() {
    for (html, hidden) in [
        (r#"<div id="t">shown</div>"#, false),
        (r#"<div hidden><span id="t">x</span></div>"#, true),
        (r#"<div style="display:none"><span id="t">x</span></div>"#, true),
        (r#"<span id="t" style="visibility:hidden">x</span>"#, true),
        (r#"<div aria-hidden="true"><button id="t">x</button></div>"#, true),
        (r#"<div inert><button id="t">x</button></div>"#, true),
        (r#"<select><option id="t">closed select option</option></select>"#, false),
        (r#"<div style="display:contents"><span id="t">x</span></div>"#, false),
    ] {
        assert_eq!(is_hidden(&target(html, "#t")), hidden, "{html}");
    }
    fixture("");
}

#[wasm_bindgen_test]
fn debug_exports_serialise_role_and_name() {
    let el = target(r#"<nav id="t" aria-label="Primary"></nav>"#, "#t");
    assert_eq!(bc_content::debug_role(&el).as_deref(), Some("navigation"));
    assert_eq!(bc_content::debug_name(&el), "Primary");
    let el = target(r#"<abbr id="t">x</abbr>"#, "#t");
    assert_eq!(bc_content::debug_role(&el), None);
    fixture("");
}

/// Nodes of a same-origin iframe live in another JS realm, where
/// `instanceof Element` is false: names must not depend on it.
#[wasm_bindgen_test]
fn names_inside_a_same_origin_iframe() {
    fixture(r#"<iframe id="fr"></iframe>"#);
    let document = web_sys::window().unwrap().document().unwrap();
    let iframe = document.get_element_by_id("fr").unwrap();
    let doc: web_sys::Document = js_sys::Reflect::get(&iframe, &"contentDocument".into()).unwrap().unchecked_into();
    doc.body().unwrap().set_inner_html(
        r#"<label for="e">Email address</label><input id="e">
           <button id="b">Send <b>now</b></button>
           <span id="l">Billing</span><nav id="n" aria-labelledby="l"></nav>"#,
    );
    let name = |id: &str| bc_content::aria::accessible_name(&doc.get_element_by_id(id).unwrap());
    assert_eq!(name("e"), "Email address");
    assert_eq!(name("b"), "Send now");
    assert_eq!(name("n"), "Billing");
}
