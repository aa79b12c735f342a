//! RoleSelector resolution (`bc_content::resolve`) and `getDetails` on real
//! DOM: a table of (fixture, selector) → the ids of the elements it must
//! match, in order, with Playwright `getByRole`/`getByText` semantics; then
//! shadow DOM, frames, errors, and the property that every detail selector
//! of every reported control resolves back to exactly that control.

mod common;

use bc_content::resolve::{self, details};
use bc_core::selector::SelectorError;
use bc_core::types::RoleSelector;
use common::fixture;
use serde_json::{json, Value};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Document, Element};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

fn sel(v: Value) -> RoleSelector {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("selector {v}: {e}"))
}

/// The ids (or `<tag>`) of what `selector` matches.
fn ids(selector: Value) -> Vec<String> {
    resolve::resolve(&document(), &sel(selector.clone()))
        .unwrap_or_else(|e| panic!("{selector}: {e}"))
        .iter()
        .map(|el| if el.id().is_empty() { format!("<{}>", el.local_name()) } else { el.id() })
        .collect()
}

/// (fixture, [(selector, expected ids)]).
type Case = (&'static str, Vec<(Value, Vec<&'static str>)>);

fn cases() -> Vec<Case> {
    vec![
        (
            r#"<button id=b1>Save</button><div role=button id=b2 tabindex=0>Save draft</div>
               <button id=b3 hidden>Save</button><button id=b4 style="display:none">Save</button>
               <span aria-hidden=true><button id=b5>Save</button></span>
               <div style="visibility:hidden"><button id=b6>Save</button></div>
               <button id=b7 role=none>Save   copy</button>"#,
            vec![
                (json!({"kind":"role","role":"button"}), vec!["b1", "b2", "b7"]),
                (json!({"kind":"role","role":"button","name":"save"}), vec!["b1", "b2", "b7"]),
                (json!({"kind":"role","role":"button","name":"Save","nameMode":"exact"}), vec!["b1"]),
                (json!({"kind":"role","role":"button","name":"save copy","nameMode":"exact"}), vec![]),
                (json!({"kind":"role","role":"button","name":"Save copy","nameMode":"exact"}), vec!["b7"]),
                (json!({"kind":"role","role":"button","name":"/^save d/i","nameMode":"regex"}), vec!["b2"]),
                (json!({"kind":"role","role":"button","name":"draft$","nameMode":"regex"}), vec!["b2"]),
                (json!({"kind":"role","role":"button","name":"save","nth":1}), vec!["b2"]),
                (json!({"kind":"role","role":"button","name":"save","nth":5}), vec![]),
                (json!({"kind":"role","role":"BUTTON","name":"Save draft"}), vec!["b2"]),
                (json!({"kind":"role","role":"no-such-role"}), vec![]),
            ],
        ),
        (
            r#"<input id=i1 type=submit value=Go><input id=i2 type=text aria-label=Query>
               <input id=i3 type=search aria-label=Find><input id=i4 type=checkbox aria-label=Agree checked>
               <input id=i5 type=checkbox aria-label=News><label for=i6>Email</label><input id=i6 type=email>
               <label><input id=i7 type=radio name=r> Card</label><select id=i8 aria-label=Size><option id=o1>S</option><option id=o2 selected>M</option></select>
               <input id=i9 type=range aria-label=Volume><input id=i10 type=number aria-label=Qty>
               <input id=i11 type=password aria-label=Secret value=hunter2>"#,
            vec![
                (json!({"kind":"role","role":"button","name":"Go"}), vec!["i1"]),
                (json!({"kind":"role","role":"textbox"}), vec!["i2", "i6", "i11"]),
                (json!({"kind":"role","role":"searchbox"}), vec!["i3"]),
                (json!({"kind":"role","role":"checkbox","checked":true}), vec!["i4"]),
                (json!({"kind":"role","role":"checkbox","checked":false}), vec!["i5"]),
                (json!({"kind":"role","role":"textbox","name":"Email","nameMode":"exact"}), vec!["i6"]),
                (json!({"kind":"role","role":"radio","name":"Card"}), vec!["i7"]),
                (json!({"kind":"role","role":"combobox","name":"Size"}), vec!["i8"]),
                (json!({"kind":"role","role":"option","selected":true}), vec!["o2"]),
                (json!({"kind":"role","role":"slider"}), vec!["i9"]),
                (json!({"kind":"role","role":"spinbutton","name":"qty"}), vec!["i10"]),
                // A password's value is never a name, nor text to match.
                (json!({"kind":"role","role":"textbox","name":"hunter2"}), vec![]),
                (json!({"kind":"text","text":"hunter2"}), vec![]),
            ],
        ),
        (
            r#"<button id=d1 disabled>A</button><fieldset disabled><button id=d2>B</button></fieldset>
               <div aria-disabled=true><button id=d3>C</button></div><button id=d4>D</button>
               <button id=p1 aria-pressed=true>Bold</button><button id=p2 aria-pressed=mixed>Under</button>
               <button id=x1 aria-expanded=true>Menu</button><button id=x2 aria-expanded=false>More</button>"#,
            vec![
                (json!({"kind":"role","role":"button","disabled":true}), vec!["d1", "d2", "d3"]),
                (json!({"kind":"role","role":"button","disabled":false,"name":"d","nameMode":"exact"}), vec![]),
                (json!({"kind":"role","role":"button","disabled":false,"name":"D","nameMode":"exact"}), vec!["d4"]),
                (json!({"kind":"role","role":"button","pressed":true}), vec!["p1"]),
                // Not pressed: no aria-pressed at all counts as false, mixed is neither.
                (json!({"kind":"role","role":"button","pressed":false,"name":"/^(Bold|Under|Menu)$/","nameMode":"regex"}), vec!["x1"]),
                (json!({"kind":"role","role":"button","expanded":false}), vec!["x2"]),
                (json!({"kind":"role","role":"button","expanded":true}), vec!["x1"]),
            ],
        ),
        (
            r#"<h1 id=h1>Title</h1><h2 id=h2 aria-level=4>Sub</h2><div role=heading aria-level=3 id=h3>Deep</div>
               <details id=dt1 open><summary>More</summary>x</details>"#,
            vec![
                (json!({"kind":"role","role":"heading"}), vec!["h1", "h2", "h3"]),
                (json!({"kind":"role","role":"heading","level":2}), vec!["h2"]),
                (json!({"kind":"role","role":"heading","level":3}), vec!["h3"]),
                (json!({"kind":"role","role":"group","expanded":true}), vec!["dt1"]),
            ],
        ),
        (
            r#"<header><a id=hd href=#>Home</a></header><nav><a id=n1 href=#>Home</a></nav>
               <main><a id=m1 href=#>Home</a><nav aria-label=Breadcrumb><a id=mb href=#>Home</a></nav>
               <article><footer><a id=af href=#>Home</a></footer></article></main>
               <footer><a id=f1 href=#>Home</a></footer>"#,
            vec![
                (json!({"kind":"role","role":"link","name":"Home"}), vec!["hd", "n1", "m1", "mb", "af", "f1"]),
                (json!({"kind":"role","role":"link","name":"Home","withinLandmark":"nav"}), vec!["n1", "mb"]),
                (json!({"kind":"role","role":"link","name":"Home","withinLandmark":"header"}), vec!["hd"]),
                // The landmark's whole region, a nav nested in it too (as
                // Playwright scopes); a footer inside an article is no
                // contentinfo: its link is in main.
                (json!({"kind":"role","role":"link","name":"Home","withinLandmark":"main"}), vec!["m1", "mb", "af"]),
                (json!({"kind":"role","role":"link","name":"Home","withinLandmark":"footer"}), vec!["f1"]),
                (json!({"kind":"role","role":"link","name":"Home","withinLandmark":"main","nth":2}), vec!["af"]),
                (json!({"kind":"role","role":"navigation"}), vec!["<nav>", "<nav>"]),
            ],
        ),
        (
            r#"<div id=t0><p id=t1>Add <b>to</b> cart</p><span id=t2>Add to cart now</span>
               <span id=t3 style="display:none">Add to cart</span></div>
               <input id=t4 type=submit value="Add to cart"><div id=t5>Checkout <span id=t6>Add to cart</span></div>
               <script>/* Add to cart */</script>"#,
            vec![
                (json!({"kind":"text","text":"add  to CART"}), vec!["t1", "t2", "t4", "t6"]),
                (json!({"kind":"text","text":"Checkout"}), vec!["t5"]),
                (json!({"kind":"text","text":"add to cart","nth":2}), vec!["t4"]),
                (json!({"kind":"css","css":"#t0 > span"}), vec!["t2", "t3"]),
                (json!({"kind":"css","css":"p#t1 b"}), vec!["<b>"]),
                // Quoted: the whole text (any case), smallest element.
                (json!({"kind":"text","text":"\"add to CART\""}), vec!["t1", "t4", "t6"]),
                (json!({"kind":"text","text":"\"Checkout\""}), vec![]),
            ],
        ),
        (
            // Labels beside fields, not tied to them (issue 45).
            r#"<div><label>User name</label> <input id=n1></div>
               <div>E-mail:<br><input id=n2></div>
               <table><tr><td>City *</td><td><input id=n3></td></tr></table>
               <div><input type=checkbox id=n4> Blue <input type=checkbox id=n5> Red</div>
               <div>Phone</div><div><input id=n6></div>
               <div><span>Name</span> <button>Go</button> <input id=n7></div>
               <p>A long sentence that explains the form in detail and is no label at all here.</p><input id=n8>"#,
            vec![
                (json!({"kind":"near","role":"textbox","label":"username"}), vec!["n1"]),
                (json!({"kind":"near","role":"textbox","label":"email"}), vec!["n2"]),
                (json!({"kind":"near","role":"textbox","label":"City"}), vec!["n3"]),
                (json!({"kind":"near","role":"checkbox","label":"blue"}), vec!["n4"]),
                (json!({"kind":"near","role":"checkbox","label":"Red"}), vec!["n5"]),
                (json!({"kind":"near","role":"textbox","label":"phone"}), vec!["n6"]),
                // Another control between the text and the field: not its label.
                (json!({"kind":"near","role":"textbox","label":"Name"}), vec!["n1"]),
                (json!({"kind":"near","role":"textbox","label":"sentence"}), vec![]),
                (json!({"kind":"near","role":"textbox","label":"user"}), vec!["n1"]),
                (json!({"kind":"near","role":"checkbox","label":"Blue","nth":1}), vec![]),
            ],
        ),
    ]
}

