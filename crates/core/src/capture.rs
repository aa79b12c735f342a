//! `capture.candidates` (seed 000 §7 "Capture (rare)", issue 4 point 2):
//! one screenshot of the visible tab, the boxes of the MiniPCD ids asked
//! about, and at most three padded crops of the first visible ones — for a
//! vision model deciding between look-alike candidates. This is the tool's
//! pure side: the result types, which boxes count as visible, and the crop
//! geometry (CSS px → image px, padding, clamping, size bounds), tested
//! natively. The page measures the boxes (bc-content `capture.rs`), the
//! service worker captures and crops (bc-background `capture.rs`).
//!
//! Coordinates: every `rect` is in CSS pixels of the top-level viewport,
//! the space `dom.resolve` reports in; the image is in device pixels, so
//! `scale` (image px per CSS px) is the devicePixelRatio (page zoom
//! included) times any downscaling applied to keep the image bounded.
//! The image never leaves the worker except as the tool's result.

use crate::tools::{ErrorCode, ToolError};
use crate::types::Rect;
use serde::{Deserialize, Serialize};

/// Crops per call: seed 000 §12 "1 full + ≤3 crops".
pub const MAX_CROPS: usize = 3;
/// Ids per call: a MiniPCD holds at most 30 actions, 20 forms and 20 collections.
pub const MAX_IDS: usize = 70;
/// Context kept around a candidate in its crop, in CSS px (enough for a
/// neighbouring label or icon, small enough to stay about the candidate).
pub const CROP_PADDING: f64 = 16.0;
/// Longest side of the full image, in px: a 1080p screen at 1× passes
/// unscaled; a 4K or 2× screen is halved (~200 KB of JPEG instead of ~1 MB).
pub const MAX_IMAGE_SIDE: u32 = 1920;
/// Longest side of a crop, in px.
pub const MAX_CROP_SIDE: u32 = 512;
/// JPEG quality of the full image, as `chrome.tabs.captureVisibleTab` takes
/// it (0–100) and `convertToBlob` (÷ 100): text stays legible.
pub const IMAGE_QUALITY: u8 = 70;
/// Crops are small; a higher quality keeps their text sharp.
pub const CROP_QUALITY: u8 = 85;
/// A candidate counts as visible when at least this much of it (CSS px,
/// each way) is inside the viewport: a 1-px sliver shows nothing.
pub const MIN_VISIBLE: f64 = 2.0;

/// The top-level viewport when the boxes were measured.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Viewport {
    /// `innerWidth`/`innerHeight`, CSS px (scrollbars included, as in the capture).
    pub width: f64,
    pub height: f64,
    /// `devicePixelRatio` (page zoom included).
    pub device_pixel_ratio: f64,
}

/// A size in image pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

/// A rectangle in image pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PixelRect {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

/// Where one asked-for id is on screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateBox {
    pub id: String,
    /// Border box in CSS px of the top viewport (may lie outside it).
    pub rect: Rect,
    /// Rendered (not `display:none`, `visibility:hidden`, `opacity:0`) and
    /// at least [`MIN_VISIBLE`] px of it inside the viewport (and inside
    /// every frame around it).
    pub visible: bool,
}

/// A close-up of one visible candidate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Crop {
    /// The candidate shown (the crops follow the order of the ids).
    pub id: String,
    /// `data:image/jpeg;base64,…`
    pub image: String,
    pub width: u32,
    pub height: u32,
    /// The part of the viewport shown: the candidate's box plus
    /// [`CROP_PADDING`], clamped to the viewport, CSS px.
    pub rect: Rect,
}

/// The result of `capture.candidates`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CandidateCapture {
    /// `data:image/jpeg;base64,…` of the visible part of the tab.
    pub image: String,
    pub width: u32,
    pub height: u32,
    /// Image px per CSS px: a box `rect` × `scale` is where it is in `image`.
    pub scale: f64,
    pub viewport: Viewport,
    /// One per id, in the order asked.
    pub boxes: Vec<CandidateBox>,
    /// At most [`MAX_CROPS`], of the first visible boxes; none when no
    /// candidate is visible.
    pub crops: Vec<Crop>,
}

/// What the worker draws for one crop.
#[derive(Debug, Clone, PartialEq)]
pub struct CropPlan {
    pub id: String,
    /// The region in CSS px (reported as [`Crop::rect`]).
    pub region: Rect,
    /// The same region in the captured bitmap's px.
    pub source: PixelRect,
    /// The crop's own size ([`MAX_CROP_SIDE`] at most).
    pub output: Size,
}

