//! CORS for every route: `Access-Control-Allow-Origin: *` on all responses,
//! and a 204 answer to every preflight (`OPTIONS`), which is not recorded.

use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub const ALLOW_METHODS: &str = "GET, POST, PUT, DELETE, OPTIONS";
pub const ALLOW_HEADERS: &str = "authorization, content-type";
/// Lets page scripts read `Retry-After` on a 429.
pub const EXPOSE_HEADERS: &str = "retry-after";

pub async fn middleware(req: Request, next: Next) -> Response {
    let mut response = if req.method() == Method::OPTIONS {
        let mut r = StatusCode::NO_CONTENT.into_response();
        let h = r.headers_mut();
        h.insert(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static(ALLOW_METHODS));
        h.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static(ALLOW_HEADERS));
        h.insert(header::ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("600"));
        r
    } else {
        next.run(req).await
    };
    let h = response.headers_mut();
    h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*"));
    h.insert(header::ACCESS_CONTROL_EXPOSE_HEADERS, HeaderValue::from_static(EXPOSE_HEADERS));
    response
}