#[wasm_bindgen_test]
fn selectors_match_as_playwright_would() {
    let mut failures = Vec::new();
    for (html, checks) in cases() {
        fixture(html);
        for (selector, want) in checks {
            let got = ids(selector.clone());
            if got != want {
                failures.push(format!("{selector}\n    want {want:?}\n    got  {got:?}"));
            }
        }
    }
    fixture("");
    assert!(failures.is_empty(), "{} selector(s) resolved wrong:\n{}", failures.len(), failures.join("\n"));
}

/// A log of 30,000 characters holding the words is no text match (nobody
/// names a target by ten pages of text), while a control beside it and a
/// paragraph of ordinary length still are.
#[wasm_bindgen_test]
fn huge_text_is_a_way_down_not_a_match() {
    let line = "request failed: Clear log and retry\n".repeat(1000);
    fixture(&format!(
        r#"<main id=m><pre id=log>{line}</pre><button id=clear>Clear log</button>
           <p id=p>Before you retry, Clear log entries older than a day.</p></main>"#
    ));
    assert_eq!(ids(json!({"kind":"text","text":"Clear log"})), ["clear", "p"]);
    assert_eq!(ids(json!({"kind":"role","role":"button","name":"Clear log"})), ["clear"]);
    fixture("");
}

/// While a modal dialog is open, matches inside it are a selector's only
/// ones; a selector that matches only behind it still finds those (the
/// action then says the dialog covers them).
#[wasm_bindgen_test]
fn a_modal_dialog_wins_over_the_page_behind_it() {
    fixture(
        r#"<main><button id=save>Save</button><a id=behind href="/cookies">Cookie policy</a></main>
        <dialog id=d><a id=inside href="/cookies">Cookie policy</a><button id=ok>OK</button></dialog>"#,
    );
    common::dialog("d", "showModal");
    assert_eq!(ids(json!({"kind":"text","text":"Cookie policy"})), ["inside"]);
    assert_eq!(ids(json!({"kind":"role","role":"link","name":"Cookie policy"})), ["inside"]);
    assert_eq!(ids(json!({"kind":"css","css":"a"})), ["inside"]);
    assert_eq!(ids(json!({"kind":"role","role":"button","name":"Save"})), ["save"], "behind only: still found");
    common::dialog("d", "close");
    assert_eq!(ids(json!({"kind":"role","role":"link","name":"Cookie policy"})), ["behind"]);
    fixture("");
}