/// Why `capture.candidates` gave no capture.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CaptureError {
    #[error("capture.candidates needs at least one MiniPCD id")]
    NoIds,
    #[error("capture.candidates takes at most {MAX_IDS} ids, got {0}")]
    TooManyIds(usize),
    /// Chrome captures only what a window shows. Activating the tab would
    /// change what the user is looking at from a read-only tool, so the
    /// caller decides (`tabs.switch`, then capture again).
    #[error("tab {tab_id} is not the active tab of its window, and only what a window shows can be captured; call tabs.switch first")]
    NotActive { tab_id: i32 },
    #[error("Chrome could not capture the tab: {0}")]
    Capture(String),
    #[error("the screenshot could not be decoded or cropped: {0}")]
    Image(String),
}

impl CaptureError {
    pub fn tool_error(&self) -> ToolError {
        let (code, retryable) = match self {
            CaptureError::NoIds | CaptureError::TooManyIds(_) => (ErrorCode::InvalidArgs, false),
            CaptureError::NotActive { .. } => (ErrorCode::TabNotActive, false),
            // E.g. the window was minimised or the page was mid-navigation.
            CaptureError::Capture(_) => (ErrorCode::Internal, true),
            CaptureError::Image(_) => (ErrorCode::Internal, false),
        };
        ToolError::new(code, self.to_string(), retryable)
    }
}

/// Checks the ids before anything is measured.
pub fn check_ids(ids: &[String]) -> Result<(), CaptureError> {
    match ids.len() {
        0 => Err(CaptureError::NoIds),
        n if n > MAX_IDS => Err(CaptureError::TooManyIds(n)),
        _ => Ok(()),
    }
}

/// The intersection of two rectangles, if it has an area.
pub fn intersect(a: &Rect, b: &Rect) -> Option<Rect> {
    let x = a.x.max(b.x);
    let y = a.y.max(b.y);
    let right = (a.x + a.width).min(b.x + b.width);
    let bottom = (a.y + a.height).min(b.y + b.height);
    (right > x && bottom > y).then_some(Rect { x, y, width: right - x, height: bottom - y })
}

/// The viewport as a rectangle at the origin.
pub fn viewport_rect(v: &Viewport) -> Rect {
    Rect { x: 0.0, y: 0.0, width: v.width, height: v.height }
}

/// Whether enough of `rect` lies inside `clip` (the viewport, narrowed by
/// the frames around the element) to be seen.
pub fn is_visible(rect: &Rect, clip: &Rect) -> bool {
    intersect(rect, clip).is_some_and(|r| r.width >= MIN_VISIBLE && r.height >= MIN_VISIBLE)
}

/// Image px per CSS px of a capture: measured from the bitmap rather than
/// trusted from `devicePixelRatio`, so a capture that differs from the
/// viewport (zoom, a resize in between) still maps boxes onto the pixels.
pub fn capture_scale(captured: Size, viewport: &Viewport) -> f64 {
    if viewport.width > 0.0 && captured.width > 0 {
        f64::from(captured.width) / viewport.width
    } else if viewport.device_pixel_ratio > 0.0 {
        viewport.device_pixel_ratio
    } else {
        1.0
    }
}

/// `size` shrunk, keeping its aspect, so its longest side is at most
/// `max_side`; never enlarged; never below 1 px.
pub fn fit(size: Size, max_side: u32) -> Size {
    let longest = size.width.max(size.height);
    if longest <= max_side || longest == 0 {
        return size;
    }
    let k = f64::from(max_side) / f64::from(longest);
    let side = |n: u32| ((f64::from(n) * k).round() as u32).clamp(1, max_side);
    Size { width: side(size.width), height: side(size.height) }
}

/// `rect` grown by `padding` on every side and clamped to `clip`; `None`
/// when nothing of it is inside.
pub fn crop_region(rect: &Rect, padding: f64, clip: &Rect) -> Option<Rect> {
    let padded = Rect { x: rect.x - padding, y: rect.y - padding, width: rect.width + 2.0 * padding, height: rect.height + 2.0 * padding };
    intersect(&padded, clip)
}

/// A CSS-px region in image px: edges rounded outwards (a crop never cuts
/// into the candidate), clamped to the image; `None` when empty.
pub fn to_pixels(region: &Rect, scale: f64, image: Size) -> Option<PixelRect> {
    let clamp_x = |v: f64| v.clamp(0.0, f64::from(image.width));
    let clamp_y = |v: f64| v.clamp(0.0, f64::from(image.height));
    let left = clamp_x((region.x * scale).floor());
    let top = clamp_y((region.y * scale).floor());
    let right = clamp_x(((region.x + region.width) * scale).ceil());
    let bottom = clamp_y(((region.y + region.height) * scale).ceil());
    (right > left && bottom > top).then_some(PixelRect {
        x: left as u32,
        y: top as u32,
        width: (right - left) as u32,
        height: (bottom - top) as u32,
    })
}

