//! The first request of a page served in slices (`live::current_sliced`):
//! in a test binary of its own, since the live state starts once per page.

mod common;

use bc_content::live;
use common::fixture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn first_request_in_slices() {
    // Rows no structure alone makes a list (a `ul` of them would be read
    // in its first items only, `pcd_sampling.rs`): 1600 facts to compute.
    let mut html = String::from("<main><h1>Catalog</h1><div>");
    for i in 0..800 {
        html.push_str(&format!(
            r#"<div class="row"><a href="/p/{i}">Product {i}</a> <button>Add to cart</button></div>"#
        ));
    }
    html.push_str("</div></main>");
    let fx = fixture(&html);
    let _ = fx.get_bounding_client_rect();
    let document = web_sys::window().unwrap().document().unwrap();
    let perf = web_sys::window().unwrap().performance().unwrap();
    let t = perf.now();
    let b = live::current_sliced(&document).await;
    let s = live::stats();
    console_log!(
        "first request, sliced, {} controls: {:.1} ms in all, longest stretch {:.1} ms, {} slices, discovery in the collection: {}",
        s.held,
        perf.now() - t,
        s.longest_ms,
        s.slices,
        s.discovered
    );
    assert!(s.slices > 1, "{s:?}");
    assert_eq!(s.held, 1600);
    // The groups were read in the slices too: the collection re-read none
    // — unless the slices ran out first (64: a debug build on a busy
    // machine), or a change since made it discover again.
    if s.slices < 64 && !s.discovered {
        assert_eq!(s.groups_read, 0, "{s:?}");
    }
    // Same answer as one uncached collection.
    let (facts, _) = bc_content::pcd::collect(&document);
    if let Some(d) = common::facts_difference(&live::facts().unwrap(), &facts) {
        panic!("live facts differ from a fresh collection's: {d}");
    }
    let fresh = bc_core::pcd::build_with(&facts, b.mini.ts, live::budget());
    assert_eq!(b.mini, fresh.mini);
    assert_eq!(b.bindings, fresh.bindings);
}
