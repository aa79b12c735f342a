//! The page's half of `capture.candidates`: where the elements of MiniPCD
//! ids are (border boxes in CSS px of the top viewport, as `dom.resolve`
//! reports them, same-origin frame offsets added), whether each can be
//! seen, and the viewport with its devicePixelRatio. The worker then takes
//! the screenshot and crops it (bc-background `capture.rs`); only boxes
//! leave the page, never pixels or text.

use crate::pcd::{current_element, dom, frames};
use bc_core::capture::{is_visible, intersect, viewport_rect, CandidateBox, Viewport};
use bc_core::pcd::{Built, Target};
use bc_core::tools::{ErrorCode, ToolError};
use bc_core::types::Rect;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Element;

/// Boxes for `ids` of the current MiniPCD `built`, in the order asked.
pub fn boxes(built: &Built, ids: &[String]) -> Result<(Viewport, Vec<CandidateBox>), ToolError> {
    let unknown: Vec<&String> = ids.iter().filter(|id| built.bindings.target(id).is_none()).collect();
    if !unknown.is_empty() {
        // Ids of an older MiniPCD: refreshing helps, as for getDetails.
        return Err(ToolError::new(
            ErrorCode::NotFound,
            format!("unknown id(s) {unknown:?}: not in the page's current MiniPCD (the page may have changed; call getMiniPCD again)"),
            true,
        ));
    }
    let window = web_sys::window().ok_or_else(|| ToolError::new(ErrorCode::ContentUnavailable, "the page has no window", true))?;
    let size = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    let viewport = Viewport {
        width: size(window.inner_width()),
        height: size(window.inner_height()),
        device_pixel_ratio: window.device_pixel_ratio(),
    };
    let boxes = ids
        .iter()
        .map(|id| {
            let key = match built.bindings.target(id).expect("checked above") {
                Target::Action { key, .. } | Target::Form { key } | Target::Collection { key } => key,
            };
            let el = current_element(key).filter(dom::is_connected).ok_or_else(|| {
                ToolError::new(ErrorCode::Detached, format!("the element of id {id} is no longer in the page (call getMiniPCD again)"), true)
            })?;
            let (rect, clip) = placed(&el, viewport_rect(&viewport));
            let visible = rendered(&el) && clip.is_some_and(|c| is_visible(&rect, &c));
            Ok(CandidateBox { id: id.clone(), rect, visible })
        })
        .collect::<Result<Vec<_>, ToolError>>()?;
    Ok((viewport, boxes))
}

/// The element's border box in the top viewport, and the part of the top
/// viewport its frames let through (`None`: a frame shows none of it).
fn placed(el: &Element, top: Rect) -> (Rect, Option<Rect>) {
    let r = el.get_bounding_client_rect();
    let (mut dx, mut dy) = (0.0, 0.0);
    // Frame viewports, innermost first, each in its parent's coordinates.
    let mut windows = Vec::new();
    let mut doc = el.owner_document();
    // `frameElement` is null across origins: such frames run their own content script.
    while let Some(frame) = doc.as_ref().and_then(|d| d.default_view()).and_then(|w| w.frame_element().ok().flatten()) {
        let (x, y) = frames::content_origin(&frame);
        windows.push(Rect { x, y, width: f64::from(frame.client_width()), height: f64::from(frame.client_height()) });
        dx += x;
        dy += y;
        doc = frame.owner_document();
    }
    // Each frame's viewport, moved into top coordinates, narrows the clip.
    let mut clip = Some(top);
    let (mut ox, mut oy) = (dx, dy);
    for w in &windows {
        ox -= w.x;
        oy -= w.y;
        let in_top = Rect { x: w.x + ox, y: w.y + oy, ..*w };
        clip = clip.and_then(|c| intersect(&c, &in_top));
    }
    (Rect { x: r.x() + dx, y: r.y() + dy, width: r.width(), height: r.height() }, clip)
}

/// Whether the element is painted: `checkVisibility()` with visibility and
/// opacity (Chromium ≥ 121); where it is missing, boxes alone decide.
fn rendered(el: &Element) -> bool {
    let Ok(check) = js_sys::Reflect::get(el, &"checkVisibility".into()) else { return true };
    let Some(check) = check.dyn_ref::<js_sys::Function>() else { return true };
    let options = js_sys::Object::new();
    for key in ["visibilityProperty", "opacityProperty"] {
        let _ = js_sys::Reflect::set(&options, &key.into(), &JsValue::TRUE);
    }
    check.call1(el, &options).map(|v| v.as_bool().unwrap_or(true)).unwrap_or(true)
}
