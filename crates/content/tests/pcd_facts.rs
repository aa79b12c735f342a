//! The MiniPCD page-facts collector (`bc_content::pcd::collect`) on real DOM
//! fixtures: HTML in, expected fragments of `PageFacts` out. Fixtures live
//! in `div#fixture` (the runner reports through the body). Also checks that
//! no form value leaves the page and prints the time for a 10k-element page.

mod common;

use common::fixture;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Document;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Collects the page and returns the facts as JSON (the wire shape).
fn facts() -> Value {
    let (facts, registry) = bc_content::pcd::collect(&document());
    assert!(registry.len() >= facts.controls.len());
    serde_json::to_value(facts).unwrap()
}

fn collect(html: &str) -> Value {
    fixture(html);
    facts()
}

fn controls(f: &Value) -> &Vec<Value> {
    f["controls"].as_array().unwrap()
}

/// The one control named `name` (fails if absent or ambiguous).
fn control<'a>(f: &'a Value, name: &str) -> &'a Value {
    let hits: Vec<&Value> = controls(f).iter().filter(|c| c["name"] == name).collect();
    assert_eq!(hits.len(), 1, "control {name:?}: {}", names(f).join(" | "));
    hits[0]
}

fn names(f: &Value) -> Vec<String> {
    controls(f)
        .iter()
        .map(|c| c["name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Checks that each `(field, value)` of `expected` is in `actual`.
fn has(actual: &Value, expected: Value) {
    for (k, v) in expected.as_object().unwrap() {
        assert_eq!(&actual[k], v, "field {k} of {actual}");
    }
}

#[wasm_bindgen_test]
fn native_and_aria_widgets() {
    let f = collect(
        r#"<main><h1>Widgets</h1>
        <button>Save</button>
        <a href="/docs/intro?x=1#top">Docs</a>
        <a href="https://example.org/x">Elsewhere</a>
        <input type="checkbox" id="rm" checked><label for="rm">Remember me</label>
        <div role="button" tabindex="0">Custom</div>
        <span role="switch" aria-checked="true" aria-label="Dark mode" tabindex="0"></span>
        <div role="tablist"><div role="tab" aria-selected="true">Overview</div></div>
        <input type="text" aria-label="City">
        <select aria-label="Country"><option>France</option></select>
        <button disabled>Disabled one</button>
        <button aria-expanded="false" aria-haspopup="menu">More</button>
        <button title="Close"><svg width="10" height="10"></svg></button>
        <button title="Tip">Shown</button>
        <a href="/cart"><span aria-label="Basket icon"></span></a>
        <details><summary>Details</summary>x</details>
        <div hidden><button>Hidden one</button></div>
        <div aria-hidden="true"><button>Aria hidden</button></div>
        <div inert><button>Inert one</button></div>
        <button aria-hidden="TRUE">Upper hidden</button>
        <div aria-hidden="false"><button>Not hidden</button></div>
        <button style="display:none">Display none</button>
        <button style="visibility:hidden">Invisible</button>
        </main>"#,
    );
    let rows = [
        (
            "Save",
            json!({"role": "button", "tag": "button", "landmark": "main", "heading": "Widgets", "clickable": false, "aria": false}),
        ),
        (
            "Docs",
            json!({"role": "link", "tag": "a", "hrefPath": "/docs/intro", "hrefOrigin": null}),
        ),
        (
            "Elsewhere",
            json!({"role": "link", "hrefPath": "/x", "hrefOrigin": "https://example.org"}),
        ),
        (
            "Remember me",
            json!({"role": "checkbox", "tag": "input", "inputType": "checkbox", "checked": true}),
        ),
        (
            "Custom",
            json!({"role": "button", "tag": "div", "clickable": false, "aria": true}),
        ),
        (
            "Dark mode",
            json!({"role": "switch", "checked": true, "aria": true}),
        ),
        ("Overview", json!({"role": "tab"})),
        ("City", json!({"role": "textbox", "inputType": "text"})),
        ("Country", json!({"role": "combobox", "tag": "select"})),
        ("Disabled one", json!({"disabled": true})),
        ("More", json!({"expanded": false, "hasPopup": "menu"})),
        ("Close", json!({"iconHint": "Close"})),
        // A hint only where no text shows.
        ("Shown", json!({"iconHint": null})),
        ("Basket icon", json!({"tag": "a", "hrefPath": "/cart", "iconHint": "Basket icon"})),
        ("Details", json!({"tag": "summary", "expanded": false})),
        ("Not hidden", json!({"role": "button"})),
    ];
    for (name, expected) in rows {
        has(control(&f, name), expected);
    }
    let all = names(&f);
    for hidden in [
        "Hidden one",
        "Aria hidden",
        "Inert one",
        "Upper hidden",
        "Display none",
        "Invisible",
    ] {
        assert!(
            !all.iter().any(|n| n == hidden),
            "{hidden} is hidden: {all:?}"
        );
    }
    // Document order, unique keys.
    let order: Vec<&str> = all
        .iter()
        .map(String::as_str)
        .filter(|n| ["Save", "Docs", "More"].contains(n))
        .collect();
    assert_eq!(order, ["Save", "Docs", "More"]);
    let mut keys: Vec<u64> = controls(&f)
        .iter()
        .map(|c| c["key"].as_u64().unwrap())
        .collect();
    keys.dedup();
    assert_eq!(keys.len(), controls(&f).len());
}

/// The cells of a grid a user moves through (`tabindex`, also `-1`: a
/// roving focus) are controls, as Chromium exposes them (the APG date
/// pickers' days); cells of plain tables, and a grid's cells nobody can
/// focus, are not.
#[wasm_bindgen_test]
fn focusable_grid_cells() {
    let f = collect(
        r#"<main><table role="grid" aria-label="March 2026">
        <tr><th tabindex="-1">Su</th><th>Mo</th></tr>
        <tr><td tabindex="-1">1</td><td tabindex="0" aria-selected="true">2</td><td>3</td>
            <td><table><tr><td tabindex="-1">Nested</td></tr></table></td></tr>
        </table>
        <div role="treegrid"><div role="row"><span role="rowheader" tabindex="-1">Inbox</span></div></div>
        <table><tr><td tabindex="-1">Plain</td><th tabindex="-1">Plain head</th></tr></table></main>"#,
    );
    has(control(&f, "Su"), json!({"role": "columnheader", "clickable": false}));
    has(control(&f, "1"), json!({"role": "gridcell", "clickable": false}));
    has(control(&f, "2"), json!({"role": "gridcell"}));
    has(control(&f, "Inbox"), json!({"role": "rowheader"}));
    let all = names(&f);
    for not in ["Mo", "3", "Nested", "Plain", "Plain head"] {
        assert!(!all.iter().any(|n| n == not), "{not} is no control: {all:?}");
    }
}

/// Which `role` attributes make candidates (the browser's query, see
/// `discover::role_test`): a role naming no widget makes no control
/// (unless a click signal does); a widget token counts in a fallback list
/// or among stray whitespace (space, tab) as it does alone; an ARIA grid's
/// cells need a `tabindex` as native ones do.
#[wasm_bindgen_test]
fn role_attributes_that_name_no_widget_make_no_control() {
    let f = collect(
        r#"<main><div role="list"><div role="listitem">Item one</div></div>
        <div role="region" aria-label="Area">Area text</div>
        <div role="img" aria-label="Logo"></div>
        <div role="note" onclick="void 0">Clickable note</div>
        <div role="row" tabindex="0">Focusable row</div>
        <div role="fancy button" tabindex="-1">Fallback token</div>
        <span role=" link ">Spaced link</span>
        <span role="fancy&#9;switch" aria-checked="false">Tabbed switch</span>
        <div role="listbox" aria-label="Fruit"><div role="option">Apple</div></div>
        <div role="grid" aria-label="Plan"><div role="row">
          <span role="gridcell">Quiet cell</span><span role="gridcell" tabindex="-1">Focus cell</span></div></div>
        </main>"#,
    );
    has(control(&f, "Clickable note"), json!({"role": "note", "clickable": true}));
    has(control(&f, "Focusable row"), json!({"role": "row", "clickable": true}));
    has(control(&f, "Fallback token"), json!({"role": "button", "clickable": false}));
    has(control(&f, "Spaced link"), json!({"role": "link", "clickable": false}));
    has(control(&f, "Tabbed switch"), json!({"role": "switch", "clickable": false}));
    has(control(&f, "Fruit"), json!({"role": "listbox"}));
    has(control(&f, "Apple"), json!({"role": "option", "clickable": false}));
    has(control(&f, "Focus cell"), json!({"role": "gridcell"}));
    let all = names(&f);
    for not in ["Item one", "Area", "Logo", "Quiet cell"] {
        assert!(!all.iter().any(|n| n == not), "{not} is no control: {all:?}");
    }
}

/// A link's `hrefPath` and `external` agree with the browser's own
/// `origin`/`pathname` of the link, whatever form its `href` takes (the
/// collector cuts http(s) URLs itself and asks the browser for the rest).
#[wasm_bindgen_test]
fn link_targets_agree_with_the_browser() {
    let hrefs = [
        "/docs/intro?x=1#top",
        "docs/relative",
        "",
        "?only=query",
        "#frag",
        "HTTPS://Example.COM/A/b?c#d",
        "https://user:pw@example.com:443/x",
        "http://example.com:80",
        "http://example.com:8080/p/",
        "https://xn--bcher-kva.example/p",
        "https://bücher.example/ü",
        "http://[::1]:3000/v6",
        "https://example.com/%7Euser/a%20b",
        "mailto:someone@example.com",
        "tel:+15550100",
        "javascript:void(0)",
        "blob:https://example.com/1234",
        "data:text/html,hi",
        "ftp://files.example/readme",
        "http://",
    ];
    let html: String = hrefs
        .iter()
        .enumerate()
        .map(|(i, h)| format!(r#"<a href="{}">Link {i}</a> "#, h.replace('"', "&quot;")))
        .collect();
    let f = collect(&html);
    let origin = web_sys::window().unwrap().location().origin().unwrap();
    for (i, href) in hrefs.iter().enumerate() {
        let a = document()
            .query_selector(&format!("#fixture a:nth-of-type({})", i + 1))
            .unwrap()
            .unwrap();
        let get = |p: &str| js_sys::Reflect::get(&a, &p.into()).unwrap().as_string().unwrap();
        let (b_origin, b_path) = (get("origin"), get("pathname"));
        let c = control(&f, &format!("Link {i}"));
        assert_eq!(c["hrefPath"], json!(b_path), "{href:?}: {c}");
        // Another site's links carry its origin (cluster keys); the page's own and opaque ones none.
        let other = (b_origin != "null" && b_origin != origin).then_some(b_origin.clone());
        assert_eq!(c["hrefOrigin"], json!(other), "{href:?} (origin {b_origin}): {c}");
    }
}

#[wasm_bindgen_test]
fn clickables_on_aria_poor_page() {
    let f = collect(
        r#"<div class="app"><div class="title">Mail</div>
        <div onclick="void 0">Open inbox</div>
        <div style="cursor:pointer" class="tile"><span>Reports</span></div>
        <span tabindex="0">Settings</span>
        <div style="cursor:pointer" class="card"><div>Quarterly plan</div><div>Due Friday</div></div>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Profile" style="cursor:pointer;width:10px;height:10px">
        <div>Not clickable</div>
        <div tabindex="-1">Not focusable either</div>
        <button style="cursor:pointer"><span>Real button</span></button>
        <div style="cursor:pointer" class="buttons"><button title="Copy to clipboard" style="visibility:hidden"></button></div>
        <div style="cursor:pointer" class="buttons"><button title="Run this code"></button></div>
        </div>"#,
    );
    for name in [
        "Open inbox",
        "Reports",
        "Settings",
        "Quarterly plan Due Friday",
        "Profile",
    ] {
        has(control(&f, name), json!({"clickable": true}));
    }
    has(
        control(&f, "Real button"),
        json!({"clickable": false, "role": "button"}),
    );
    has(control(&f, "Reports"), json!({"tag": "div"}));
    let all = names(&f);
    for absent in [
        "Not clickable",
        "Not focusable either",
        "Mail",
        "Quarterly plan",
        "Due Friday",
    ] {
        assert!(
            !all.iter().any(|n| n == absent),
            "{absent} is not clickable: {all:?}"
        );
    }
    // A pointer region around real controls (mdBook's code-block buttons,
    // shown on hover) is not one more control: its buttons are the
    // controls, reported when they show.
    has(control(&f, "Run this code"), json!({"clickable": false, "role": "button", "tag": "button"}));
    assert_eq!(all.iter().filter(|n| n.contains("Run this code")).count(), 1, "{all:?}");
    let wrappers: Vec<&Value> = controls(&f).iter().filter(|c| c["tag"] == "div" && c["name"] == "").collect();
    assert!(wrappers.is_empty(), "the wrappers are no controls: {wrappers:?}");
}

/// Past the control cap, a page of links still shows its `cursor:pointer`
/// toolbar button: clickables are looked for whatever the semantic count,
/// and the first controls in document order are the ones kept.
#[wasm_bindgen_test]
fn clickables_found_when_links_fill_the_cap() {
    let links: String = (0..2100).map(|i| format!("<a href='/p/{i}'>Page {i}</a> ")).collect();
    let f = collect(&format!(
        r#"<div class="bar"><div style="cursor:pointer">Export all</div></div><p>{links}</p>"#
    ));
    has(control(&f, "Export all"), json!({"clickable": true, "tag": "div"}));
    let all = names(&f);
    assert_eq!(all.len(), 2000, "the cap");
    assert_eq!(all.first().map(String::as_str), Some("Export all"));
    assert_eq!(all.last().map(String::as_str), Some("Page 1998"), "the last link kept");
}

#[wasm_bindgen_test]
fn open_shadow_roots_nested_and_closed() {
    let fx = fixture(
        r#"<main><button>Before</button><div id="host"></div><button>After</button><div id="closed"></div></main>"#,
    );
    let doc = document();
    let open = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    let host = fx.query_selector("#host").unwrap().unwrap();
    let sr = host.attach_shadow(&open).unwrap();
    sr.set_inner_html(r#"<button>Shadow buy</button><span id="inner"></span>"#);
    let inner = sr.get_element_by_id("inner").unwrap();
    inner
        .attach_shadow(&open)
        .unwrap()
        .set_inner_html(r#"<a href="/deep">Deep link</a>"#);
    let closed = fx.query_selector("#closed").unwrap().unwrap();
    closed
        .attach_shadow(&web_sys::ShadowRootInit::new(
            web_sys::ShadowRootMode::Closed,
        ))
        .unwrap()
        .set_inner_html("<button>Closed secret</button>");
    let _ = doc;
    let f = facts();
    has(
        control(&f, "Shadow buy"),
        json!({"inShadow": true, "landmark": "main", "role": "button"}),
    );
    has(
        control(&f, "Deep link"),
        json!({"inShadow": true, "hrefPath": "/deep"}),
    );
    has(control(&f, "Before"), json!({"inShadow": false}));
    let all = names(&f);
    assert!(
        !all.contains(&"Closed secret".to_owned()),
        "closed roots are opaque: {all:?}"
    );
    let pos = |n: &str| all.iter().position(|x| x == n).unwrap();
    assert!(
        pos("Before") < pos("Shadow buy")
            && pos("Shadow buy") < pos("Deep link")
            && pos("Deep link") < pos("After"),
        "{all:?}"
    );
}

/// Resolves when `target` fires `event` once.
struct Once {
    state: Rc<RefCell<(bool, Option<Waker>)>>,
    _listener: Closure<dyn FnMut()>,
}

impl Once {
    fn new(target: &web_sys::EventTarget, event: &str) -> Once {
        let state: Rc<RefCell<(bool, Option<Waker>)>> = Rc::default();
        let s = state.clone();
        let listener = Closure::<dyn FnMut()>::new(move || {
            let mut st = s.borrow_mut();
            st.0 = true;
            if let Some(w) = st.1.take() {
                w.wake();
            }
        });
        target
            .add_event_listener_with_callback(event, listener.as_ref().unchecked_ref())
            .unwrap();
        Once {
            state,
            _listener: listener,
        }
    }
}

impl Future for Once {
    type Output = ();
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let mut st = self.state.borrow_mut();
        if st.0 {
            Poll::Ready(())
        } else {
            st.1 = Some(cx.waker().clone());
            Poll::Pending
        }
    }
}

#[wasm_bindgen_test]
async fn same_origin_iframe_with_frame_path_and_offset() {
    let fx = fixture(r#"<button>Top button</button><div style="height:30px"></div>"#);
    let doc = document();
    let iframe = doc.create_element("iframe").unwrap();
    iframe.set_attribute("id", "pay").unwrap();
    iframe.set_attribute("style", "position:absolute;left:200px;top:300px;width:300px;height:200px;border:5px solid;padding:0").unwrap();
    iframe
        .set_attribute("srcdoc", r#"<body style="margin:0"><button style="position:absolute;left:10px;top:20px;width:50px;height:20px">Pay now</button></body>"#)
        .unwrap();
    let loaded = Once::new(&iframe, "load");
    fx.append_child(&iframe).unwrap();
    loaded.await;
    let named = doc.create_element("iframe").unwrap();
    named.set_attribute("name", "help").unwrap();
    fx.append_child(&named).unwrap();
    // about:blank is same-origin and ready at once.
    let inner = named.unchecked_ref::<web_sys::HtmlElement>().clone();
    let frame_doc = js_sys::Reflect::get(&inner, &"contentDocument".into())
        .unwrap()
        .unchecked_into::<Document>();
    frame_doc
        .body()
        .unwrap()
        .set_inner_html("<a href='/help'>Help center</a><div id='widget'></div>");
    // An open shadow root inside a same-origin frame: found from the
    // frame's document, with the frame's path and as shadow content.
    frame_doc
        .get_element_by_id("widget")
        .unwrap()
        .attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open))
        .unwrap()
        .set_inner_html("<button>Chat with us</button>");

    let f = facts();
    let pay = control(&f, "Pay now");
    has(
        pay,
        json!({"framePath": ["iframe#pay"], "role": "button", "inShadow": false}),
    );
    let r = iframe.get_bounding_client_rect();
    let (x, y) = (
        pay["rect"]["x"].as_f64().unwrap(),
        pay["rect"]["y"].as_f64().unwrap(),
    );
    assert!(
        (x - (r.left() + 5.0 + 10.0)).abs() < 1.0 && (y - (r.top() + 5.0 + 20.0)).abs() < 1.0,
        "offset rect {pay}"
    );
    has(
        control(&f, "Help center"),
        json!({"framePath": ["iframe[name=\"help\"]"], "hrefPath": "/help"}),
    );
    has(
        control(&f, "Chat with us"),
        json!({"framePath": ["iframe[name=\"help\"]"], "inShadow": true}),
    );
    has(control(&f, "Top button"), json!({"framePath": []}));
    let all = names(&f);
    assert!(
        all.iter().position(|n| n == "Top button") < all.iter().position(|n| n == "Pay now"),
        "frames after their host: {all:?}"
    );
}

#[wasm_bindgen_test]
fn form_fields_required_submit_and_no_values() {
    let fx = fixture(
        r#"<main><section><h2>Create your account</h2>
        <form action="/signup?ref=home" aria-label="Signup">
          <label>Email <input type="email" name="email" autocomplete="email" required></label>
          <label for="pw">Password</label><input type="password" id="pw" autocomplete="new-password" required>
          <label>Country <select name="country"><option value="fr">France</option><option value="de">Germany</option></select></label>
          <textarea name="bio" aria-label="Bio"></textarea>
          <input type="hidden" name="csrf" value="tok3n">
          <button type="submit">Create account</button>
        </form></section>
        <div role="search"><input type="search" aria-label="Search site"><button>Go</button></div></main>"#,
    );
    let set = |sel: &str, v: &str| {
        let el = fx.query_selector(sel).unwrap().unwrap();
        js_sys::Reflect::set(&el, &"value".into(), &v.into()).unwrap();
    };
    set("[name=email]", "leak@example.com");
    set("#pw", "hunter2secret");
    set("[name=bio]", "my private biography");
    set("[type=search]", "embarrassing query");
    let f = facts();
    let forms = f["forms"].as_array().unwrap();
    assert_eq!(forms.len(), 2, "{f}");
    let signup = &forms[0];
    assert_eq!(
        signup["facts"]["fields"],
        json!([
            {"name": "email", "label": "Email", "type": "email", "autocomplete": "email"},
            {"name": "pw", "label": "Password", "type": "password", "autocomplete": "new-password"},
            {"name": "country", "label": "Country", "type": "select", "autocomplete": null},
            {"name": "bio", "label": "Bio", "type": "textarea", "autocomplete": null},
        ])
    );
    assert_eq!(signup["required"], json!([true, true, false, false]));
    has(
        &signup["facts"],
        json!({"submitLabel": "Create account", "role": "form", "name": "Signup", "heading": "Create your account",
               "actionPath": "/signup", "landmark": "main"}),
    );
    has(
        &forms[1]["facts"],
        json!({"role": "search", "submitLabel": "Go"}),
    );
    assert_eq!(control(&f, "Create account")["form"], 0);
    assert_eq!(control(&f, "Email")["form"], 0);
    assert_eq!(control(&f, "Go")["form"], 1);
    // A field of a <form> is no action: no context read for one; its
    // submit button and a field no <form> owns have theirs.
    assert_eq!(control(&f, "Email")["heading"], json!(null));
    assert_eq!(control(&f, "Create account")["heading"], "Create your account");
    assert_eq!(control(&f, "Search site")["heading"], "Create your account");
    let text = f.to_string();
    for secret in [
        "leak@example.com",
        "hunter2secret",
        "my private biography",
        "embarrassing query",
        "tok3n",
    ] {
        assert!(!text.contains(secret), "{secret} leaked: {text}");
    }
}

#[wasm_bindgen_test]
fn invoices_table_group() {
    let rows: String = (1..=3)
        .map(|i| format!("<tr><td>INV-00{i}</td><td>2024-0{i}-01</td><td>${i}0.00</td><td><button>Download</button></td></tr>"))
        .collect();
    let f = collect(&format!(
        r#"<main><h2>Invoices</h2><table id="invoices" class="data striped">
        <thead><tr><th>Number</th><th>Date</th><th>Amount</th><th>Actions</th></tr></thead>
        <tbody>{rows}</tbody></table></main>"#
    ));
    let groups = f["groups"].as_array().unwrap();
    let gi = groups
        .iter()
        .position(|g| g["tag"] == "table")
        .expect("table group");
    let g = &groups[gi];
    has(
        g,
        json!({"role": "table", "label": "Invoices", "hints": ["invoices", "data", "striped"], "landmark": "main",
               "itemCount": 3, "declaredCount": null, "columns": ["Number", "Date", "Amount", "Actions"]}),
    );
    assert_eq!(
        g["samples"][0]["texts"],
        json!(["INV-001", "2024-01-01", "$10.00", "Download"])
    );
    assert_eq!(g["samples"].as_array().unwrap().len(), 3);
    let downloads: Vec<&Value> = controls(&f)
        .iter()
        .filter(|c| c["name"] == "Download")
        .collect();
    assert_eq!(downloads.len(), 3);
    for (i, d) in downloads.iter().enumerate() {
        assert_eq!(d["group"], json!({"group": gi, "item": i}), "{d}");
    }
}

/// A repeated name makes the common container of its controls a card grid
/// only if the name could be on half its children or more: page sections,
/// three of which hold the same form, are no grid of forms; plain cards
/// with a "Compare" button on three of six are one.
#[wasm_bindgen_test]
fn repeated_names_make_card_grids_only_when_most_cards_have_them() {
    let quote = |x: &str| format!(r#"<section><h2>Quote {x}</h2><form aria-label="{x}"><label>Full name <input></label><button>Send</button></form></section>"#);
    let other = |h: &str| format!("<section><h2>{h}</h2><p>Read more about {h}.</p></section>");
    let page = [quote("A"), other("Guides"), quote("B"), other("News"), quote("C"), other("About"), other("Team")].concat();
    let cards: String = (0..6)
        .map(|i| {
            let button = if i % 2 == 0 { "<button>Compare</button>" } else { "" };
            format!(r#"<div class="c"><h3><a href="/p/{i}">Item {i}</a></h3>{button}</div>"#)
        })
        .collect();
    let f = collect(&format!(r#"<main><div id="page">{page}</div><div id="shelf">{cards}</div></main>"#));
    let groups = f["groups"].as_array().unwrap();
    let sizes: Vec<(String, u64)> = groups
        .iter()
        .map(|g| (g["tag"].as_str().unwrap().to_owned(), g["itemCount"].as_u64().unwrap()))
        .collect();
    assert_eq!(sizes, [("div".to_owned(), 6)], "only the shelf: {groups:?}");
}

/// Items that are themselves the controls (clickable rows of a list): each
/// belongs to its own item (an element holds itself).
#[wasm_bindgen_test]
fn items_that_are_controls() {
    let items: String = ["North", "South", "East"]
        .iter()
        .map(|r| format!(r#"<li tabindex="0" onclick="void 0">{r} region</li>"#))
        .collect();
    let f = collect(&format!(r#"<main><h2>Regions</h2><ul id="regions">{items}</ul></main>"#));
    let groups = f["groups"].as_array().unwrap();
    let gi = groups.iter().position(|g| g["tag"] == "ul").unwrap_or_else(|| panic!("list group: {f}"));
    for (i, r) in ["North", "South", "East"].iter().enumerate() {
        let c = control(&f, &format!("{r} region"));
        assert_eq!(c["group"], json!({"group": gi, "item": i}), "{c}");
    }
}

/// Lists, tables and feeds by role are found whatever the `role` looks
/// like: alone, in any case, as a fallback token or among stray spaces
/// (`aria::dom::role_is`).
#[wasm_bindgen_test]
fn structures_by_role_in_any_spelling() {
    let list = |role: &str, id: &str| {
        let items: String = (1..=3).map(|i| format!(r#"<div role="listitem"><a href="/{id}/{i}">{id} {i}</a></div>"#)).collect();
        format!(r#"<div role="{role}" id="{id}">{items}</div>"#)
    };
    let html = format!(
        "<main>{}{}{}{}</main>",
        list("list", "plain"),
        list("LIST", "upper"),
        list("fancy list", "fallback"),
        list(" list\t", "spaced")
    );
    let f = collect(&html);
    let groups = f["groups"].as_array().unwrap();
    for id in ["plain", "upper", "fallback", "spaced"] {
        let c = control(&f, &format!("{id} 1"));
        let g = c["group"]["group"].as_u64().unwrap_or_else(|| panic!("{id}: no group: {c}"));
        assert_eq!(groups[g as usize]["role"], "list", "{id}: {f}");
    }
}

/// Inside a collection (one read batch) labels come from the batch's
/// index: a field with several labels is named by all of them, in tree
/// order, and a label wrapping a field names it too.
#[wasm_bindgen_test]
fn several_labels_in_one_collection() {
    let f = collect(
        r#"<form aria-label="Account"><label for="mail">Work</label> <label for="mail">email</label>
        <input id="mail" type="email"><label>Phone <input type="tel"></label>
        <label for="mail">address</label><button>Save</button></form>"#,
    );
    has(control(&f, "Work email address"), json!({"role": "textbox", "tag": "input"}));
    has(control(&f, "Phone"), json!({"role": "textbox", "tag": "input"}));
}

/// A card link around an `<article>` is nameless in Chromium's tree (the
/// article keeps its content out of the name): the link still gets its
/// text as a fallback label, so the cards can be told apart and clicked.
#[wasm_bindgen_test]
fn nameless_card_links_fall_back_to_their_text() {
    let f = collect(
        r#"<main><a href="/post/1"><article><h3>First post</h3><p>Intro</p></article></a>
        <a href="/post/2"><figure><img alt="" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="9" height="9"><figcaption>Second post</figcaption></figure></a></main>"#,
    );
    has(control(&f, "First post Intro"), json!({"role": "link", "hrefPath": "/post/1"}));
    has(control(&f, "Second post"), json!({"role": "link", "hrefPath": "/post/2"}));
}

/// An app's cards: a `role=link` div named by its title (no heading, no
/// `a[href]`), with icon buttons; the title is the link's name.
#[wasm_bindgen_test]
fn app_cards_take_their_title_from_a_role_link() {
    let cards: String = ["Alpha", "Beta", "Gamma"]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                r#"<div role="listitem"><div role="link" tabindex="0" aria-labelledby="pt{i}"><div id="pt{i}">Project {p}</div><div>Updated {i} days ago</div></div>
                <button aria-label="Star Project {p}"><svg aria-hidden="true" width="9" height="9"></svg></button></div>"#
            )
        })
        .collect();
    let f = collect(&format!(r#"<main><div role="list" aria-label="Projects">{cards}</div></main>"#));
    let g = f["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["label"] == "Projects")
        .unwrap_or_else(|| panic!("project list: {f}"));
    let titles: Vec<&Value> = g["samples"].as_array().unwrap().iter().map(|s| &s["title"]).collect();
    assert_eq!(titles, [&json!("Project Alpha"), &json!("Project Beta"), &json!("Project Gamma")], "{g}");
}

#[wasm_bindgen_test]
fn product_card_grid_group() {
    let cards: String = ["Mug", "Lamp", "Chair", "Desk"]
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                r#"<div class="card product"><img alt="{p}" width="20" height="20" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
                <h3><a href="/p/{i}">{p}</a></h3><span class="price">${i}9.00</span><button>Add to cart</button></div>"#
            )
        })
        .collect();
    let f = collect(&format!(
        r#"<main><h2>Our products</h2><p>128 results</p><div class="catalog">{cards}</div></main>"#
    ));
    let groups = f["groups"].as_array().unwrap();
    let gi = groups
        .iter()
        .position(|g| g["hints"] == json!(["catalog"]))
        .unwrap_or_else(|| panic!("card group: {f}"));
    let g = &groups[gi];
    has(
        g,
        json!({"role": "", "tag": "div", "label": "Our products", "itemCount": 4, "declaredCount": 128, "columns": []}),
    );
    has(
        &g["samples"][1],
        json!({"title": "Lamp", "hasLink": true, "hasImage": true}),
    );
    assert_eq!(
        g["samples"][1]["texts"],
        json!(["Lamp", "$19.00", "Add to cart"]),
        "{g}"
    );
    let adds: Vec<&Value> = controls(&f)
        .iter()
        .filter(|c| c["name"] == "Add to cart")
        .collect();
    assert_eq!(adds.len(), 4);
    for (i, a) in adds.iter().enumerate() {
        assert_eq!(a["group"], json!({"group": gi, "item": i}), "{a}");
        assert_eq!(a["heading"], ["Mug", "Lamp", "Chair", "Desk"][i]);
    }
}

/// A page behind a cookie dialog opened with `showModal()`.
const BEHIND_MODAL: &str = r#"<header><nav><a href="/">Home</a> <a href="/cart">Cart</a></nav></header>
  <main><h1>Blue shoes</h1><button>Add to cart</button>
  <form><label>Search <input type=search name=q></label><button>Search</button></form>
  <ul><li><a href="/p/1">Red shoe</a> <button>Buy</button></li><li><a href="/p/2">Green shoe</a> <button>Buy</button></li>
  <li><a href="/p/3">Yellow shoe</a> <button>Buy</button></li></ul>
  <div id=host></div></main>
  <dialog id=consent><h2>We use cookies</h2><form method=dialog><label><input type=checkbox name=ads> Ads</label>
  <button>Accept all</button> <button>Reject all</button></form><a href="/privacy">Privacy policy</a></dialog>"#;

/// While a modal dialog is open everything else is inert and out of
/// Chromium's accessibility tree: its controls only, its form only, no
/// collection or shadow content of the page behind. A dialog opened with
/// `show()` blocks nothing.
#[wasm_bindgen_test]
fn a_modal_dialog_leaves_the_page_behind_it_out() {
    fixture(BEHIND_MODAL);
    let host = document().get_element_by_id("host").unwrap();
    let init = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    host.attach_shadow(&init).unwrap().set_inner_html("<button>Shadow help</button>");
    let all = facts();
    for name in ["Home", "Add to cart", "Search", "Shadow help"] {
        assert!(names(&all).contains(&name.to_owned()), "{name}: {:?}", names(&all));
    }
    common::dialog("consent", "showModal");
    let f = facts();
    assert_eq!(names(&f), ["Ads", "Accept all", "Reject all", "Privacy policy"]);
    assert_eq!(f["forms"].as_array().unwrap().len(), 1, "the dialog's form only: {}", f["forms"]);
    assert_eq!(f["groups"], json!([]), "no list of the page behind: {}", f["groups"]);
    common::dialog("consent", "close");
    assert_eq!(names(&facts()), names(&all), "closed: the page again");
    common::dialog("consent", "show");
    let open = names(&facts());
    let page = names(&all);
    assert_eq!(open[..page.len()], page, "a dialog that is not modal blocks nothing: {open:?}");
    assert_eq!(open[page.len()..], ["Ads", "Accept all", "Reject all", "Privacy policy"]);
    fixture("");
}

/// Two modal dialogs open: the one on top is read, wherever it is in the
/// page — a "Discard changes?" prompt written before the editor it is
/// opened over. Chromium's tree holds only that one (the other is inert).
/// Focus says which; with focus on neither (a click on the dialog's text
/// leaves it on the body), what shows at their centres does.
#[wasm_bindgen_test]
fn of_two_open_modal_dialogs_the_one_on_top_is_read() {
    fixture(
        r#"<main><button>Behind</button></main>
        <dialog id=confirm><p>Discard changes?</p><button>Discard</button><button>Keep editing</button></dialog>
        <dialog id=edit><label>Title <input></label><button>Close</button></dialog>"#,
    );
    let blur = common::blur_deepest;
    common::dialog("edit", "showModal");
    common::dialog("confirm", "showModal");
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "focus is in the prompt");
    blur();
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "the prompt covers the editor");
    common::dialog("confirm", "close");
    common::dialog("edit", "close");
    common::dialog("confirm", "showModal");
    common::dialog("edit", "showModal");
    assert_eq!(names(&facts()), ["Title", "Close"], "opened last, the editor is on top");
    blur();
    assert_eq!(names(&facts()), ["Title", "Close"], "the editor covers the prompt");
    common::dialog("edit", "close");
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "the prompt again");
    fixture("");
}

/// Two web components' modal dialogs open at once: the one on top is read,
/// whatever their places in the page (an app's confirm component often
/// sits before the editor component it is opened over) — by focus, else
/// by which one covers the other, as for two dialogs of one tree.
#[wasm_bindgen_test]
fn of_two_components_modal_dialogs_the_one_on_top_is_read() {
    fixture(r#"<main><button>Behind</button></main><x-confirm id=c></x-confirm><x-editor id=e></x-editor>"#);
    let open = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    let doc = document();
    let confirm = doc.get_element_by_id("c").unwrap().attach_shadow(&open).unwrap();
    confirm.set_inner_html("<dialog><p>Discard changes?</p><button>Discard</button><button>Keep editing</button></dialog>");
    let editor = doc.get_element_by_id("e").unwrap().attach_shadow(&open).unwrap();
    editor.set_inner_html("<dialog><label>Title <input></label><button>Close</button></dialog>");
    let (call, blur) = (common::shadow_dialog, common::blur_deepest);
    call(&editor, "showModal");
    call(&confirm, "showModal");
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "focus is in the prompt");
    blur();
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "the prompt covers the editor");
    call(&confirm, "close");
    call(&editor, "close");
    call(&confirm, "showModal");
    call(&editor, "showModal");
    assert_eq!(names(&facts()), ["Title", "Close"], "opened last, the editor is on top");
    blur();
    assert_eq!(names(&facts()), ["Title", "Close"], "the editor covers the prompt");
    call(&editor, "close");
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "the prompt again");
    fixture("");
}

/// A modal dialog of the document and one of a web component open at once:
/// the one on top is read, the component's too (the document's dialog
/// made the walk start inside it, so the component's was never seen).
#[wasm_bindgen_test]
fn of_a_documents_and_a_components_modal_dialogs_the_one_on_top_is_read() {
    fixture(
        r#"<main><button>Behind</button></main><x-confirm id=c></x-confirm>
        <dialog id=edit><label>Title <input></label><button>Close</button></dialog>"#,
    );
    let open = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    let confirm = document().get_element_by_id("c").unwrap().attach_shadow(&open).unwrap();
    confirm.set_inner_html("<dialog><p>Discard changes?</p><button>Discard</button><button>Keep editing</button></dialog>");
    let call = |method: &str| common::shadow_dialog(&confirm, method);
    let blur = common::blur_deepest;
    common::dialog("edit", "showModal");
    call("showModal");
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "focus is in the component's prompt");
    blur();
    assert_eq!(names(&facts()), ["Discard", "Keep editing"], "the prompt covers the editor");
    call("close");
    assert_eq!(names(&facts()), ["Title", "Close"], "the editor again");
    common::dialog("edit", "close");
    call("showModal");
    common::dialog("edit", "showModal");
    assert_eq!(names(&facts()), ["Title", "Close"], "opened last, the editor is on top");
    blur();
    assert_eq!(names(&facts()), ["Title", "Close"], "the editor covers the prompt");
    common::dialog("edit", "close");
    call("close");
    fixture("");
}

/// A web component's own `<dialog>`, shown with `showModal()` inside its
/// shadow root, blocks the page as one in the document does: its controls
/// (and shadow content inside it) only.
#[wasm_bindgen_test]
fn a_modal_dialog_in_a_shadow_root_leaves_the_page_out() {
    fixture(r#"<main><button>Buy</button><div id=other></div><div id=app></div></main>"#);
    let open = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    let doc = document();
    doc.get_element_by_id("other").unwrap().attach_shadow(&open).unwrap().set_inner_html("<button>Other</button>");
    let sr = doc.get_element_by_id("app").unwrap().attach_shadow(&open).unwrap();
    sr.set_inner_html(r#"<button>Open</button><dialog id=sd><p>Sure?</p><button>Confirm</button><span id=inner></span></dialog>"#);
    sr.get_element_by_id("inner").unwrap().attach_shadow(&open).unwrap().set_inner_html("<button>Details</button>");
    assert_eq!(names(&facts()), ["Buy", "Other", "Open"]);
    let dialog = sr.get_element_by_id("sd").unwrap();
    let show: js_sys::Function = js_sys::Reflect::get(&dialog, &"showModal".into()).unwrap().into();
    show.call0(&dialog).unwrap();
    assert_eq!(names(&facts()), ["Confirm", "Details"]);
    fixture("");
}

/// Controls inside a rendered dialog the page marks modal (`aria-modal`)
/// say so (they come first in the MiniPCD); the page behind it stays, as
/// in Chromium's tree. A hidden or unmarked dialog marks nothing.
#[wasm_bindgen_test]
fn controls_of_a_dialog_marked_modal_say_so() {
    let f = collect(
        r#"<main><button>Buy</button></main>
        <div role=dialog aria-modal=true aria-label="Cookies"><button>Accept</button><div id=h></div></div>
        <div role=alertdialog aria-modal="TRUE" aria-label="Alert"><button>Retry</button></div>
        <div role=dialog aria-label="Chat"><button>Send</button></div>
        <div role=dialog aria-modal=true hidden><button>Gone</button></div>"#,
    );
    let modal: Vec<(String, bool)> = controls(&f).iter().map(|c| (c["name"].as_str().unwrap().to_owned(), c["inModal"] == true)).collect();
    let want = [("Buy", false), ("Accept", true), ("Retry", true), ("Send", false)];
    assert_eq!(modal, want.map(|(n, m)| (n.to_owned(), m)));
    // Shadow content counts as inside its host.
    let host = document().get_element_by_id("h").unwrap();
    host.attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open)).unwrap().set_inner_html("<button>Settings</button>");
    assert_eq!(control(&facts(), "Settings")["inModal"], true);
    fixture("");
}

/// A consent dialog marked modal, with a component (`#more`, given a
/// "Details" button) inside it, after an "Open settings" button.
const CONSENT: &str = r#"<button>Open settings</button><div role=dialog aria-modal=true aria-label="Privacy">
    <button>Accept all</button><span id=more></span></div>"#;

/// With [`CONSENT`] in some tree after the page's "Buy": the dialog's
/// controls, the component's too, say `inModal`, the others not.
fn assert_consent_marks_modal() {
    let f = facts();
    let modal: Vec<(String, bool)> = controls(&f).iter().map(|c| (c["name"].as_str().unwrap().to_owned(), c["inModal"] == true)).collect();
    let want = [("Buy", false), ("Open settings", false), ("Accept all", true), ("Details", true)];
    assert_eq!(modal, want.map(|(n, m)| (n.to_owned(), m)));
}

/// A dialog marked modal inside a web component's shadow root (consent
/// banners are often components) marks its controls as one in the
/// document does, also those of a component nested inside it; the
/// component's other controls and the page's do not.
#[wasm_bindgen_test]
fn controls_of_a_dialog_marked_modal_in_a_shadow_root_say_so() {
    fixture(r#"<main><button>Buy</button></main><div id=cmp></div>"#);
    let open = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    let sr = document().get_element_by_id("cmp").unwrap().attach_shadow(&open).unwrap();
    sr.set_inner_html(CONSENT);
    sr.get_element_by_id("more").unwrap().attach_shadow(&open).unwrap().set_inner_html("<button>Details</button>");
    assert_consent_marks_modal();
    fixture("");
}

/// A dialog marked modal inside a same-origin frame (a consent manager's
/// frame) marks its controls as one in the top document does, also those
/// of a component inside it; the frame's other controls and the page's do
/// not.
#[wasm_bindgen_test]
fn controls_of_a_dialog_marked_modal_in_a_frame_say_so() {
    let fx = fixture(r#"<main><button>Buy</button></main>"#);
    let frame = document().create_element("iframe").unwrap();
    frame.set_attribute("name", "cmp").unwrap();
    fx.append_child(&frame).unwrap();
    // about:blank is same-origin and ready at once.
    let frame_doc = js_sys::Reflect::get(&frame, &"contentDocument".into()).unwrap().unchecked_into::<Document>();
    frame_doc.body().unwrap().set_inner_html(CONSENT);
    let open = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    frame_doc.get_element_by_id("more").unwrap().attach_shadow(&open).unwrap().set_inner_html("<button>Details</button>");
    assert_consent_marks_modal();
    fixture("");
}

#[wasm_bindgen_test]
fn pagination() {
    let f = collect(
        r#"<main><p>Results</p><nav aria-label="Pagination"><a href="?page=1">Previous</a><a href="?page=3">Next</a></nav>
        <ul class="pages"><li><a href="?p=1">1</a></li><li><a href="?p=2">2</a></li><li><a href="?p=3">3</a></li></ul>
        <a href="/about">About</a></main>"#,
    );
    for name in ["Previous", "Next", "1", "2", "3"] {
        has(control(&f, name), json!({"inPagination": true}));
    }
    has(control(&f, "About"), json!({"inPagination": false}));
}

#[wasm_bindgen_test]
fn landmarks() {
    let f = collect(
        r#"<header><a href="/">Logo</a></header><nav><a href="/a">Nav link</a></nav>
        <main><article><header><a href="/post">Post title</a></header><p>Text</p><footer><button>Like</button></footer></article></main>
        <aside><button>Aside button</button></aside><footer><a href="/terms">Terms</a></footer>
        <div role="navigation" aria-label="Secondary" hidden><a href="/x">Hidden nav</a></div>"#,
    );
    assert_eq!(
        f["landmarks"],
        json!(["header", "nav", "main", "aside", "footer"])
    );
    for (name, lm) in [
        ("Logo", "header"),
        ("Nav link", "nav"),
        ("Post title", "main"),
        ("Like", "main"),
        ("Aside button", "aside"),
        ("Terms", "footer"),
    ] {
        assert_eq!(control(&f, name)["landmark"], lm, "{name}");
    }
}

#[wasm_bindgen_test]
fn heading_context() {
    let f = collect(
        r#"<main><h1>Account</h1>
        <section><h2>Profile</h2><div><div><button>Edit profile</button></div></div></section>
        <section><button>Orphan</button><h2>Billing</h2><p>Plan</p><div><button>Change plan</button></div></section>
        <div class="x"><div role="heading" aria-level="3">Danger zone</div></div><button>Delete account</button></main>"#,
    );
    has(control(&f, "Edit profile"), json!({"heading": "Profile"}));
    has(control(&f, "Change plan"), json!({"heading": "Billing"}));
    has(control(&f, "Orphan"), json!({"heading": null}));
    has(
        control(&f, "Delete account"),
        json!({"heading": "Danger zone"}),
    );
}

#[wasm_bindgen_test]
fn registry_finds_elements_until_removed() {
    fixture(r#"<button id="a">Alpha</button>"#);
    let f = bc_content::pcd::collect_current(&document());
    let key = f.controls.iter().find(|c| c.name == "Alpha").unwrap().key;
    let el = bc_content::pcd::current_element(key).expect("connected");
    assert_eq!(el.id(), "a");
    fixture("");
    assert!(
        bc_content::pcd::current_element(key).is_none(),
        "detached elements are not handed out"
    );
    assert!(bc_content::pcd::current_element(99_999).is_none());
}

#[wasm_bindgen_test]
fn debug_export_is_json() {
    fixture(r#"<button>Json me</button>"#);
    let v = bc_content::debug_page_facts();
    let json = js_sys::JSON::stringify(&v).unwrap().as_string().unwrap();
    assert!(json.contains("\"name\":\"Json me\""), "{json}");
}

/// A generated catalog page: a nav list, `cards` product cards (link,
/// button, `cursor:pointer` span each) and a `rows`-row table with links.
/// About `13 × cards + 7 × rows` elements.
fn catalog_html(cards: usize, rows: usize) -> String {
    let mut html = String::from("<header><nav><ul>");
    for i in 0..20 {
        html.push_str(&format!(r#"<li><a href="/s{i}">Section {i}</a></li>"#));
    }
    html.push_str("</ul></nav></header><main><h1>Catalog</h1><div class=\"grid\">");
    for i in 0..cards {
        html.push_str(&format!(
            r#"<div class="card"><div class="media"><img alt="" width="4" height="4"></div><div class="body"><h3><a href="/p/{i}">Product {i}</a></h3>
            <p>Short description of product {i}</p><span class="price">${i}.00</span></div>
            <div class="actions"><button>Add to cart</button><span style="cursor:pointer">Save</span></div></div>"#
        ));
    }
    html.push_str("</div><table><thead><tr><th>A</th><th>B</th><th>C</th></tr></thead><tbody>");
    for i in 0..rows {
        html.push_str(&format!(
            "<tr><td>r{i}</td><td>{i}</td><td><a href=\"/r/{i}\">Open</a></td></tr>"
        ));
    }
    html.push_str("</tbody></table></main><footer><p>Footer</p></footer>");
    html
}

/// Nearest-rank percentile of `v` (sorted in place).
fn percentile(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    let rank = ((p / 100.0) * v.len() as f64).ceil() as usize;
    v[rank.clamp(1, v.len()) - 1]
}

/// Times `pcd::collect` on `pages` fresh copies of `html`, `repeats + 1`
/// collections each, and prints p50/p95 of the first collection of a page
/// and of the repeats apart. Each page is laid out before the clock starts
/// (a real page has been rendered before the copilot reads it); that
/// layout's cost is printed too, as the page's, not ours.
fn time_collect(label: &str, html: &str, pages: usize, repeats: usize) -> Value {
    let perf = web_sys::window().unwrap().performance().unwrap();
    let (mut layout, mut first, mut repeat) = (Vec::new(), Vec::new(), Vec::new());
    let mut count = 0;
    let mut f = Value::Null;
    for _ in 0..pages {
        let t = perf.now();
        let fx = fixture(html);
        let _ = fx.get_bounding_client_rect();
        layout.push(perf.now() - t);
        count = fx.query_selector_all("*").unwrap().length();
        for r in 0..=repeats {
            let t = perf.now();
            let (facts, _) = bc_content::pcd::collect(&document());
            let ms = perf.now() - t;
            if r == 0 {
                first.push(ms);
                f = serde_json::to_value(facts).unwrap();
            } else {
                repeat.push(ms);
            }
        }
    }
    let (nf, nr) = (first.len(), repeat.len());
    console_log!(
        "pcd::collect {label}{} on {count} elements ({} controls, {} groups): first p50 {:.1} ms p95 {:.1} ms (n={nf}); \
         repeat p50 {:.1} ms p95 {:.1} ms (n={nr}); page layout p50 {:.1} ms (not ours)",
        if cfg!(debug_assertions) { " (debug build)" } else { "" },
        controls(&f).len(),
        f["groups"].as_array().unwrap().len(),
        percentile(&mut first, 50.0),
        percentile(&mut first, 95.0),
        percentile(&mut repeat, 50.0),
        percentile(&mut repeat, 95.0),
        percentile(&mut layout, 50.0),
    );
    f
}

/// Pages and collections per page for [`time_collect`]: fewer in debug
/// builds (`cargo xtask test`), whose times say nothing anyway.
fn runs(pages: usize, repeats: usize) -> (usize, usize) {
    if cfg!(debug_assertions) { (1, 1) } else { (pages, repeats) }
}

/// A generated page of ~10k elements: cards, a table, lists, clickables.
/// Target (seed 000 §11): p95 ≤ 50 ms. Also pins facts that the
/// collector's memoised lookups must get exactly as a fresh walk would.
/// Then the same page at ~50k elements: the work is capped by the 2000
/// reported controls, so time should grow far less than 5×. One test, 10k
/// first: run after the 50k page, the 10k times include collecting its
/// garbage.
#[wasm_bindgen_test]
fn timing_10k_elements() {
    let html = catalog_html(700, 300);
    let (pages, repeats) = runs(5, 4);
    let sampled = time_collect("10k", &html, pages, repeats);
    let count = document().query_selector_all("#fixture *").unwrap().length();
    assert!(count >= 9_000, "{count}");
    // The grid's and the table's later items are not read by `collect`
    // (`pcd_sampling.rs`); the pins below are on every control.
    assert!(controls(&sampled).len() < 1000, "{}", controls(&sampled).len());
    let f = serde_json::to_value(bc_content::pcd::collect_whole(&document()).0).unwrap();
    assert_eq!(controls(&f).len(), 2000);
    let all = names(&f);
    assert_eq!(all[20..26], ["Product 0", "Add to cart", "Save", "Product 1", "Add to cart", "Save"]);
    let c = controls(&f);
    has(&c[20], json!({"heading": "Catalog", "landmark": "main", "role": "link"}));
    // A card's link sits under the previous card's heading (its own heading
    // is an ancestor, not a previous sibling); its button under its own.
    has(&c[23], json!({"heading": "Product 0", "role": "link"}));
    has(&c[24], json!({"heading": "Product 1", "role": "button"}));
    has(&c[25], json!({"heading": "Product 1", "clickable": true, "role": "generic"}));
    has(control(&f, "Section 3"), json!({"landmark": "nav", "heading": null}));
    // Table rows reach the grid's last heading within 40 previous siblings
    // (2 cells + rows + thead + the grid): rows 0–36 do, later rows not.
    let opens: Vec<&Value> = c.iter().filter(|c| c["name"] == "Open").collect();
    assert_eq!(opens.len(), 300);
    for (i, o) in opens.iter().enumerate() {
        let expected = if i <= 36 { json!("Product 699") } else { Value::Null };
        assert_eq!(o["heading"], expected, "row {i}");
    }

    let html = catalog_html(3500, 1500);
    let (pages, repeats) = runs(2, 2);
    let f = time_collect("50k", &html, pages, repeats);
    assert!(controls(&f).len() < 2000, "{}", controls(&f).len());
    assert_eq!(bc_content::pcd::collect_whole(&document()).0.controls.len(), 2000);
    fixture("");
}

/// Forms without a `<form>` (`implicit_forms`): fixture in, each form's
/// submit label and field labels (document order) out, and which controls
/// they own.
#[wasm_bindgen_test]
fn forms_without_a_form_element() {
    let rows = common::FORMLESS_FORMS;
    for (what, html, want) in rows {
        let f = collect(html);
        let forms = f["forms"].as_array().unwrap();
        let got: Vec<(String, Vec<String>)> = forms
            .iter()
            .map(|form| {
                let labels = form["facts"]["fields"].as_array().unwrap().iter();
                (
                    form["facts"]["submitLabel"].as_str().unwrap_or_default().to_owned(),
                    labels.map(|l| l["label"].as_str().unwrap_or_default().to_owned()).collect(),
                )
            })
            .collect();
        let want: Vec<(String, Vec<String>)> = want
            .iter()
            .map(|(s, fields)| (s.to_string(), fields.iter().map(|x| x.to_string()).collect()))
            .collect();
        assert_eq!(got, want, "{what}");
        // A form's fields and its submit button are its own (asked by
        // name: of names that appear once).
        let once = |name: &String| want.iter().flat_map(|(s, f)| f.iter().chain([s])).filter(|n| *n == name).count() == 1;
        for (i, (submit, fields)) in want.iter().enumerate() {
            for name in fields.iter().chain([submit]).filter(|n| once(n)) {
                assert_eq!(control(&f, name)["form"], i, "{what}: {name}");
            }
        }
    }
    // The sign-in box's form has the heading and purpose inputs a <form> would.
    let f = collect(rows[0].1);
    has(&f["forms"][0]["facts"], json!({"heading": "Welcome back", "submitLabel": "Sign in"}));
    assert_eq!(control(&f, "Forgot password?")["form"], 0);
    assert_eq!(f["forms"][0]["facts"]["fields"][1]["type"], "password");
}

/// Every control's box is its own `getBoundingClientRect()`: the boxes are
/// read for all controls at once (`pcd/boxes.rs`), and must come back in
/// the controls' order, each one's own.
#[wasm_bindgen_test]
fn boxes_are_each_controls_own() {
    fixture(
        r#"<button style="position:absolute;left:10px;top:2000px;width:50px;height:20px">Far</button>
        <a href="/x" style="display:inline-block;width:120px;height:17px">Link</a>
        <div role="button" tabindex="0" style="margin-left:33px;width:7px;height:9px">Odd</div>
        <input aria-label="Wide" style="width:301px">"#,
    );
    let document = web_sys::window().unwrap().document().unwrap();
    let facts = bc_content::pcd::collect_current(&document);
    let mut seen = 0;
    for c in &facts.controls {
        let el = bc_content::pcd::current_element(c.key).expect("registered");
        let r = el.get_bounding_client_rect();
        assert_eq!((c.rect.x, c.rect.y, c.rect.w, c.rect.h), (r.x(), r.y(), r.width(), r.height()), "{}", c.name);
        seen += 1;
    }
    assert!(seen >= 4, "{seen} controls");
    let far = facts.controls.iter().find(|c| c.name == "Far").unwrap();
    assert_eq!((far.rect.w, far.rect.h), (50.0, 20.0));
}
