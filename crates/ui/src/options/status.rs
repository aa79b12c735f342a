//! The options page's status line.

use super::Status;
use leptos::prelude::*;

/// A polite live region saying what the last request did; errors are
/// styled apart. Always present, so screen readers notice changes.
#[component]
pub fn StatusLine(
    /// The element's id (each form has its own line).
    id: &'static str,
    /// What to show; `None` shows nothing.
    status: RwSignal<Option<Status>>,
) -> impl IntoView {
    let class = move || match status.get() {
        Some(Status::Error(_)) => "status error",
        Some(Status::Success(_)) => "status success",
        Some(Status::Busy(_)) => "status busy",
        None => "status",
    };
    let text = move || match status.get() {
        Some(Status::Busy(text) | Status::Success(text) | Status::Error(text)) => text,
        None => String::new(),
    };
    view! {
        <p id=id class=class role="status" aria-live="polite">
            {text}
        </p>
    }
}
