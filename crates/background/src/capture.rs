//! `capture.candidates(tabId, ids)` (seed 000 §7, issue 4 point 2): a JPEG of
//! the visible tab, the boxes of the MiniPCD ids, and up to three padded
//! crops of the first visible ones, for a vision model to decide between
//! candidates the text could not separate.
//!
//! 1. The tab must exist, be a page we may read, and be the active tab of
//!    its window: `chrome.tabs.captureVisibleTab` only sees what a window
//!    shows. An inactive tab is refused (`tab_not_active`) rather than
//!    activated, because a read-only tool should not change what the user
//!    is looking at; the caller can `tabs.switch` and ask again.
//! 2. The page measures the boxes (`ContentRequest::CandidateBoxes`; a
//!    cross-origin frame its own ids', moved into the top page by
//!    `frames::candidate_boxes`), then the worker captures at once, so both
//!    describe the same moment.
//! 3. The JPEG is decoded with `createImageBitmap` and cropped on an
//!    `OffscreenCanvas` (both exist in MV3 service workers). The geometry —
//!    scale from CSS px, padding, clamping, size bounds — is
//!    `bc_core::capture`'s.
//!
//! The image is the tool's result and goes only to its caller.

use crate::{chrome, js, tabs};
use bc_core::capture::{
    capture_scale, check_ids, fit, plan_crops, data_url, CandidateBox, CandidateCapture, CaptureError, Crop, Size, Viewport,
    CROP_QUALITY, IMAGE_QUALITY, MAX_IMAGE_SIDE,
};
use bc_core::tools::{ErrorCode, ToolError};
use gloo_timers::future::TimeoutFuture;
use serde_json::json;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, ImageBitmap, ImageEncodeOptions, OffscreenCanvas, OffscreenCanvasRenderingContext2d, WorkerGlobalScope};

/// Chrome allows two captures per second per extension
/// (`MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND`); a refused one is retried
/// after the window has passed, this many times.
const QUOTA_RETRIES: u32 = 3;
const QUOTA_WAIT_MS: u32 = 550;

/// The whole tool. Runs in the tab's lane, so no action moves the page
/// between the measuring and the capture.
pub async fn candidates(tab_id: i32, ids: Vec<String>) -> Result<CandidateCapture, ToolError> {
    check_ids(&ids).map_err(|e| e.tool_error())?;
    let tab = chrome::tabs_get(tab_id)
        .await
        .map_err(|_| ToolError::new(ErrorCode::NoSuchTab, format!("there is no tab {tab_id}"), false))?;
    let target = tabs::TargetTab { id: tab_id, url: js::get_str(&tab, "url").unwrap_or_default() };
    tabs::check_readable(&target).map_err(|e| ToolError::new(ErrorCode::RestrictedUrl, e.to_string(), false))?;
    let active = js_sys::Reflect::get(&tab, &"active".into()).ok().and_then(|v| v.as_bool()).unwrap_or(false);
    let window_id = js::get_i32(&tab, "windowId");
    let Some(window_id) = window_id.filter(|_| active) else {
        return Err(CaptureError::NotActive { tab_id }.tool_error());
    };

    // Framed ids (`childId@tag`) are measured by their cross-origin frame.
    let (viewport, boxes) = crate::frames::candidate_boxes(tab_id, ids).await?;
    let shot = capture(window_id).await.map_err(|e| e.tool_error())?;
    assemble(shot, viewport, boxes).await.map_err(|e| e.tool_error())
}

/// `captureVisibleTab` as JPEG, retried while Chrome's per-second quota refuses it.
async fn capture(window_id: i32) -> Result<String, CaptureError> {
    let options = js::to_js(&json!({ "format": "jpeg", "quality": IMAGE_QUALITY }));
    let mut attempt = 0;
    loop {
        match chrome::tabs_capture_visible_tab(window_id, &options).await {
            Ok(url) => return url.as_string().ok_or_else(|| CaptureError::Capture("Chrome returned no image".into())),
            Err(e) => {
                let text = js::error_text(&e);
                if attempt >= QUOTA_RETRIES || !text.contains("MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND") {
                    return Err(CaptureError::Capture(text));
                }
                attempt += 1;
                TimeoutFuture::new(QUOTA_WAIT_MS).await;
            }
        }
    }
}