/// The crops to draw from a capture of `captured` px: the first
/// [`MAX_CROPS`] visible boxes, in order, each padded and clamped.
pub fn plan_crops(boxes: &[CandidateBox], viewport: &Viewport, captured: Size) -> Vec<CropPlan> {
    let scale = capture_scale(captured, viewport);
    let clip = viewport_rect(viewport);
    boxes
        .iter()
        .filter(|b| b.visible)
        .filter_map(|b| {
            let region = crop_region(&b.rect, CROP_PADDING, &clip)?;
            let source = to_pixels(&region, scale, captured)?;
            let output = fit(Size { width: source.width, height: source.height }, MAX_CROP_SIDE);
            Some(CropPlan { id: b.id.clone(), region, source, output })
        })
        .take(MAX_CROPS)
        .collect()
}

/// `data:<mime>;base64,<bytes>` (standard alphabet, padded).
pub fn data_url(mime: &str, bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(mime.len() + 13 + bytes.len().div_ceil(3) * 4);
    out.push_str("data:");
    out.push_str(mime);
    out.push_str(";base64,");
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16) | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8) | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const VIEW: Viewport = Viewport { width: 1280.0, height: 900.0, device_pixel_ratio: 1.0 };

    fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect { x, y, width, height }
    }

    fn candidate(id: &str, r: Rect) -> CandidateBox {
        CandidateBox { id: id.into(), rect: r, visible: is_visible(&r, &viewport_rect(&VIEW)) }
    }

    #[test]
    fn visibility_needs_a_real_part_inside_the_clip() {
        let clip = viewport_rect(&VIEW);
        assert!(is_visible(&rect(10.0, 10.0, 100.0, 30.0), &clip));
        // Half out of the viewport still shows.
        assert!(is_visible(&rect(-50.0, 880.0, 100.0, 40.0), &clip));
        // Below the fold, beside it, empty, or a 1-px sliver: not visible.
        assert!(!is_visible(&rect(10.0, 950.0, 100.0, 30.0), &clip));
        assert!(!is_visible(&rect(1280.0, 10.0, 100.0, 30.0), &clip));
        assert!(!is_visible(&rect(10.0, 10.0, 0.0, 0.0), &clip));
        assert!(!is_visible(&rect(10.0, 899.0, 100.0, 30.0), &clip));
        // A frame narrower than the viewport clips too.
        assert!(!is_visible(&rect(500.0, 10.0, 50.0, 20.0), &rect(0.0, 0.0, 400.0, 300.0)));
    }

    #[test]
    fn scale_is_measured_from_the_capture() {
        assert_eq!(capture_scale(Size { width: 2560, height: 1800 }, &Viewport { device_pixel_ratio: 2.0, ..VIEW }), 2.0);
        // Page zoom 150 %: the viewport shrinks in CSS px, the capture does not.
        let zoomed = Viewport { width: 1280.0 / 1.5, height: 600.0, device_pixel_ratio: 1.5 };
        assert!((capture_scale(Size { width: 1280, height: 900 }, &zoomed) - 1.5).abs() < 1e-9);
        // Nothing measured: devicePixelRatio, else 1.
        assert_eq!(capture_scale(Size { width: 0, height: 0 }, &Viewport { device_pixel_ratio: 2.0, ..VIEW }), 2.0);
        assert_eq!(capture_scale(Size { width: 0, height: 0 }, &Viewport { width: 0.0, height: 0.0, device_pixel_ratio: 0.0 }), 1.0);
    }

    #[test]
    fn fit_shrinks_the_longest_side_only_when_needed() {
        assert_eq!(fit(Size { width: 1280, height: 900 }, MAX_IMAGE_SIDE), Size { width: 1280, height: 900 });
        assert_eq!(fit(Size { width: 3840, height: 2160 }, 1920), Size { width: 1920, height: 1080 });
        assert_eq!(fit(Size { width: 300, height: 2000 }, 512), Size { width: 77, height: 512 });
        assert_eq!(fit(Size { width: 5000, height: 1 }, 512), Size { width: 512, height: 1 });
        assert_eq!(fit(Size { width: 0, height: 0 }, 512), Size { width: 0, height: 0 });
    }

    #[test]
    fn crop_regions_are_padded_and_clamped_to_the_viewport() {
        let clip = viewport_rect(&VIEW);
        assert_eq!(crop_region(&rect(100.0, 100.0, 80.0, 30.0), 16.0, &clip), Some(rect(84.0, 84.0, 112.0, 62.0)));
        // At the corner the padding is cut off, not shifted inwards.
        assert_eq!(crop_region(&rect(0.0, 0.0, 50.0, 20.0), 16.0, &clip), Some(rect(0.0, 0.0, 66.0, 36.0)));
        assert_eq!(crop_region(&rect(1250.0, 880.0, 100.0, 100.0), 16.0, &clip), Some(rect(1234.0, 864.0, 46.0, 36.0)));
        assert_eq!(crop_region(&rect(10.0, 2000.0, 50.0, 20.0), 16.0, &clip), None);
    }

    #[test]
    fn pixels_round_outwards_and_stay_inside_the_image() {
        let image = Size { width: 2560, height: 1800 };
        assert_eq!(to_pixels(&rect(10.3, 20.7, 100.2, 30.1), 2.0, image), Some(PixelRect { x: 20, y: 41, width: 201, height: 61 }));
        assert_eq!(to_pixels(&rect(1270.0, 890.0, 50.0, 50.0), 2.0, image), Some(PixelRect { x: 2540, y: 1780, width: 20, height: 20 }));
        assert_eq!(to_pixels(&rect(1300.0, 10.0, 50.0, 50.0), 2.0, image), None);
        // A fractional scale (zoom 110 %).
        assert_eq!(to_pixels(&rect(0.0, 0.0, 100.0, 10.0), 1.1, image), Some(PixelRect { x: 0, y: 0, width: 111, height: 11 }));
    }

    #[test]
    fn crops_are_the_first_three_visible_candidates_in_order() {
        let boxes = [
            candidate("a1", rect(10.0, 2000.0, 100.0, 30.0)), // below the fold
            candidate("a2", rect(10.0, 10.0, 100.0, 30.0)),
            candidate("a3", rect(200.0, 10.0, 100.0, 30.0)),
            candidate("a4", rect(10.0, 10.0, 0.0, 0.0)), // not rendered
            candidate("a5", rect(400.0, 10.0, 2000.0, 30.0)), // wider than the viewport
            candidate("a6", rect(600.0, 10.0, 100.0, 30.0)),
        ];
        let plans = plan_crops(&boxes, &Viewport { device_pixel_ratio: 2.0, ..VIEW }, Size { width: 2560, height: 1800 });
        assert_eq!(plans.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["a2", "a3", "a5"]);
        let a2 = &plans[0];
        assert_eq!(a2.region, rect(0.0, 0.0, 126.0, 56.0));
        assert_eq!(a2.source, PixelRect { x: 0, y: 0, width: 252, height: 112 });
        assert_eq!(a2.output, Size { width: 252, height: 112 });
        // Clamped to the viewport's right edge, then shrunk to the crop bound.
        let a5 = &plans[2];
        assert_eq!(a5.source, PixelRect { x: 768, y: 0, width: 1792, height: 112 });
        assert_eq!(a5.output, Size { width: 512, height: 32 });
        // Nothing visible: no crops.
        assert!(plan_crops(&boxes[..1], &VIEW, Size { width: 1280, height: 900 }).is_empty());
    }

    #[test]
    fn ids_are_bounded_and_errors_carry_their_codes() {
        assert_eq!(check_ids(&[]), Err(CaptureError::NoIds));
        assert_eq!(check_ids(&vec!["a".to_owned(); MAX_IDS + 1]), Err(CaptureError::TooManyIds(MAX_IDS + 1)));
        assert_eq!(check_ids(&["a1".to_owned()]), Ok(()));
        let e = CaptureError::NotActive { tab_id: 7 }.tool_error();
        assert_eq!((e.code, e.retryable), (ErrorCode::TabNotActive, false));
        assert!(e.error.contains("tabs.switch"), "{}", e.error);
        assert_eq!(CaptureError::NoIds.tool_error().code, ErrorCode::InvalidArgs);
        assert!(CaptureError::Capture("minimised".into()).tool_error().retryable);
    }

    #[test]
    fn data_urls_are_standard_base64() {
        let cases: [(&[u8], &str); 5] = [(b"", ""), (b"f", "Zg=="), (b"fo", "Zm8="), (b"foo", "Zm9v"), (b"foobar", "Zm9vYmFy")];
        for (bytes, want) in cases {
            assert_eq!(data_url("image/jpeg", bytes), format!("data:image/jpeg;base64,{want}"));
        }
        assert_eq!(data_url("x", &[0xff, 0xfe, 0x00]), "data:x;base64,//4A");
    }

    #[test]
    fn results_serialise_with_camel_case_names() {
        let capture = CandidateCapture {
            image: "data:image/jpeg;base64,".into(),
            width: 1280,
            height: 900,
            scale: 1.0,
            viewport: VIEW,
            boxes: vec![candidate("a2", rect(10.0, 10.0, 100.0, 30.0))],
            crops: vec![],
        };
        let v = serde_json::to_value(&capture).unwrap();
        assert_eq!(v["viewport"]["devicePixelRatio"], 1.0);
        assert_eq!(v["boxes"][0]["visible"], true);
        assert_eq!(v["boxes"][0]["rect"]["width"], 100.0);
    }
}
