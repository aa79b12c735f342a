//! Digest extraction from real DOM fixtures, in headless Chromium.
//! Each case: HTML in, expected digest fragments out.

mod common;

use bc_core::protocol::ContentResponse;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

struct Case {
    name: &'static str,
    html: &'static str,
    headings: &'static [&'static str],
    contains: &'static [&'static str],
    absent: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        name: "main content wins over chrome",
        html: r#"<header><h1>Acme</h1><nav>Home Pricing</nav></header>
                 <main><h2>Plans</h2><p>Pro costs $29/month.</p></main><footer>© Acme</footer>"#,
        headings: &["Acme", "Plans"],
        contains: &["Pro costs $29/month."],
        absent: &["© Acme", "Home Pricing"],
    },
    Case {
        name: "hidden and aria-hidden content is skipped",
        html: r#"<main><h2>Visible</h2><h2 style="display:none">Hidden heading</h2>
                 <p>Shown text</p><p hidden>secret hidden</p><div aria-hidden="true"><h3>Decor</h3></div></main>"#,
        headings: &["Visible"],
        contains: &["Shown text"],
        absent: &["secret hidden", "Hidden heading"],
    },
    Case {
        name: "form values (passwords, cards) never enter the digest",
        html: r#"<main><form><label>Password <input type="password" value="hunter2"></label>
                 <label>Card <input autocomplete="cc-number" value="4242424242424242"></label></form>
                 <script>var secretScript = 1;</script><style>.x{}</style></main>"#,
        headings: &[],
        contains: &["Password", "Card"],
        absent: &["hunter2", "4242424242424242", "secretScript", ".x{}"],
    },
    Case {
        name: "no main: falls back to article, then body",
        html: r#"<div><article><h1>Story</h1><p>Once upon a time.</p></article><aside>Ads here</aside></div>"#,
        headings: &["Story"],
        contains: &["Once upon a time."],
        absent: &["Ads here"],
    },
    Case {
        name: "open shadow roots are page content (web components); closed ones are not read",
        html: r#"<main><h1>Team</h1><x-card><template shadowrootmode="open"><style>.c{color:red}</style><h2>Members</h2>
                 <slot></slot><input aria-label="Note" value="secret-draft"></template><p>Ada is an admin.</p></x-card>
                 <x-closed><template shadowrootmode="closed"><p>Closed text</p></template></x-closed></main>"#,
        headings: &["Team", "Members"],
        contains: &["Team Members Ada is an admin."],
        absent: &["secret-draft", "color:red", "Closed text"],
    },
];

async fn digest_of(html: &str) -> bc_core::digest::PageDigest {
    // As the HTML parser reads a page: declarative shadow roots attached.
    common::fixture_with_shadow_roots(html);
    let resp = common::message(serde_wasm_bindgen::to_value(&serde_json_like("digest")).unwrap()).await;
    match resp {
        ContentResponse::Digest { digest } => digest,
        other => panic!("unexpected {other:?}"),
    }
}

fn serde_json_like(kind: &str) -> std::collections::BTreeMap<&'static str, String> {
    [("type", kind.to_string())].into_iter().collect()
}

#[wasm_bindgen_test]
async fn digest_cases() {
    for case in CASES {
        let d = digest_of(case.html).await;
        assert_eq!(d.headings, case.headings, "{}: headings", case.name);
        for want in case.contains {
            assert!(d.text.contains(want), "{}: text {:?} lacks {want:?}", case.name, d.text);
        }
        for bad in case.absent {
            assert!(!d.text.contains(bad) && !d.headings.iter().any(|h| h.contains(bad)), "{}: {bad:?} leaked into {d:?}", case.name);
        }
    }
}

/// A same-origin frame's headings and text follow the page's, its text
/// after a line naming the frame; a hidden frame and a field's value stay
/// out.
#[wasm_bindgen_test]
async fn same_origin_frames_are_read_after_the_page() {
    use wasm_bindgen::JsCast;
    let fx = common::fixture("<main><h1>Support</h1><p>Write to us below.</p></main>");
    let document = web_sys::window().unwrap().document().unwrap();
    // about:blank is same-origin and ready at once.
    let frame = |hidden: bool, title: &str, body: &str| {
        let iframe = document.create_element("iframe").unwrap();
        if hidden {
            iframe.set_attribute("hidden", "").unwrap();
        }
        fx.append_child(&iframe).unwrap();
        let doc = js_sys::Reflect::get(&iframe, &"contentDocument".into()).unwrap().unchecked_into::<web_sys::Document>();
        doc.set_title(title);
        doc.body().unwrap().set_inner_html(body);
    };
    frame(false, "Feedback form", r#"<h2>Feedback</h2><p>Tell us what to improve.</p><input aria-label="Feedback" value="my-draft">"#);
    frame(true, "Hidden", "<p>Hidden frame text</p>");
    let resp = common::message(serde_wasm_bindgen::to_value(&serde_json_like("digest")).unwrap()).await;
    let ContentResponse::Digest { digest: d } = resp else { panic!("unexpected {resp:?}") };
    assert_eq!(d.headings, ["Support", "Feedback"]);
    assert!(d.text.contains("Write to us below. [Frame “Feedback form”] Feedback Tell us what to improve."), "{:?}", d.text);
    assert!(!d.text.contains("my-draft") && !d.text.contains("Hidden frame text"), "{:?}", d.text);
    common::fixture("");
}

#[wasm_bindgen_test]
async fn ping_reports_build() {
    bc_content::start("wasm2js", Some("CompileError: test".into()));
    let resp = common::message(serde_wasm_bindgen::to_value(&serde_json_like("ping")).unwrap()).await;
    match resp {
        ContentResponse::Pong { build, fallback_reason, .. } => {
            assert_eq!(build, bc_core::protocol::ContentBuild::Wasm2js);
            assert_eq!(fallback_reason.as_deref(), Some("CompileError: test"));
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[wasm_bindgen_test]
async fn unknown_request_is_a_clear_failure() {
    let resp = common::message(serde_wasm_bindgen::to_value(&serde_json_like("teleport")).unwrap()).await;
    match resp {
        ContentResponse::Failed { error } => assert!(error.contains("unknown request"), "{error}"),
        other => panic!("unexpected {other:?}"),
    }
}
