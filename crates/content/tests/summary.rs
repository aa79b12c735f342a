//! The page summary (seed 001) computed in the page from real DOM fixtures:
//! HTML in, expected summary fragments out, through the same message entry
//! the service worker uses. Also checks that no form value leaves the page.

mod common;

use bc_core::protocol::ContentResponse;
use bc_core::summary::PageSummary;
use serde_json::{json, Value};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn summarize(html: &str, mode: &str) -> Value {
    common::fixture(html);
    summary_of_fixture(mode).await
}

/// [`summarize`] with declarative shadow roots made real.
async fn summarize_shadow(html: &str, mode: &str) -> Value {
    common::fixture_with_shadow_roots(html);
    summary_of_fixture(mode).await
}

async fn summary_of_fixture(mode: &str) -> Value {
    let req = serde_wasm_bindgen::to_value(&json!({"type": "summary", "mode": mode})).unwrap();
    let resp = common::message(req).await;
    match resp {
        ContentResponse::Summary { summary } => {
            assert!(matches!((&summary, mode), (PageSummary::Compact(_), "compact") | (PageSummary::Full(_), "full")));
            serde_json::to_value(summary).unwrap()
        }
        other => panic!("unexpected {other:?}"),
    }
}

const LOGIN: &str = r#"<main><h1>Sign in</h1>
  <form><label>Email <input type="email" name="email" value="me@example.com"></label>
  <label>Password <input type="password" name="pw" value="hunter2"></label>
  <input type="hidden" name="csrf" value="tok3n"><button>Sign in</button></form>
  <p>Contact support at help@acme.test or +1 415 555 0100.</p></main>"#;

#[wasm_bindgen_test]
async fn login_page_compact() {
    let s = summarize(LOGIN, "compact").await;
    assert_eq!(s["type"], "login", "{s}");
    assert_eq!(s["headings"], json!(["h1: Sign in"]));
    assert_eq!(s["forms"], json!([{"fields": ["Email", "Password"]}]), "hidden inputs are not fields: {s}");
    assert_eq!(s["primary_actions"][0]["label"], "Sign in");
    let text = s.to_string();
    for secret in ["me@example.com", "hunter2", "tok3n", "help@acme.test", "555 0100"] {
        assert!(!text.contains(secret), "{secret} leaked: {text}");
    }
}

/// An app's sign-in box without a `<form>` is a login page; a page that
/// only keeps a hidden sign-in dialog in its markup is not.
#[wasm_bindgen_test]
async fn formless_sign_in_is_a_login_page() {
    let boxed = r#"<main><h1>Welcome back</h1><div class="card">
      <div><label for="e">Email</label><input id="e" type="email"></div>
      <div><label for="p">Password</label><input id="p" type="password"></div>
      <button type="button">Sign in</button></div></main>"#;
    let s = summarize(boxed, "compact").await;
    assert_eq!(s["type"], "login", "{s}");
    assert_eq!(s["forms"], json!([{"fields": ["Email", "Password"]}]), "the box is the page's form: {s}");
    let hidden = r#"<main><h1>Our blog</h1><p>Short news.</p>
      <div role="dialog" hidden><input type="email" aria-label="Email"><input type="password" aria-label="Password"></div></main>"#;
    assert_ne!(summarize(hidden, "compact").await["type"], "login");
}

