//! DOM actions (`bc_content::act`) on real DOM: each action's effect, the
//! change verdict (seed 003), the retry ladder ending in `no_effect`, and
//! the specific errors — not found, ambiguous (with candidates), disabled,
//! covered (by what), unsupported. Page behaviour comes from inline
//! handlers in the fixtures, as a page's own scripts would do it.

mod common;

use bc_content::act;
use bc_core::act::{ActError, DomAction, MouseButton, PageScroll, SelectBy};
use bc_core::types::RoleSelector;
use common::fixture;
use serde_json::json;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Document;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window().unwrap().document().unwrap()
}

fn sel(v: serde_json::Value) -> RoleSelector {
    serde_json::from_value(v).unwrap()
}

fn button(name: &str) -> RoleSelector {
    sel(json!({"kind":"role","role":"button","name":name,"nameMode":"exact"}))
}

fn click() -> DomAction {
    DomAction::Click { button: MouseButton::Left, click_count: 1 }
}

fn text_of(id: &str) -> String {
    document().get_element_by_id(id).unwrap().text_content().unwrap_or_default()
}

fn value_of(id: &str) -> String {
    js_sys::Reflect::get(&document().get_element_by_id(id).unwrap(), &"value".into()).unwrap().as_string().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn click_changes_the_page_and_says_what_changed() {
    fixture(r#"<main><p id=out>0</p><button onclick="document.getElementById('out').textContent = 'clicked ' + event.detail">Go</button></main>"#);
    let out = act::act(&document(), &button("Go"), None, &click()).await.unwrap();
    assert_eq!(text_of("out"), "clicked 1");
    assert!(out.changed, "{out:?}");
    assert!(out.changes.contains(&"text".to_owned()), "{:?}", out.changes);
    assert_eq!(out.attempts, 1);
    assert_eq!(out.observation.url_changed, Some(false));
    fixture("");
}

#[wasm_bindgen_test]
async fn a_click_whose_only_visible_effect_is_outside_the_main_text_is_done_once() {
    // An "Add to cart" that only bumps a counter in the header: the main
    // text and every state hash stay the same, the button takes focus (the
    // click itself, not its effect) and the counter's text mutates. Clicking
    // again would add a second item. Also when the count comes later, as
    // a request's answer does: focus moving is no sign to stop waiting,
    // and a page with no change at all yet is given time to show one.
    let bump = "const c = document.getElementById('count'); c.textContent = String(Number(c.textContent) + 1)";
    for handler in [bump.to_owned(), format!("setTimeout(() => {{ {bump} }}, 100)"), format!("setTimeout(() => {{ {bump} }}, 600)")] {
        fixture(&format!(r#"<header><span id=count>0</span></header><main><p>Product</p><button onclick="{handler}">Add to cart</button></main>"#));
        if let Some(active) = document().active_element() {
            let _ = active.unchecked_ref::<web_sys::HtmlElement>().blur();
        }
        let out = act::act(&document(), &button("Add to cart"), None, &click()).await.unwrap();
        assert_eq!(text_of("count"), "1", "{handler}: clicked once: {out:?}");
        assert_eq!(out.attempts, 1);
        assert_eq!(out.changes, ["dom"]);
    }
    fixture("");
}

#[wasm_bindgen_test]
async fn a_link_or_form_that_opens_another_tab_is_acted_on_once_and_says_so() {
    // Its effect is a new tab the page's digest cannot see: each retry
    // opened one more. (The handler stands in for the browser's, so the
    // test opens no tab; it counts the clicks.)
    let count = "event.preventDefault(); window.__opened = (window.__opened || 0) + 1";
    let cases = [
        (format!(r#"<main><a href="/docs" target="_blank" onclick="{count}">Docs</a></main>"#), json!({"kind":"role","role":"link","name":"Docs"}), click(), "target=\"_blank\""),
        (format!(r#"<main><form action="/pay" target="_blank" onsubmit="{count}"><button>Pay</button></form></main>"#), json!({"kind":"role","role":"button","name":"Pay"}), click(), "form"),
        (format!(r#"<main><form action="/pay" onsubmit="{count}"><button formtarget="checkout">Pay</button></form></main>"#), json!({"kind":"role","role":"button","name":"Pay"}), click(), "form"),
        (format!(r#"<main><form action="/pay" target="_blank" aria-label="Pay" onsubmit="{count}"><input name=x></form></main>"#), json!({"kind":"role","role":"form","name":"Pay"}), DomAction::Submit, "form"),
    ];
    for (html, target, action, says) in cases {
        fixture(&html);
        js_sys::Reflect::set(&js_sys::global(), &"__opened".into(), &0.into()).unwrap();
        let out = act::act(&document(), &sel(target), None, &action).await.unwrap();
        let opened = js_sys::Reflect::get(&js_sys::global(), &"__opened".into()).unwrap().as_f64().unwrap();
        assert_eq!(opened, 1.0, "{html}: {out:?}");
        assert_eq!(out.attempts, 1);
        assert!(!out.changed);
        assert!(out.detail.as_deref().is_some_and(|d| d.contains("another tab") && d.contains(says)), "{html}: {out:?}");
    }
    fixture("");
}

#[wasm_bindgen_test]
async fn double_and_right_clicks_dispatch_their_events() {
    fixture(r#"<button id=b ondblclick="this.textContent='double'" oncontextmenu="event.preventDefault(); this.dataset.menu='yes'">Tap</button>"#);
    act::act(&document(), &button("Tap"), None, &DomAction::Click { button: MouseButton::Left, click_count: 2 }).await.unwrap();
    assert_eq!(text_of("b"), "double");
    let out = act::act(&document(), &button("double"), None, &DomAction::Click { button: MouseButton::Right, click_count: 1 }).await.unwrap();
    assert_eq!(document().get_element_by_id("b").unwrap().get_attribute("data-menu").as_deref(), Some("yes"));
    assert!(out.changed);
    fixture("");
}

#[wasm_bindgen_test]
async fn a_click_that_changes_nothing_is_retried_then_fails_no_effect() {
    fixture(r#"<button onclick="window.__clicks = (window.__clicks || 0) + 1">Inert</button>"#);
    js_sys::Reflect::set(&js_sys::global(), &"__clicks".into(), &0.into()).unwrap();
    let err = act::act(&document(), &button("Inert"), None, &click()).await.unwrap_err();
    assert!(matches!(err, ActError::NoEffect { attempts: 3, .. }), "{err:?}");
    assert_eq!(err.code().0, bc_core::tools::ErrorCode::NoEffect);
    assert!(err.to_string().contains("button \"Inert\""), "{err}");
    let clicks = js_sys::Reflect::get(&js_sys::global(), &"__clicks".into()).unwrap().as_f64().unwrap();
    assert_eq!(clicks, 3.0, "one click per attempt");
    fixture("");
}

#[wasm_bindgen_test]
async fn errors_are_specific() {
    fixture(
        r#"<button>Save</button><button>Save</button><button disabled>Pay</button>
        <div><button id=under style="position:relative">Buy</button>
        <div id=veil aria-label="Cookie banner" role=dialog style="position:fixed;inset:0;background:rgba(0,0,0,.1)"></div></div>
        <div class=tile>Open report 7</div><div class=tile>Open report 71</div><input id=secret value="hunter2">"#,
    );
    let doc = document();
    let amb = act::act(&doc, &button("Save"), None, &click()).await.unwrap_err();
    let ActError::Ambiguous { count, candidates, .. } = &amb else { panic!("{amb:?}") };
    assert_eq!((*count, candidates.len()), (2, 2));
    // Nameless candidates are told apart by their rendered text; a field
    // says nothing of its value.
    let tiles = act::act(&doc, &sel(json!({"kind":"text","text":"Open report 7"})), None, &click()).await.unwrap_err();
    assert!(tiles.to_string().ends_with(r#"Candidates: generic <div> "Open report 7"; generic <div> "Open report 71""#), "{tiles}");
    let field = act::brief(&doc.get_element_by_id("secret").unwrap());
    assert_eq!((field.name.as_str(), field.text.as_deref()), ("", None));
    let dis = act::act(&doc, &button("Pay"), None, &click()).await.unwrap_err();
    assert!(matches!(dis, ActError::Disabled { .. }), "{dis:?}");
    let cov = act::act(&doc, &button("Buy"), None, &click()).await.unwrap_err();
    assert!(matches!(&cov, ActError::Covered { by, .. } if by.name == "Cookie banner"), "{cov:?}");
    assert!(cov.to_string().contains("covered by dialog \"Cookie banner\""), "{cov}");
    let missing = act::act(&doc, &button("Nope"), None, &click()).await.unwrap_err();
    assert!(matches!(missing, ActError::NotFound { .. }), "{missing:?}");
    let bad = act::act(&doc, &sel(json!({"kind":"css","css":"[["})), None, &click()).await.unwrap_err();
    assert!(matches!(bad, ActError::BadSelector(_)), "{bad:?}");
    fixture("");
}

/// Behind an open modal dialog nothing takes input: a click or typing
/// there fails at once, naming the dialog; inside it, actions work.
#[wasm_bindgen_test]
async fn behind_a_modal_dialog_actions_fail_naming_it() {
    fixture(
        r#"<main><button id=buy onclick="this.textContent='Bought'">Buy</button><input id=q aria-label=Search></main>
        <dialog id=consent aria-label="Cookie consent"><button id=ok onclick="this.closest('dialog').close()">Accept all</button></dialog>"#,
    );
    common::dialog("consent", "showModal");
    let doc = document();
    let cov = act::act(&doc, &button("Buy"), None, &click()).await.unwrap_err();
    assert!(matches!(&cov, ActError::Covered { by, .. } if by.name == "Cookie consent"), "{cov:?}");
    let typing = DomAction::Type { text: "shoes".into(), replace: true, submit: false };
    let search = sel(json!({"kind":"role","role":"textbox","name":"Search"}));
    let typed = act::act(&doc, &search, None, &typing).await.unwrap_err();
    assert!(matches!(typed, ActError::Covered { .. }), "{typed:?}");
    assert_eq!(value_of("q"), "", "nothing typed behind the dialog");
    act::act(&doc, &button("Accept all"), None, &click()).await.unwrap();
    act::act(&doc, &button("Buy"), None, &click()).await.unwrap();
    assert_eq!(text_of("buy"), "Bought");
    fixture("");
}

/// The same with the dialog inside a web component's shadow root: a click
/// behind it is refused, one inside it that closes it is seen as a change.
#[wasm_bindgen_test]
async fn a_modal_dialog_in_a_shadow_root_is_seen_by_actions() {
    let fx = fixture(r#"<main><button>Buy</button><div id=app></div></main>"#);
    let sr = fx.query_selector("#app").unwrap().unwrap().attach_shadow(&web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open)).unwrap();
    sr.set_inner_html(r#"<dialog id=sd aria-label="Confirm order"><button onclick="this.closest('dialog').close()">Close</button></dialog>"#);
    let dialog = sr.get_element_by_id("sd").unwrap();
    let show: js_sys::Function = js_sys::Reflect::get(&dialog, &"showModal".into()).unwrap().into();
    show.call0(&dialog).unwrap();
    let doc = document();
    let cov = act::act(&doc, &button("Buy"), None, &click()).await.unwrap_err();
    assert!(matches!(&cov, ActError::Covered { by, .. } if by.name == "Confirm order"), "{cov:?}");
    let closed = act::act(&doc, &button("Close"), None, &click()).await.unwrap();
    assert!(closed.changed && closed.attempts == 1, "{closed:?}");
    act::act(&doc, &button("Buy"), None, &click()).await.unwrap_err();
    fixture("");
}

#[wasm_bindgen_test]
async fn typing_replaces_appends_and_fires_input_events() {
    fixture(
        r#"<label>Name <input id=name value="old" oninput="document.getElementById('echo').textContent = this.value" onchange="this.dataset.changed = '1'"></label>
        <p id=echo></p><label>Notes <textarea id=notes></textarea></label>
        <div id=ed contenteditable aria-label=Editor></div>"#,
    );
    let doc = document();
    let field = |n: &str| sel(json!({"kind":"role","role":"textbox","name":n,"nameMode":"exact"}));
    let out = act::act(&doc, &field("Name"), None, &DomAction::Type { text: "Ada".into(), replace: true, submit: false }).await.unwrap();
    assert_eq!(value_of("name"), "Ada");
    assert_eq!(text_of("echo"), "Ada", "input events reached the page");
    assert_eq!(doc.get_element_by_id("name").unwrap().get_attribute("data-changed").as_deref(), Some("1"));
    assert!(out.changed);
    act::act(&doc, &field("Name"), None, &DomAction::Type { text: " Lovelace".into(), replace: false, submit: false }).await.unwrap();
    assert_eq!(value_of("name"), "Ada Lovelace");
    act::act(&doc, &field("Notes"), None, &DomAction::Type { text: "line".into(), replace: true, submit: false }).await.unwrap();
    assert_eq!(value_of("notes"), "line");
    act::act(&doc, &sel(json!({"kind":"css","css":"#ed"})), None, &DomAction::Type { text: "rich".into(), replace: true, submit: false }).await.unwrap();
    assert_eq!(text_of("ed"), "rich");
    let not_text = act::act(&doc, &sel(json!({"kind":"css","css":"#echo"})), None, &DomAction::Type { text: "x".into(), replace: true, submit: false }).await.unwrap_err();
    assert!(matches!(not_text, ActError::Unsupported { .. }), "{not_text:?}");
    fixture("");
}

#[wasm_bindgen_test]
async fn typing_with_submit_and_enter_submit_the_form() {
    fixture(
        r#"<form id=f onsubmit="event.preventDefault(); document.getElementById('sent').textContent = new FormData(this).get('q')">
        <input name=q aria-label=Search></form><p id=sent></p>"#,
    );
    let doc = document();
    let q = sel(json!({"kind":"role","role":"textbox","name":"Search"}));
    act::act(&doc, &q, None, &DomAction::Type { text: "lamps".into(), replace: true, submit: true }).await.unwrap();
    assert_eq!(text_of("sent"), "lamps");
    act::act(&doc, &q, None, &DomAction::Type { text: "desks".into(), replace: true, submit: false }).await.unwrap();
    act::act(&doc, &q, None, &DomAction::PressKey { key: "Enter".into() }).await.unwrap();
    assert_eq!(text_of("sent"), "desks");
    fixture("");
}

#[wasm_bindgen_test]
async fn select_by_value_text_and_index() {
    fixture(
        r#"<label>Size <select id=s onchange="document.getElementById('picked').textContent = this.value">
        <option value=s>Small</option><option value=m>Medium</option><option value=l disabled>Large</option></select></label><p id=picked></p>"#,
    );
    let doc = document();
    let size = sel(json!({"kind":"role","role":"combobox","name":"Size"}));
    let out = act::act(&doc, &size, None, &DomAction::Select { value: "m".into(), by: SelectBy::Auto }).await.unwrap();
    assert_eq!((text_of("picked").as_str(), out.detail.as_deref()), ("m", Some("Medium")));
    act::act(&doc, &size, None, &DomAction::Select { value: "small".into(), by: SelectBy::Text }).await.unwrap();
    assert_eq!(value_of("s"), "s");
    act::act(&doc, &size, None, &DomAction::Select { value: "1".into(), by: SelectBy::Index }).await.unwrap();
    assert_eq!(value_of("s"), "m");
    let none = act::act(&doc, &size, None, &DomAction::Select { value: "XL".into(), by: SelectBy::Auto }).await.unwrap_err();
    assert!(none.to_string().contains("Small, Medium, Large"), "{none}");
    let off = act::act(&doc, &size, None, &DomAction::Select { value: "l".into(), by: SelectBy::Value }).await.unwrap_err();
    assert!(matches!(off, ActError::Disabled { .. }), "{off:?}");
    fixture("");
}

#[wasm_bindgen_test]
async fn check_sets_the_wanted_state_and_knows_when_it_already_holds() {
    fixture(
        r#"<label><input type=checkbox id=news> Newsletter</label>
        <div role=switch aria-checked=false tabindex=0 id=sw onclick="this.setAttribute('aria-checked', this.getAttribute('aria-checked') !== 'true')">Dark mode</div>
        <label><input type=checkbox id=styled style="opacity:0;position:absolute;width:1px;height:1px"> Terms</label>"#,
    );
    let doc = document();
    let news = sel(json!({"kind":"role","role":"checkbox","name":"Newsletter"}));
    let checked = |id: &str| js_sys::Reflect::get(&doc.get_element_by_id(id).unwrap(), &"checked".into()).unwrap().as_bool().unwrap();
    act::act(&doc, &news, None, &DomAction::Check { checked: true }).await.unwrap();
    assert!(checked("news"));
    let again = act::act(&doc, &news, None, &DomAction::Check { checked: true }).await.unwrap();
    assert!(!again.changed && again.attempts == 1, "already checked: {again:?}");
    act::act(&doc, &news, None, &DomAction::Check { checked: false }).await.unwrap();
    assert!(!checked("news"));
    act::act(&doc, &sel(json!({"kind":"role","role":"switch","name":"Dark mode"})), None, &DomAction::Check { checked: true }).await.unwrap();
    assert_eq!(doc.get_element_by_id("sw").unwrap().get_attribute("aria-checked").as_deref(), Some("true"));
    act::act(&doc, &sel(json!({"kind":"role","role":"checkbox","name":"Terms"})), None, &DomAction::Check { checked: true }).await.unwrap();
    assert!(checked("styled"), "a visually hidden input is checked through its label");
    fixture("");
}

#[wasm_bindgen_test]
async fn submit_hover_and_keys() {
    fixture(
        r#"<form onsubmit="event.preventDefault(); document.getElementById('r').textContent = 'sent'"><input aria-label=Email required value="a@b.c"><button>Join</button></form>
        <p id=r></p><span id=tip role=button tabindex=0 onmouseover="this.textContent = 'hovered'">Info</span>
        <input aria-label=First id=first><input aria-label=Second id=second>"#,
    );
    let doc = document();
    act::act(&doc, &sel(json!({"kind":"role","role":"textbox","name":"Email"})), None, &DomAction::Submit).await.unwrap();
    assert_eq!(text_of("r"), "sent");
    act::act(&doc, &button("Info"), None, &DomAction::Hover).await.unwrap();
    assert_eq!(text_of("tip"), "hovered");
    let first = sel(json!({"kind":"role","role":"textbox","name":"First"}));
    // Focus sits on the field Tab will reach: the press starts by focusing
    // its target, so the move back to "second" is still seen as a change.
    doc.get_element_by_id("second").unwrap().dyn_into::<web_sys::HtmlElement>().unwrap().focus().unwrap();
    let tab = act::act(&doc, &first, None, &DomAction::PressKey { key: "Tab".into() }).await.unwrap();
    assert_eq!(doc.active_element().unwrap().id(), "second");
    // Focus moving between two textboxes is a change: no retries.
    assert!(tab.changed && tab.changes.contains(&"focus".to_owned()) && tab.attempts == 1, "{tab:?}");
    let bad = act::act(&doc, &first, None, &DomAction::PressKey { key: "Hyper+x".into() }).await.unwrap_err();
    assert!(bad.to_string().contains("Hyper"), "{bad}");
    fixture("");
}

#[wasm_bindgen_test]
async fn scrolling_the_page_reports_the_move() {
    fixture(r#"<div style="height:5000px">tall</div>"#);
    let doc = document();
    let se = doc.scrolling_element().unwrap();
    se.set_scroll_top(0);
    let out = act::scroll_page(&doc, PageScroll::Down).await;
    assert!(out.changed && out.changes.contains(&"scroll".to_owned()), "{out:?}");
    assert!(se.scroll_top() > 0);
    act::scroll_page(&doc, PageScroll::Bottom).await;
    let bottom = se.scroll_top();
    act::scroll_page(&doc, PageScroll::Top).await;
    assert_eq!(se.scroll_top(), 0);
    assert!(bottom > 3000, "{bottom}");
    let _ = doc.body().unwrap().unchecked_ref::<web_sys::HtmlElement>();
    fixture("");
}

/// `pcd.query`'s sliced ranking gives exactly the one-shot ranking.
#[wasm_bindgen_test]
async fn sliced_ranking_equals_one_shot_ranking() {
    let cards: String = (0..40).map(|i| format!("<li><h3>Lamp {i}</h3><button>Add lamp {i} to cart</button></li>")).collect();
    fixture(&format!("<nav><a href=/a>Sign in</a><a href=/cart>Cart</a></nav><main><ul>{cards}</ul><form><input aria-label=Search><button>Search</button></form></main>"));
    let (facts, _) = bc_content::pcd::collect(&document());
    let built = bc_core::pcd::build(&facts, 1.0);
    for text in ["add lamp 7 to cart", "log in", "basket", "search"] {
        let q = bc_core::rank::RankQuery { text: Some(text.into()), kind: None, top_k: Some(5) };
        let one_shot = bc_core::rank::rank(q.clone(), bc_core::pcd::rank_candidates(&built)).unwrap();
        let ranker = bc_core::rank::Ranker::new(q, bc_core::pcd::rank_candidates(&built)).unwrap();
        let (sliced, stats) = bc_content::slice::rank(ranker).await;
        assert_eq!(sliced, one_shot, "{text}");
        assert!(stats.slices >= 1);
    }
    fixture("");
}

#[wasm_bindgen_test]
async fn wait_for_selector_text_url_and_timeout() {
    use bc_core::tools::WaitEvent;
    fixture(r#"<button onclick="setTimeout(() => { const p = document.createElement('p'); p.id = 'late'; p.textContent = 'Report ready'; this.after(p); history.pushState({}, '', '#report'); }, 300)">Start</button>"#);
    let doc = document();
    act::act(&doc, &button("Start"), None, &DomAction::Hover).await.unwrap();
    doc.query_selector("#fixture button").unwrap().unwrap().unchecked_into::<web_sys::HtmlElement>().click();
    let css = act::wait::wait_for(&doc, WaitEvent::Selector, Some("#late"), 3000).await.unwrap();
    assert_eq!(css.matched, Some(1));
    assert!(css.waited_ms >= 100, "{css:?}");
    let text = act::wait::wait_for(&doc, WaitEvent::Text, Some("report ready"), 1000).await.unwrap();
    assert_eq!(text.matched, Some(1));
    let url = act::wait::wait_for(&doc, WaitEvent::UrlChange, Some("#report"), 1000).await.unwrap();
    assert!(url.observation.url.ends_with("#report"));
    let role = act::wait::wait_for(&doc, WaitEvent::Selector, Some(r#"{"kind":"role","role":"paragraph"}"#), 1000).await;
    assert!(role.is_ok(), "{role:?}");
    let never = act::wait::wait_for(&doc, WaitEvent::Text, Some("never shown"), 300).await.unwrap_err();
    assert!(matches!(never, ActError::Timeout { .. }), "{never:?}");
    assert!(never.to_string().contains("\"never shown\""), "{never}");
    assert_eq!(never.code(), (bc_core::tools::ErrorCode::Timeout, true));
    let idle = act::wait::wait_for(&doc, WaitEvent::NetworkIdle, None, 3000).await;
    assert!(idle.is_ok(), "{idle:?}");
    let _ = web_sys::window().unwrap().history().unwrap().replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some("#"));
    fixture("");
}

/// A text that shows with no DOM mutation (a CSS animation ends its
/// `visibility: hidden`) is still found: a wait that skips looks while the
/// DOM stands still looks again at least every 500 ms.
#[wasm_bindgen_test]
async fn wait_for_text_shown_by_css_alone() {
    use bc_core::tools::WaitEvent;
    fixture(
        r#"<style>@keyframes bc-reveal { to { visibility: visible } } #css-late { visibility: hidden; animation: bc-reveal 0s 300ms forwards }</style><p id="css-late">Shown by CSS</p>"#,
    );
    let doc = document();
    let shown = act::wait::wait_for(&doc, WaitEvent::Text, Some("Shown by CSS"), 3000).await.unwrap();
    assert_eq!(shown.matched, Some(1));
    assert!(shown.waited_ms >= 250, "{shown:?}");
    fixture("");
}

/// A text wait also finds its text in a same-origin frame (it names no
/// frame): a form embedded in the page thanks the person inside it.
#[wasm_bindgen_test]
async fn wait_for_text_looks_into_same_origin_frames() {
    use bc_core::tools::WaitEvent;
    let fx = fixture("<main><h1>Support</h1></main>");
    let doc = document();
    // about:blank is same-origin and ready at once.
    let iframe = doc.create_element("iframe").unwrap();
    iframe.set_attribute("name", "feedback").unwrap();
    fx.append_child(&iframe).unwrap();
    let frame_doc = js_sys::Reflect::get(&iframe, &"contentDocument".into()).unwrap().unchecked_into::<Document>();
    frame_doc.body().unwrap().set_inner_html("<p id=status></p>");
    let status = frame_doc.get_element_by_id("status").unwrap();
    let show = wasm_bindgen::closure::Closure::once_into_js(move || status.set_text_content(Some("Thanks for your feedback!")));
    web_sys::window().unwrap().set_timeout_with_callback_and_timeout_and_arguments_0(show.unchecked_ref(), 200).unwrap();
    let thanks = act::wait::wait_for(&doc, WaitEvent::Text, Some("Thanks for your feedback"), 3000).await.unwrap();
    assert_eq!(thanks.matched, Some(1));
    assert!(thanks.waited_ms >= 100, "{thanks:?}");
    let never = act::wait::wait_for(&doc, WaitEvent::Text, Some("never shown"), 300).await.unwrap_err();
    assert!(matches!(never, ActError::Timeout { .. }), "{never:?}");
    fixture("");
}

async fn message(v: serde_json::Value) -> serde_json::Value {
    let msg = v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap();
    let out = wasm_bindgen_futures::JsFuture::from(bc_content::handle_message(msg)).await.unwrap();
    serde_json::from_str(&out.as_string().expect("the answer is JSON text")).unwrap()
}

use serde::Serialize;

/// `dom.extract` through the content module's message handler: the
/// invoices table by column, product cards by recogniser.
#[wasm_bindgen_test]
async fn extract_reads_every_item_with_the_advertised_fields() {
    let rows: String = (1..=14)
        .map(|i| format!("<tr><td>INV-{i:04}</td><td>2026-{:02}-01</td><td>${i}0.00</td><td>Paid</td><td><a href='/inv/{i}.pdf'>Download</a></td></tr>", (i % 12) + 1))
        .collect();
    let cards: String = (1..=6)
        .map(|i| format!("<li class=card><h3><a href='/p/{i}'>Lamp {i}</a></h3><span>${i}9.00</span><button>Add to cart</button></li>"))
        .collect();
    fixture(&format!(
        "<main><h2>Invoices</h2><table><thead><tr><th>Invoice</th><th>Date</th><th>Amount</th><th>Status</th><th>Download</th></tr></thead><tbody>{rows}</tbody></table>\
         <h2>Products</h2><ul class=grid>{cards}</ul></main>"
    ));
    let mini = message(json!({"type": "miniPcd"})).await;
    let collections = mini["mini"]["collections"].as_array().unwrap().clone();
    let invoices = collections.iter().find(|c| c["name"].as_str().unwrap_or("").to_lowercase().contains("invoice")).unwrap_or_else(|| panic!("{collections:?}"));
    let out = message(json!({"type": "extract", "collectionId": invoices["id"], "fields": []})).await;
    let x = &out["extraction"];
    assert_eq!(x["total"], 14, "{out}");
    assert_eq!(x["items"].as_array().unwrap().len(), 14);
    assert_eq!(x["items"][0]["date"], "2026-02-01", "{}", x["items"][0]);
    assert_eq!(x["items"][0]["amount"], "$10.00");
    assert_eq!(x["items"][13]["number"], "INV-0014");
    let products = collections.iter().find(|c| c["id"] != invoices["id"]).unwrap();
    let out = message(json!({"type": "extract", "collectionId": products["id"], "fields": ["title", "price", "detailUrl"]})).await;
    let items = out["extraction"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 6, "{out}");
    assert_eq!(items[2]["title"], "Lamp 3");
    assert_eq!(items[2]["price"], "$39.00");
    assert!(items[2]["detailUrl"].as_str().unwrap().ends_with("/p/3"), "{}", items[2]);
    let missing = message(json!({"type": "extract", "collectionId": "c0000", "fields": []})).await;
    assert_eq!(missing["type"], "refused", "{missing}");
    assert_eq!(missing["error"]["code"], "not_found");
    fixture("");
}

/// A control past the MiniPCD's 30 actions (a date picker's 15th day) is
/// still found by `pcd.query` (seed 000 §8.2 ranks up to 200 candidates)
/// and bound by `getDetails`, though the MiniPCD does not list it.
#[wasm_bindgen_test]
async fn query_finds_and_details_bind_a_control_past_the_budget() {
    let weeks: String = (0..5)
        .map(|w| {
            let days: String = (1..=7).map(|d| w * 7 + d).filter(|&n| n <= 31).map(|n| format!("<td tabindex=-1>{n}</td>")).collect();
            format!("<tr>{days}</tr>")
        })
        .collect();
    fixture(&format!(
        "<main><h2>Choose a date</h2><button>Previous month</button><button>Next month</button>\
         <table role=grid aria-label='March 2026'><tbody>{weeks}</tbody></table><button>OK</button><button>Cancel</button></main>"
    ));
    let mini = message(json!({"type": "miniPcd"})).await;
    let listed: Vec<String> = mini["mini"]["actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap().to_owned()).collect();
    // 30, or 15 when a long task (the test page loading) halved the budget.
    assert!(listed.len() <= 30, "{listed:?}");
    let day = (1..=31).map(|n| n.to_string()).find(|n| !listed.contains(n)).expect("a day past the budget");
    let out = message(json!({"type": "query", "query": {"text": day, "topK": 3}})).await;
    let hit = &out["hits"][0];
    assert_eq!(hit["label"], day.as_str(), "{out}");
    let out = message(json!({"type": "details", "ids": [hit["id"]]})).await;
    let selector: RoleSelector = serde_json::from_value(out["details"][0]["selector"].clone()).unwrap_or_else(|e| panic!("{e}: {out}"));
    let found = bc_content::resolve::resolve(&document(), &selector).unwrap();
    assert_eq!(found.len(), 1, "{selector:?}");
    assert_eq!(found[0].text_content().unwrap_or_default(), day);
    fixture("");
}

/// A listbox on show: the option is clicked; a disabled one is refused.
#[wasm_bindgen_test]
async fn select_on_an_aria_listbox_clicks_the_option() {
    fixture(
        r#"<ul role=listbox aria-label=Size id=size onclick="const o = event.target.closest('[role=option]'); if (o && o.getAttribute('aria-disabled') !== 'true') for (const x of this.children) x.setAttribute('aria-selected', x === o)">
        <li role=option aria-selected=true>Small</li><li role=option aria-selected=false id=m>Medium</li><li role=option aria-selected=false aria-disabled=true>Large</li></ul>"#,
    );
    let doc = document();
    let size = sel(json!({"kind":"role","role":"listbox","name":"Size"}));
    let out = act::act(&doc, &size, None, &DomAction::Select { value: "medium".into(), by: SelectBy::Text }).await.unwrap();
    assert_eq!(doc.get_element_by_id("m").unwrap().get_attribute("aria-selected").as_deref(), Some("true"));
    assert!(out.changed && out.detail.as_deref() == Some("Medium"), "{out:?}");
    let err = act::act(&doc, &size, None, &DomAction::Select { value: "Large".into(), by: SelectBy::Text }).await.unwrap_err();
    assert!(matches!(err, ActError::Disabled { .. }), "{err:?}");
    let err = act::act(&doc, &size, None, &DomAction::Select { value: "Huge".into(), by: SelectBy::Auto }).await.unwrap_err();
    assert!(err.to_string().contains("Small, Medium, Large"), "{err}");
    fixture("");
}

/// A combobox whose list renders later, in a portal at the end of the
/// body, with no aria-controls: opened, waited for, option clicked.
#[wasm_bindgen_test]
async fn select_on_a_combobox_opens_its_popup_and_picks() {
    fixture(
        r#"<ul role=listbox aria-label=Elsewhere><li role=option>Pro</li></ul>
        <button role=combobox aria-label=Plan aria-expanded=false id=plan onclick="
          const b = this; if (document.getElementById('plan-list')) return;
          setTimeout(() => {
            b.setAttribute('aria-expanded', 'true');
            const l = document.createElement('div'); l.setAttribute('role', 'listbox'); l.id = 'plan-list';
            for (const t of ['Free', 'Pro', 'Team']) {
              const o = document.createElement('div'); o.setAttribute('role', 'option'); o.textContent = t;
              o.onclick = () => { b.textContent = t; b.setAttribute('aria-expanded', 'false'); l.remove(); };
              l.appendChild(o);
            }
            document.body.appendChild(l);
          }, 80)">Free</button>"#,
    );
    let doc = document();
    let plan = sel(json!({"kind":"role","role":"combobox","name":"Plan"}));
    let out = act::act(&doc, &plan, None, &DomAction::Select { value: "Team".into(), by: SelectBy::Auto }).await.unwrap();
    assert_eq!(text_of("plan"), "Team");
    assert!(doc.get_element_by_id("plan-list").is_none());
    assert!(out.changed, "{out:?}");
    let err = act::act(&doc, &plan, None, &DomAction::Select { value: "Enterprise".into(), by: SelectBy::Text }).await.unwrap_err();
    assert!(err.to_string().contains("Free, Pro, Team"), "{err}");
    fixture("");
}

/// An editable combobox that offers options as you type (autocomplete).
#[wasm_bindgen_test]
async fn select_on_an_autocomplete_types_then_picks() {
    fixture(
        r#"<label for=city>City</label><input id=city role=combobox aria-controls=cities aria-expanded=false aria-autocomplete=list
          oninput="const i = this, q = this.value.toLowerCase(); setTimeout(() => {
            const l = document.getElementById('cities'); l.replaceChildren();
            for (const c of ['Berlin', 'Bern', 'Bergen', 'Paris']) if (c.toLowerCase().startsWith(q)) {
              const o = document.createElement('li'); o.setAttribute('role', 'option'); o.textContent = c;
              o.onclick = () => { i.value = c; document.getElementById('picked').textContent = c; l.replaceChildren(); };
              l.appendChild(o);
            }
          }, 40)"><ul id=cities role=listbox aria-label=Cities></ul><p id=picked></p>"#,
    );
    let doc = document();
    let city = sel(json!({"kind":"role","role":"combobox","name":"City"}));
    act::act(&doc, &city, None, &DomAction::Select { value: "Bern".into(), by: SelectBy::Text }).await.unwrap();
    assert_eq!(text_of("picked"), "Bern");
    assert_eq!(value_of("city"), "Bern");
    fixture("");
}

/// A click whose effect stays inside a web component's open shadow root is
/// a change, seen on the first attempt (before, each was "no change" and
/// clicked three times: a switch ended where it started, plus one).
#[wasm_bindgen_test]
async fn changes_inside_shadow_roots_count() {
    let rows = [
        ("widget state", r#"<button role="switch" aria-checked="false" onclick="__n++; this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true'))">Wi-Fi</button>"#),
        ("text", r#"<button onclick="__n++; this.getRootNode().getElementById('s').textContent = 'Saved'">Save</button><p id="s">Not saved</p>"#),
        ("structure", r#"<button onclick="__n++; this.getRootNode().append(document.createElement('hr'))">Add</button>"#),
        ("form state", r#"<button onclick="__n++; this.getRootNode().getElementById('q').value = 'x'">Fill</button><input id="q" aria-label="Query">"#),
    ];
    for (what, shadow) in rows {
        common::fixture_with_shadow_roots(&format!(r#"<main><h1>Settings</h1><x-panel><template shadowrootmode="open">{shadow}</template></x-panel></main>"#));
        js_sys::Reflect::set(&js_sys::global(), &"__n".into(), &0.into()).unwrap();
        let role = if what == "widget state" { "switch" } else { "button" };
        let name = ["Wi-Fi", "Save", "Add", "Fill"].into_iter().find(|n| shadow.contains(&format!(">{n}<"))).unwrap();
        let target = sel(json!({"kind":"role","role":role,"name":name}));
        let out = act::act(&document(), &target, None, &click()).await.unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(out.changed && out.attempts == 1, "{what}: {out:?}");
        assert!(out.changes.iter().any(|c| c == what || c == "dom"), "{what}: {:?}", out.changes);
        let clicks = js_sys::Reflect::get(&js_sys::global(), &"__n".into()).unwrap().as_f64().unwrap();
        assert_eq!(clicks, 1.0, "{what}: clicked once");
    }
    fixture("");
}

/// An action whose effect stays inside a same-origin frame is a change,
/// seen on the first attempt: the frame's text, form and widget states,
/// structure and mutations are watched with the page's. Before, a click
/// there was "no change" (or only "focus": the frame took it) and typing
/// into a frame's field was done twice and reported unchanged.
#[wasm_bindgen_test]
async fn changes_inside_same_origin_frames_count() {
    let rows = [
        ("widget state", r#"<button role="switch" aria-checked="false" onclick="parent.__n++; this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true'))">Wi-Fi</button>"#),
        ("text", r#"<button onclick="parent.__n++; document.getElementById('s').textContent = 'Saved'">Save</button><p id="s">Not saved</p>"#),
        ("structure", r#"<button onclick="parent.__n++; document.body.append(document.createElement('hr'))">Add</button>"#),
        ("form state", r#"<button onclick="parent.__n++; document.getElementById('q').value = 'x'">Fill</button><input id="q" aria-label="Query">"#),
    ];
    let frame_path = json!(["iframe[name=\"panel\"]"]);
    for (what, inner) in rows {
        let fx = fixture(r#"<main><h1>Settings</h1></main>"#);
        // about:blank is same-origin and ready at once.
        let iframe = document().create_element("iframe").unwrap();
        iframe.set_attribute("name", "panel").unwrap();
        fx.append_child(&iframe).unwrap();
        let frame_doc = js_sys::Reflect::get(&iframe, &"contentDocument".into()).unwrap().unchecked_into::<Document>();
        frame_doc.body().unwrap().set_inner_html(&format!("<main>{inner}</main>"));
        js_sys::Reflect::set(&js_sys::global(), &"__n".into(), &0.into()).unwrap();
        let role = if what == "widget state" { "switch" } else { "button" };
        let name = ["Wi-Fi", "Save", "Add", "Fill"].into_iter().find(|n| inner.contains(&format!(">{n}<"))).unwrap();
        let target = sel(json!({"kind":"role","role":role,"name":name,"framePath":frame_path}));
        let out = act::act(&document(), &target, None, &click()).await.unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(out.changed && out.attempts == 1, "{what}: {out:?}");
        assert!(out.changes.iter().any(|c| c == what || c == "dom"), "{what}: {:?}", out.changes);
        let clicks = js_sys::Reflect::get(&js_sys::global(), &"__n".into()).unwrap().as_f64().unwrap();
        assert_eq!(clicks, 1.0, "{what}: clicked once");
    }
    // Typing into a frame's field: once, and a change of form state.
    let fx = fixture("<main><h1>Feedback</h1></main>");
    let iframe = document().create_element("iframe").unwrap();
    iframe.set_attribute("name", "panel").unwrap();
    fx.append_child(&iframe).unwrap();
    let frame_doc = js_sys::Reflect::get(&iframe, &"contentDocument".into()).unwrap().unchecked_into::<Document>();
    frame_doc.body().unwrap().set_inner_html(r#"<label>Your feedback <input id="f"></label>"#);
    let field = sel(json!({"kind":"role","role":"textbox","name":"Your feedback","framePath":frame_path}));
    let out = act::act(&document(), &field, None, &DomAction::Type { text: "Great".into(), replace: true, submit: false }).await.unwrap();
    assert!(out.changed && out.attempts == 1, "{out:?}");
    assert!(out.changes.iter().any(|c| c == "form state"), "{:?}", out.changes);
    let value = js_sys::Reflect::get(&frame_doc.get_element_by_id("f").unwrap(), &"value".into()).unwrap().as_string();
    assert_eq!(value.as_deref(), Some("Great"));
    fixture("");
}

/// Scrolling the target into view is how an action starts, not its effect:
/// a click on text below the fold that does nothing is `no_effect`, not a
/// success whose change is the page's scroll; a button there that works
/// reports its own change only.
#[wasm_bindgen_test]
async fn scrolling_the_target_into_view_is_not_the_actions_effect() {
    fixture(r#"<div style="height:3000px"></div><p>Just some text</p><button onclick="this.textContent='Done'">Go</button><div style="height:3000px"></div>"#);
    let doc = document();
    let window = web_sys::window().unwrap();
    window.scroll_to_with_x_and_y(0.0, 0.0);
    let none = act::act(&doc, &sel(json!({"kind":"text","text":"Just some text"})), None, &click()).await.unwrap_err();
    assert!(matches!(none, ActError::NoEffect { .. }), "{none:?}");
    window.scroll_to_with_x_and_y(0.0, 0.0);
    let done = act::act(&doc, &button("Go"), None, &click()).await.unwrap();
    assert!(done.changed && !done.changes.iter().any(|c| c == "scroll"), "{done:?}");
    window.scroll_to_with_x_and_y(0.0, 0.0);
    fixture("");
}

/// Issue 45 point 1: a page-wide handler that marks whatever was clicked
/// (`event.target.classList.add`) changes the clicked paragraph's own
/// class; that is no proof a click on text that takes no clicks worked.
/// The same mark on a control is its effect.
#[wasm_bindgen_test]
async fn a_mark_on_a_clicked_paragraph_itself_is_no_proof_but_on_a_control_it_is() {
    fixture(
        r#"<main><p id=say>Click the button.</p><span id=chip style="cursor:pointer">Tag</span><button id=go>Go</button></main>"#,
    );
    // The page's delegated handler (fixtures' inline scripts do not run).
    let handler = js_sys::Function::new_with_args("e", "e.target.classList.add('seen-' + (e.target.dataset.n = (+(e.target.dataset.n || 0) + 1)))");
    document().add_event_listener_with_callback("click", &handler).unwrap();
    let text = sel(json!({"kind":"text","text":"Click the button."}));
    let err = act::act(&document(), &text, None, &click()).await.unwrap_err();
    assert!(matches!(err, ActError::NoEffect { .. }), "{err:?}");
    let chip = sel(json!({"kind":"text","text":"Tag"}));
    let out = act::act(&document(), &chip, None, &click()).await.unwrap();
    assert!(out.changed, "a pointer-cursor element's own change is its effect: {out:?}");
    let out = act::act(&document(), &button("Go"), None, &click()).await.unwrap();
    assert!(out.changed, "{out:?}");
    document().remove_event_listener_with_callback("click", &handler).unwrap();
    fixture("");
}