#[wasm_bindgen_test]
fn bad_selectors_say_what_is_wrong() {
    fixture("<button>Go</button>");
    let err = |v: Value| resolve::resolve(&document(), &sel(v)).unwrap_err();
    assert!(matches!(err(json!({"kind":"css","css":"[[nope"})), SelectorError::BadCss { .. }));
    let re = err(json!({"kind":"role","role":"button","name":"(unclosed","nameMode":"regex"}));
    assert!(matches!(&re, SelectorError::BadRegex { pattern, .. } if pattern == "(unclosed"), "{re:?}");
    assert!(re.to_string().contains("(unclosed"), "{re}");
    assert_eq!(err(json!({"kind":"text","text":"  "})), SelectorError::EmptyText);
    let missing = err(json!({"kind":"role","role":"button","framePath":["iframe#nowhere"]}));
    assert!(matches!(missing, SelectorError::FrameNotFound { ref step, .. } if step == "iframe#nowhere"), "{missing:?}");
}

fn attach_shadow(host: &Element, html: &str) {
    let init = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    host.attach_shadow(&init).unwrap().set_inner_html(html);
}

#[wasm_bindgen_test]
fn open_shadow_roots_are_searched_after_their_tree_like_playwright() {
    let fx = fixture(r#"<main><button id=s0>Buy</button><div id=host></div><button id=s2>Buy</button></main>"#);
    let host = fx.query_selector("#host").unwrap().unwrap();
    attach_shadow(&host, "<button id=s1>Buy</button><div id=inner></div>");
    let inner = host.shadow_root().unwrap().get_element_by_id("inner").unwrap();
    attach_shadow(&inner, "<a id=s3 href=#>Buy</a>");
    // Playwright visits a tree's light elements, then each shadow root.
    assert_eq!(ids(json!({"kind":"role","role":"button","name":"Buy"})), ["s0", "s2", "s1"]);
    assert_eq!(ids(json!({"kind":"role","role":"link","name":"Buy","withinLandmark":"main"})), ["s3"]);
    assert_eq!(ids(json!({"kind":"text","text":"Buy"})), ["s0", "s2", "s1", "s3"]);
    assert_eq!(ids(json!({"kind":"css","css":"button"})).len(), 3);
    // `nth` counts in the same order (matches come lazily: the search stops
    // at the one asked for).
    for (n, want) in [(0, "s0"), (1, "s2"), (2, "s1")] {
        assert_eq!(ids(json!({"kind":"role","role":"button","name":"Buy","nth":n})), [want]);
    }
    assert_eq!(ids(json!({"kind":"role","role":"button","name":"Buy","nth":3})), Vec::<String>::new());
    assert_eq!(ids(json!({"kind":"text","text":"Buy","nth":3})), ["s3"]);
    assert_eq!(ids(json!({"kind":"role","role":"link","name":"Buy","withinLandmark":"main","nth":0})), ["s3"]);
    // getDetails of the shadow button: unique by role + name + nth.
    let s1 = host.shadow_root().unwrap().get_element_by_id("s1").unwrap();
    let d = details::detail_of(&document(), "a1", &s1);
    let back = resolve::resolve(&document(), &d.selector).unwrap();
    assert_eq!(back, vec![s1], "{:?}", d.selector);
    assert_eq!(d.landmark, Some(bc_core::types::Landmark::Main));
    fixture("");
}

/// `depth` shadow roots, each hosting the next (as component apps nest
/// them), the last holding `html`; the innermost root.
fn nest_shadow_roots(host: &Element, depth: usize, html: &str) -> web_sys::ShadowRoot {
    let mut host = host.clone();
    for level in 1..=depth {
        let init = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
        let root = host.attach_shadow(&init).unwrap();
        if level == depth {
            root.set_inner_html(html);
            return root;
        }
        root.set_inner_html(&format!("<x-level-{level}></x-level-{level}>"));
        host = root.first_element_child().unwrap();
    }
    unreachable!("depth ≥ 1")
}

#[wasm_bindgen_test]
fn controls_twenty_shadow_roots_down_are_found_and_resolved() {
    let fx = fixture(r#"<main><div id=app></div></main>"#);
    let inner = nest_shadow_roots(&fx.query_selector("#app").unwrap().unwrap(), 20, r#"<button id=deep aria-pressed=false>Ceiling light</button>"#);
    let deep = inner.get_element_by_id("deep").unwrap();
    let (facts, _) = bc_content::pcd::collect(&document());
    let names: Vec<&str> = facts.controls.iter().map(|c| c.name.as_str()).collect();
    assert!(names.contains(&"Ceiling light"), "the collector reads 20 roots down: {names:?}");
    let sel = json!({"kind":"role","role":"button","name":"Ceiling light"});
    assert_eq!(resolve::resolve(&document(), &serde_json::from_value(sel).unwrap()).unwrap(), vec![deep.clone()]);
    let d = details::detail_of(&document(), "a1", &deep);
    assert_eq!(resolve::resolve(&document(), &d.selector).unwrap(), vec![deep], "{:?}", d.selector);
    fixture("");
}

#[wasm_bindgen_test]
fn frame_path_leads_into_same_origin_frames() {
    let fx = fixture(r#"<button id=top>Pay</button>"#);
    let frame = document().create_element("iframe").unwrap();
    frame.set_attribute("name", "checkout").unwrap();
    frame.set_attribute("style", "position:absolute;left:100px;top:200px;border:0").unwrap();
    fx.append_child(&frame).unwrap();
    // about:blank is same-origin and ready at once.
    let doc: Document = js_sys::Reflect::get(&frame, &"contentDocument".into()).unwrap().unchecked_into();
    doc.body().unwrap().set_inner_html(r#"<button id=inside style="margin:0">Pay</button>"#);
    let path = json!(["iframe[name=\"checkout\"]"]);
    assert_eq!(ids(json!({"kind":"role","role":"button","name":"Pay"})), ["top"]);
    assert_eq!(ids(json!({"kind":"role","role":"button","name":"Pay","framePath":path})), ["inside"]);
    let r = resolve::describe(&document(), &sel(json!({"kind":"role","role":"button","framePath":path}))).unwrap();
    assert_eq!(r.count, 1);
    let m = &r.matches[0];
    assert_eq!((m.role.as_deref(), m.name.as_str(), m.tag.as_str()), (Some("button"), "Pay", "button"));
    let fr = frame.get_bounding_client_rect();
    assert!(m.rect.x >= fr.left() + 100.0 - 101.0 && m.rect.y >= fr.top(), "rect in top viewport: {:?} vs frame {},{}", m.rect, fr.left(), fr.top());
    assert!((m.rect.y - fr.top()).abs() < 30.0, "{:?}", m.rect);
    // getDetails inside the frame carries the frame path.
    let inside = doc.get_element_by_id("inside").unwrap();
    let d = details::detail_of(&document(), "a9", &inside);
    assert_eq!(serde_json::to_value(&d.frame_path).unwrap(), path);
    assert_eq!(resolve::resolve(&document(), &d.selector).unwrap(), vec![inside]);
    fixture("");
}

#[wasm_bindgen_test]
fn describe_counts_everything_and_reports_the_first_matches() {
    let html: String = (0..30).map(|i| format!("<button>Item {i}</button>")).collect();
    fixture(&html);
    let r = resolve::describe(&document(), &sel(json!({"kind":"role","role":"button","name":"item"}))).unwrap();
    assert_eq!(r.count, 30);
    assert_eq!(r.matches.len(), resolve::MAX_REPORTED);
    assert_eq!(r.matches[3].name, "Item 3");
    assert!(r.matches[3].rect.width > 0.0);
    fixture("");
}

/// Every control the collector reports gets a primary selector that comes
/// back to exactly it, and alternatives that do too.
#[wasm_bindgen_test]
fn every_detail_selector_resolves_back_to_its_element() {
    fixture(
        r#"<header><nav><a href="/">Home</a><a href="/cart">Cart</a></nav></header>
        <main><h1>Shop</h1>
          <ul class=grid>
            <li><h3>Lamp</h3><span>$10</span><button>Add to cart</button></li>
            <li><h3>Desk</h3><span>$90</span><button>Add to cart</button></li>
            <li><h3>Chair</h3><span>$40</span><button>Add to cart</button></li>
          </ul>
          <a href="/">Home</a>
          <form><label>Email <input type=email name=email></label><input type=checkbox>
            <div class=fake style="cursor:pointer" onclick="void 0">More options</div>
            <button type=submit>Subscribe</button></form>
        </main><footer><a href="/help">Help</a><a href="/">Home</a></footer>"#,
    );
    let doc = document();
    let (facts, _) = bc_content::pcd::collect(&doc);
    let facts_now = bc_content::pcd::collect_current(&doc);
    assert_eq!(facts.controls.len(), facts_now.controls.len());
    let mut failures = Vec::new();
    for c in &facts_now.controls {
        let el = bc_content::pcd::current_element(c.key).unwrap();
        let d = details::detail_of(&doc, "x", &el);
        let all = std::iter::once(&d.selector).chain(d.alt_selectors.iter().flatten());
        for s in all {
            match resolve::resolve(&doc, s) {
                Ok(found) if found == vec![el.clone()] => {}
                other => failures.push(format!("{:?} {:?}: {s:?} → {:?}", c.role, c.name, other.map(|v| v.len()))),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Readable first: the nav's Home link is scoped by landmark, the third
    // Add to cart is the third match.
    let built = bc_core::pcd::build(&facts_now, 1.0);
    let ids_all: Vec<String> = built.mini.actions.iter().map(|a| a.id.clone()).collect();
    let got = details::details(&doc, &built, &ids_all).unwrap();
    let by_label = |label: &str| -> Value {
        let a = built.mini.actions.iter().find(|a| a.label == label).unwrap_or_else(|| panic!("no action {label}: {:?}", built.mini.actions));
        serde_json::to_value(&got.iter().find(|d| d.id == a.id).unwrap().selector).unwrap()
    };
    assert_eq!(by_label("Cart"), json!({"kind":"role","role":"link","name":"Cart","nameMode":"exact"}));
    assert_eq!(by_label("Subscribe"), json!({"kind":"role","role":"button","name":"Subscribe","nameMode":"exact"}));
    assert_eq!(by_label("More options"), json!({"kind":"text","text":"More options"}));
    let err = details::details(&doc, &built, &["zzzz".to_owned()]).unwrap_err();
    assert!(err.to_string().contains("zzzz") && err.to_string().contains("getMiniPCD"), "{err}");
    fixture("");
}