/// The summary lists forms without a `<form>` as the MiniPCD finds them
/// (the same rows as `pcd_facts.rs`), in document order among the real
/// ones: a field list each, the same fields.
#[wasm_bindgen_test]
async fn forms_without_a_form_element_are_listed() {
    for (what, html, want) in common::FORMLESS_FORMS {
        let s = summarize(html, "full").await;
        let got: Vec<Vec<String>> = s["forms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["fields"].as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_owned()).collect())
            .collect();
        let want: Vec<Vec<String>> = want.iter().map(|(_, fields)| fields.iter().map(|x| x.to_string()).collect()).collect();
        assert_eq!(got, want, "{what}: {s}");
    }
}

/// A field's label in the summary is the first of its labels in tree
/// order, as `el.labels` lists them: a `for=` label before it, one
/// wrapping it, and one after; a field without a label falls back to
/// `aria-label`, then `placeholder`. (The summary reads them from the read
/// batch's labels index, not `el.labels`.)
#[wasm_bindgen_test]
async fn field_labels_are_the_first_label_in_tree_order() {
    let rows: &[(&str, &str, &[&str])] = &[
        (
            "for= before a wrapping label",
            r#"<form><label for="a">Billing email</label><label>Email <input id="a" type="email"></label><button>Save</button></form>"#,
            &["Billing email"],
        ),
        (
            "wrapping label before a for= label after it",
            r#"<form><label>Name <input id="n"></label><label for="n">Full name</label><button>Save</button></form>"#,
            &["Name"],
        ),
        (
            "a blank label falls to aria-label, no label to placeholder",
            r#"<form><label for="c"> </label><input id="c" aria-label="City"><input placeholder="Zip code"><button>Save</button></form>"#,
            &["City", "Zip code"],
        ),
    ];
    for (what, html, want) in rows {
        let s = summarize(html, "full").await;
        assert_eq!(s["forms"], json!([{ "fields": want }]), "{what}: {s}");
    }
}

#[wasm_bindgen_test]
async fn article_full() {
    let html = r#"<header><nav><a href="/">Home</a><a href="/blog">Blog</a></nav></header>
      <main><article><h1>Cutting our cloud bill</h1><h2>Where the money went</h2>
      <p>We spent three months measuring every service before changing anything at all.</p>
      <h3>Storage</h3><p>Old snapshots were the largest item.</p></article></main>"#;
    let s = summarize(html, "full").await;
    assert_eq!(s["headings"], json!(["h1: Cutting our cloud bill", "h2: Where the money went", "h3: Storage"]));
    let nav: Vec<&str> = s["nav_links"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(nav, ["Home", "Blog"], "{s}");
    assert!(s["main_content_preview"].as_str().unwrap().starts_with("Cutting our cloud bill"), "{s}");
    assert!(s["word_count"].as_u64().unwrap() >= 20, "{s}");
}

#[wasm_bindgen_test]
async fn ctas_rank_submit_first_and_skip_hidden() {
    let html = r#"<main><a href="/docs">Read the docs</a><button type="button">Start trial</button>
      <button style="display:none">Hidden action</button><form><input type="submit" value="Subscribe"></form></main>"#;
    let s = summarize(html, "compact").await;
    let labels: Vec<&str> = s["primary_actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert_eq!(labels.first(), Some(&"Subscribe"), "{s}");
    assert!(labels.contains(&"Start trial") && labels.contains(&"Read the docs"), "{s}");
    assert!(!labels.contains(&"Hidden action"), "{s}");
}

/// Every way an element is not rendered, for headings, CTAs and the
/// interactive count: `display:none` on it or above, `hidden`,
/// `aria-hidden` on it or above, `inert` above. `visibility:hidden` keeps
/// a box, so it still counts (as the client-rects test did).
#[wasm_bindgen_test]
async fn hidden_elements_are_left_out_everywhere() {
    let html = r#"<main><h1>Shown</h1><button>Go</button><a href="/a">Docs</a>
      <div style="display:none"><h2>In none</h2><button>None inside</button></div>
      <button hidden>Hidden attr</button>
      <div aria-hidden="true"><h2>In aria-hidden</h2><a href="/b">Aria inside</a></div>
      <button aria-hidden="true">Aria self</button>
      <div inert><button>Inert inside</button></div>
      <button style="visibility:hidden">Invisible</button></main>"#;
    let s = summarize(html, "full").await;
    assert_eq!(s["headings"], json!(["h1: Shown"]), "{s}");
    assert_eq!(s["interactive_element_count"], 3, "Go, Docs and the invisible one: {s}");
    let s = summarize(html, "compact").await;
    let labels: Vec<&str> = s["primary_actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"Go") && labels.contains(&"Docs"), "{s}");
    for gone in ["None inside", "Hidden attr", "Aria inside", "Aria self", "Inert inside"] {
        assert!(!labels.contains(&gone), "{gone} is not rendered: {labels:?}");
    }
}

/// Past 1000 interactive elements the count comes from an even sample
/// (`summary_facts::interactive_count`): close to the true count, also
/// when the page hides every third control, which a plain stride would
/// hit every time or never.
#[wasm_bindgen_test]
async fn large_interactive_counts_are_sampled_evenly() {
    let buttons: String = (0..3000)
        .map(|i| if i % 3 == 0 { format!("<button hidden>B{i}</button>") } else { format!("<button>B{i}</button>") })
        .collect();
    let s = summarize(&format!("<main><h1>Many</h1>{buttons}</main>"), "full").await;
    let count = s["interactive_element_count"].as_u64().unwrap();
    assert!((1900..=2100).contains(&count), "2000 shown of 3000, counted {count}");
    // Likewise a third in aria-hidden or inert subtrees (tested on the sample).
    let buttons: String = (0..3000)
        .map(|i| match i % 6 {
            0 => format!(r#"<span aria-hidden="true"><button>B{i}</button></span>"#),
            3 => format!("<div inert><button>B{i}</button></div>"),
            _ => format!("<button>B{i}</button>"),
        })
        .collect();
    let s = summarize(&format!("<main><h1>Many</h1>{buttons}</main>"), "full").await;
    let count = s["interactive_element_count"].as_u64().unwrap();
    assert!((1900..=2100).contains(&count), "2000 outside hidden subtrees of 3000, counted {count}");
    // At most 1000 matches: counted one by one.
    let buttons: String = (0..999).map(|i| if i % 3 == 0 { "<button hidden>x</button>" } else { "<button>x</button>" }).collect();
    let s = summarize(&format!("<main><h1>Fewer</h1>{buttons}</main>"), "full").await;
    assert_eq!(s["interactive_element_count"], 666, "{s}");
}

/// Navigation links: those inside `nav`, `header` or `role=navigation`, in
/// document order, each once however the containers nest; hidden ones and
/// links elsewhere are not.
#[wasm_bindgen_test]
async fn nav_links_once_in_document_order() {
    let html = r#"<header><a href="/">Home</a><nav><a href="/docs">Docs</a><nav><a href="/api">API</a></nav></nav></header>
      <main><h1>Page</h1><a href="/body">Body link</a>
      <div role="navigation"><a href="/prev">Previous</a><a href="/x" style="display:none">Gone</a></div></main>
      <footer><nav aria-label="Legal"><a href="/terms">Terms</a><span aria-hidden="true"><a href="/y">Hidden</a></span></nav></footer>"#;
    let s = summarize(html, "full").await;
    let nav: Vec<&str> = s["nav_links"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(nav, ["Home", "Docs", "API", "Previous", "Terms"], "{s}");
}

/// A sign-in page of web components: everything in open shadow roots,
/// fields inside components of their own inside the `<form>`.
const SHADOW_LOGIN: &str = r#"<x-app><template shadowrootmode="open">
  <header><nav><a href="/">Home</a> <a href="/pricing/">Pricing</a></nav></header>
  <main><h1>Sign in to Acme</h1><p>Welcome back. Pick up where you left off.</p>
    <form>
      <x-field><template shadowrootmode="open"><label for="i">Email</label><input id="i" type="email" name="email" value="me@example.com"></template></x-field>
      <x-field><template shadowrootmode="open"><label for="i">Password</label><input id="i" type="password" name="pw" value="hunter2"></template></x-field>
      <button type="submit">Sign in</button>
    </form></main>
</template></x-app>"#;

/// What is in open shadow roots is read as page content (web components:
/// before, this page had no heading, form or action, and no main text).
#[wasm_bindgen_test]
async fn open_shadow_roots_are_page_content() {
    let s = summarize_shadow(SHADOW_LOGIN, "compact").await;
    assert_eq!(s["type"], "login", "{s}");
    assert_eq!(s["headings"], json!(["h1: Sign in to Acme"]), "{s}");
    assert_eq!(s["forms"], json!([{"fields": ["Email", "Password"]}]), "fields of components inside the form: {s}");
    assert_eq!(s["primary_actions"][0]["label"], "Sign in", "{s}");
    let full = summarize_shadow(SHADOW_LOGIN, "full").await;
    let preview = full["main_content_preview"].as_str().unwrap();
    assert!(preview.starts_with("Sign in to Acme") && preview.contains("Welcome back."), "{full}");
    let nav: Vec<&str> = full["nav_links"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(nav, ["Home", "Pricing"], "{full}");
    for secret in ["me@example.com", "hunter2"] {
        assert!(!s.to_string().contains(secret) && !full.to_string().contains(secret), "{secret} leaked");
    }
}

/// Shadow content sits where its host is: headings in page order, a
/// slot's assigned nodes where the slot is, a component's `<style>` and a
/// `<textarea>`'s text never in the text; hidden hosts and closed shadow
/// roots (seed 000 §14) are not read.
#[wasm_bindgen_test]
async fn shadow_content_in_page_order_and_hidden_content_left_out() {
    let html = r#"<main><h1>Team settings</h1>
      <x-card><template shadowrootmode="open"><style>.t { color: red }</style><h2>Members</h2><slot></slot>
        <p>Only admins can invite.</p><textarea>draft: call 555 0100</textarea></template><p>Ada and Grace are members.</p></x-card>
      <x-hidden hidden><template shadowrootmode="open"><h2>Hidden panel</h2></template></x-hidden>
      <x-closed><template shadowrootmode="closed"><h2>Closed panel</h2></template></x-closed>
      <h2>Billing</h2></main>"#;
    let s = summarize_shadow(html, "full").await;
    assert_eq!(s["headings"], json!(["h1: Team settings", "h2: Members", "h2: Billing"]), "{s}");
    let preview = s["main_content_preview"].as_str().unwrap();
    let at = |t: &str| preview.find(t).unwrap_or_else(|| panic!("{t:?} not in {preview:?}"));
    assert!(at("Team settings") < at("Members") && at("Members") < at("Ada and Grace") && at("Ada and Grace") < at("Only admins") && at("Only admins") < at("Billing"), "{preview:?}");
    for absent in ["color: red", "draft", "Hidden panel", "Closed panel"] {
        assert!(!preview.contains(absent), "{absent:?} in {preview:?}");
    }
}

/// A form without a `<form>` inside a component's shadow root is found as
/// in the document.
#[wasm_bindgen_test]
async fn formless_form_in_a_shadow_root() {
    let html = r#"<main><h1>News</h1><x-newsletter><template shadowrootmode="open"><div class="box">
      <input type="email" aria-label="Your email"><button type="button">Subscribe</button></div></template></x-newsletter></main>"#;
    let s = summarize_shadow(html, "full").await;
    assert_eq!(s["forms"].as_array().map(|f| f.iter().map(|f| f["fields"].clone()).collect::<Vec<_>>()), Some(vec![json!(["Your email"])]), "{s}");
}

/// A call to action is labelled by its author's name when it has one
/// (`aria-labelledby`, `aria-label`), as its accessible name: "1 star",
/// not the "★" it shows.
#[wasm_bindgen_test]
async fn cta_labels_prefer_the_authors_name() {
    let html = r#"<main><h1>Rate</h1><button aria-label="1 star">★</button><span id="l">Close the dialog</span>
      <button aria-labelledby="l">×</button><button>Save</button><a href="/x" aria-label=" ">Plain link</a></main>"#;
    let s = summarize(html, "compact").await;
    let labels: Vec<&str> = s["primary_actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["1 star", "Close the dialog", "Save", "Plain link"], "{s}");
}

/// While a modal dialog is open the page behind it is inert: the summary
/// describes the dialog (its heading, text and buttons), which is what
/// must be dealt with first; the title stays the page's.
#[wasm_bindgen_test]
async fn a_modal_dialog_is_what_the_summary_describes() {
    let html = r#"<main><h1>Blue shoes</h1><p>Soft leather shoes for every day.</p><button>Add to cart</button><a href="/cart">Cart</a></main>
      <dialog id=consent><h2>We use cookies</h2><p>Choose which ones.</p><button>Accept all</button> <button>Reject all</button></dialog>"#;
    common::fixture(html);
    let before = summary_of_fixture("full").await;
    assert!(before["main_content_preview"].as_str().unwrap().contains("Soft leather"), "{before}");
    common::dialog("consent", "showModal");
    let c = summary_of_fixture("compact").await;
    let labels: Vec<&str> = c["primary_actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Accept all", "Reject all"], "{c}");
    assert_eq!(c["headings"], json!([]), "no h1 in the dialog: {c}");
    let f = summary_of_fixture("full").await;
    assert_eq!(f["headings"], json!(["h2: We use cookies"]), "{f}");
    let preview = f["main_content_preview"].as_str().unwrap();
    assert!(preview.starts_with("We use cookies Choose which ones.") && !preview.contains("Soft leather"), "{f}");
    common::dialog("consent", "close");
    let after = summary_of_fixture("compact").await;
    assert_eq!(after["primary_actions"][0]["label"], "Add to cart", "{after}");
    common::fixture("");
}

/// A dialog marked modal inside a web component's shadow root is the main
/// region as one in the document is.
#[wasm_bindgen_test]
async fn a_dialog_marked_modal_in_a_shadow_root_gives_the_calls_to_action() {
    let links: String = (0..300).map(|i| format!(r#"<li><a href="/p/{i}">Product {i}</a></li>"#)).collect();
    common::fixture(&format!(r#"<main><h1>All products</h1><button>Filter</button><ul>{links}</ul></main><div id=cmp></div>"#));
    let open = web_sys::ShadowRootInit::new(web_sys::ShadowRootMode::Open);
    let host = web_sys::window().unwrap().document().unwrap().get_element_by_id("cmp").unwrap();
    host.attach_shadow(&open).unwrap().set_inner_html(
        r#"<div role=dialog aria-modal=true aria-labelledby=ct style="position:fixed;bottom:0;left:0;right:0;background:white">
        <h2 id=ct>Cookies</h2><p>We use cookies to measure visits.</p><button>Accept all</button> <button>Reject all</button></div>"#,
    );
    let c = summary_of_fixture("compact").await;
    let labels: Vec<&str> = c["primary_actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Accept all", "Reject all"], "{c}");
    assert!(c["content_preview"].as_str().unwrap().starts_with("Cookies We use cookies"), "{c}");
    common::fixture("");
}

/// A dialog the page marks modal (`aria-modal`) is the summary's main
/// region, whatever its place: a cookie banner after 300 links gives the
/// calls to action and the preview; the headings stay the page's.
#[wasm_bindgen_test]
async fn a_dialog_marked_modal_gives_the_calls_to_action() {
    let links: String = (0..300).map(|i| format!(r#"<li><a href="/p/{i}">Product {i}</a></li>"#)).collect();
    let html = format!(
        r#"<main><h1>All products</h1><button>Filter</button><ul>{links}</ul></main>
        <div role=dialog aria-modal=true aria-labelledby=ct style="position:fixed;bottom:0;left:0;right:0;background:white">
        <h2 id=ct>Cookies</h2><p>We use cookies to measure visits.</p><button>Accept all</button> <button>Reject all</button></div>"#
    );
    common::fixture(&html);
    let c = summary_of_fixture("compact").await;
    let labels: Vec<&str> = c["primary_actions"].as_array().unwrap().iter().map(|a| a["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["Accept all", "Reject all"], "{c}");
    assert!(c["content_preview"].as_str().unwrap().starts_with("Cookies We use cookies"), "{c}");
    assert_eq!(c["headings"], json!(["h1: All products"]), "{c}");
    common::fixture("");
}

/// Buttons written with nothing between them (as React renders a list of
/// them) are separate words in the preview: `innerText` runs the texts of
/// inline-block boxes together ("Accept allReject all"). Links with text
/// between them stay one sentence.
#[wasm_bindgen_test]
async fn abutting_buttons_are_separate_words_in_the_preview() {
    let html = r#"<main><h1>Cookies</h1><div><p>Read the <a href="/terms">terms</a>, then <a href="/privacy">privacy</a>.</p>
        <div class=bar><button>Accept all</button><button>Reject all</button><a href="/prefs">Preferences</a></div></div></main>"#;
    for mode in ["compact", "full"] {
        let s = summarize(html, mode).await;
        let key = if mode == "compact" { "content_preview" } else { "main_content_preview" };
        let preview = s[key].as_str().unwrap();
        assert!(preview.contains("Read the terms, then privacy."), "{mode}: {preview:?}");
        assert!(preview.contains("Accept all Reject all Preferences"), "{mode}: {preview:?}");
        if mode == "full" {
            assert_eq!(s["word_count"], json!(11), "{s}");
        }
    }
    common::fixture("");
}

/// Issue 44 point 2, from real pages: a news article that keeps a hidden
/// sign-in form in its markup next to its search form is no login page,
/// and a Chinese article's words are counted though it has no spaces.
#[wasm_bindgen_test]
async fn a_hidden_sign_in_form_and_unspaced_scripts_keep_an_article_an_article() {
    let para = "风暴袭击了沿海地区，居民们正在撤离，当局发布了最新的安全指南。".repeat(4);
    let paras: String = (0..12).map(|_| format!("<p>{para}</p>")).collect();
    let html = format!(
        r#"<header><form role=search><input type=search name=q aria-label="搜索"><button>搜索</button></form>
          <form id=signin style="display:none"><input type=email aria-label=Email><input type=password aria-label=Password><button>登录</button></form></header>
          <main><h1>风暴袭击沿海</h1>{paras}</main>"#
    );
    let s = summarize(&html, "full").await;
    assert_eq!(s["type"], "article", "{s}");
    let words = s["word_count"].as_u64().unwrap();
    // ~1,300 Han characters in 13 space-free runs: split on spaces, 13 words.
    assert!(words >= 600, "unspaced words counted: {words}");
}

/// A short Chinese news story (six paragraphs, ~310 characters) in a
/// portal's page without landmarks: 20 channel links above, related
/// stories below. At two characters a word it counted under 200 words of
/// prose and came out a list of links; Chinese averages ~1.5 characters
/// a word (`summary::word_count`).
#[wasm_bindgen_test]
async fn a_short_chinese_story_among_many_links_is_an_article() {
    let paras = [
        "区政府今天上午召开会议，决定在今年秋季之前完成全区二十三所中小学的操场改造工程，并同步更新学校周边的交通标志和人行横道。",
        "教育局负责人表示，改造将优先安排在暑假期间进行，尽量减少对正常教学的影响，施工期间学生的体育课将临时安排在附近的体育馆。",
        "不少家长对这一消息表示欢迎。一位学生家长说，原来的操场坑坑洼洼，下雨后积水严重，孩子们经常没有办法在户外活动。",
        "据了解，此次改造的资金主要来自区级财政，部分学校还将获得市里的专项补助，全部工程预计总投资约一点二亿元。",
        "区政府同时表示，将邀请家长代表参与工程的监督，并在每所学校完工后组织验收，确保质量和安全达到标准后再交付使用。",
        "记者从区教育局获悉，第一批改造的八所学校名单将于下周公布，其余学校将根据施工条件分两批在秋季开学前完成。",
    ];
    let body: String = paras.iter().map(|p| format!("<p>{p}</p>")).collect();
    let channels: String = (0..20).map(|i| format!(r#"<li><a href="/c/{i}">频道{i}</a></li>"#)).collect();
    let related: String = (0..6).map(|i| format!(r#"<li><a href="/r/{i}">相关新闻标题第{i}条</a></li>"#)).collect();
    let html = format!(
        r#"<div class="nav"><ul>{channels}</ul></div>
          <div class="left"><h1>全区中小学操场今年完成改造</h1><div class="info">2026年5月8日 来源：本报</div>
          <div class="content">{body}</div><div class="related"><h3>相关新闻</h3><ul>{related}</ul></div></div>"#
    );
    let s = summarize(&html, "compact").await;
    assert_eq!(s["type"], "article", "{s}");
}