/// Decodes the capture, bounds it, and cuts the crops.
async fn assemble(shot: String, viewport: Viewport, boxes: Vec<CandidateBox>) -> Result<CandidateCapture, CaptureError> {
    let bitmap = decode(&shot).await?;
    let captured = Size { width: bitmap.width(), height: bitmap.height() };
    let result = cut(&bitmap, shot, captured, viewport, boxes).await;
    // Frees the decoded pixels now rather than at the next GC.
    bitmap.close();
    result
}

async fn cut(bitmap: &ImageBitmap, shot: String, captured: Size, viewport: Viewport, boxes: Vec<CandidateBox>) -> Result<CandidateCapture, CaptureError> {
    let out = fit(captured, MAX_IMAGE_SIDE);
    let image = if out == captured {
        // Already JPEG at our quality: no second encoding.
        shot
    } else {
        let all = bc_core::capture::PixelRect { x: 0, y: 0, width: captured.width, height: captured.height };
        encode(bitmap, all, out, IMAGE_QUALITY).await?
    };
    let mut crops = Vec::new();
    for plan in plan_crops(&boxes, &viewport, captured) {
        crops.push(Crop {
            image: encode(bitmap, plan.source, plan.output, CROP_QUALITY).await?,
            width: plan.output.width,
            height: plan.output.height,
            rect: plan.region,
            id: plan.id,
        });
    }
    let scale = capture_scale(captured, &viewport) * if captured.width > 0 { f64::from(out.width) / f64::from(captured.width) } else { 1.0 };
    Ok(CandidateCapture { image, width: out.width, height: out.height, scale, viewport, boxes, crops })
}

fn image_error(what: &str) -> impl Fn(JsValue) -> CaptureError + '_ {
    move |e| CaptureError::Image(format!("{what}: {}", js::error_text(&e)))
}

/// The data URL's pixels (`fetch` reads `data:` URLs; no base64 in Rust).
async fn decode(data_url: &str) -> Result<ImageBitmap, CaptureError> {
    let global: WorkerGlobalScope = js_sys::global().unchecked_into();
    let response: web_sys::Response = JsFuture::from(global.fetch_with_str(data_url)).await.map_err(image_error("reading the capture"))?.unchecked_into();
    let blob: Blob = JsFuture::from(response.blob().map_err(image_error("reading the capture"))?)
        .await
        .map_err(image_error("reading the capture"))?
        .unchecked_into();
    let bitmap = global.create_image_bitmap_with_blob(&blob).map_err(image_error("decoding the capture"))?;
    Ok(JsFuture::from(bitmap).await.map_err(image_error("decoding the capture"))?.unchecked_into())
}

/// `source` of the bitmap drawn at `out` size, as a JPEG data URL.
async fn encode(bitmap: &ImageBitmap, source: bc_core::capture::PixelRect, out: Size, quality: u8) -> Result<String, CaptureError> {
    let canvas = OffscreenCanvas::new(out.width, out.height).map_err(image_error("making a canvas"))?;
    let ctx: OffscreenCanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(image_error("making a canvas"))?
        .ok_or_else(|| CaptureError::Image("no 2d context".into()))?
        .unchecked_into();
    // Downscaling with the default ("low") smoothing blurs text unevenly.
    let _ = js_sys::Reflect::set(&ctx, &"imageSmoothingQuality".into(), &"high".into());
    ctx.draw_image_with_image_bitmap_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
        bitmap,
        f64::from(source.x),
        f64::from(source.y),
        f64::from(source.width),
        f64::from(source.height),
        0.0,
        0.0,
        f64::from(out.width),
        f64::from(out.height),
    )
    .map_err(image_error("drawing"))?;
    let options = ImageEncodeOptions::new();
    options.set_type("image/jpeg");
    options.set_quality(f64::from(quality) / 100.0);
    let blob: Blob = JsFuture::from(canvas.convert_to_blob_with_options(&options).map_err(image_error("encoding"))?)
        .await
        .map_err(image_error("encoding"))?
        .unchecked_into();
    let bytes = JsFuture::from(blob.array_buffer()).await.map_err(image_error("encoding"))?;
    Ok(data_url("image/jpeg", &js_sys::Uint8Array::new(&bytes).to_vec()))
}
