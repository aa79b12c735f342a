//! Helpers shared by the browser tests: mount on a fake backend, query,
//! type, click, and let Leptos effects run.

#![allow(dead_code)]

pub mod options;
pub mod task;

use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// A page mounted in its own container on a [`bc_ui::FakeBackend`];
/// dropping it unmounts the page and removes the container.
pub struct Page {
    pub fake: Rc<bc_ui::FakeBackend>,
    pub root: HtmlElement,
    mounted: Option<bc_ui::Mounted>,
}

impl Page {
    pub async fn options() -> Page {
        Page::mount(bc_ui::mount_options).await
    }

    /// The side panel, past its opening request: it asks at once for the
    /// page in front to be perceived ahead (checked here, then forgotten, so
    /// tests see only what the conversation sends).
    pub async fn sidepanel() -> Page {
        let page = Page::mount(bc_ui::mount_sidepanel).await;
        assert_eq!(
            page.fake.take_requests(),
            vec![bc_core::protocol::PanelRequest::Prefetch]
        );
        page
    }

    async fn mount(mount: fn(Rc<dyn bc_ui::Backend>, HtmlElement) -> bc_ui::Mounted) -> Page {
        let document = web_sys::window().unwrap().document().unwrap();
        // A failed test aborts without unwinding, so its page is still here.
        let leftovers = document.query_selector_all("[data-test-page]").unwrap();
        for i in 0..leftovers.length() {
            leftovers
                .get(i)
                .unwrap()
                .unchecked_into::<Element>()
                .remove();
        }
        let root: HtmlElement = document.create_element("div").unwrap().unchecked_into();
        root.set_attribute("data-test-page", "").unwrap();
        document.body().unwrap().append_child(&root).unwrap();
        let fake = Rc::new(bc_ui::FakeBackend::default());
        let mounted = mount(fake.clone(), root.clone());
        settle().await;
        Page {
            fake,
            root,
            mounted: Some(mounted),
        }
    }

    /// The only element matching `selector`.
    pub fn get(&self, selector: &str) -> Element {
        let all = self.root.query_selector_all(selector).unwrap();
        assert_eq!(all.length(), 1, "expected exactly one `{selector}`");
        all.get(0).unwrap().unchecked_into()
    }

    pub fn count(&self, selector: &str) -> u32 {
        self.root.query_selector_all(selector).unwrap().length()
    }

    /// The button whose text is `text`.
    pub fn button(&self, text: &str) -> web_sys::HtmlButtonElement {
        let all = self.root.query_selector_all("button").unwrap();
        let found: Vec<_> = (0..all.length())
            .filter_map(|i| all.get(i))
            .filter(|node| node.text_content().unwrap_or_default().trim() == text)
            .collect();
        assert_eq!(
            found.len(),
            1,
            "expected one button `{text}`, found {}",
            found.len()
        );
        found[0].clone().unchecked_into()
    }

    /// The form control a visible label with this exact text points at.
    pub fn labelled(&self, label: &str) -> HtmlElement {
        let labels = self.root.query_selector_all("label").unwrap();
        let label: web_sys::HtmlLabelElement = (0..labels.length())
            .filter_map(|i| labels.get(i))
            .find(|node| node.text_content().unwrap_or_default().trim() == label)
            .unwrap_or_else(|| panic!("no label `{label}`"))
            .unchecked_into();
        label
            .control()
            .unwrap_or_else(|| panic!("label `{}` has no control", label.html_for()))
            .unchecked_into()
    }

    /// `data-status` of each step (of a command run or a task), in order.
    pub fn step_statuses(&self) -> Vec<String> {
        let all = self.root.query_selector_all(".step").unwrap();
        (0..all.length())
            .map(|i| {
                all.get(i)
                    .unwrap()
                    .unchecked_into::<Element>()
                    .get_attribute("data-status")
                    .unwrap_or_default()
            })
            .collect()
    }

    pub fn text(&self, selector: &str) -> String {
        self.get(selector).text_content().unwrap_or_default()
    }

    pub async fn click(&self, text: &str) {
        self.button(text).click();
        settle().await;
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        drop(self.mounted.take());
        self.root.remove();
    }
}

/// Types `value` into an input or textarea, as a user would.
pub async fn type_into(control: &HtmlElement, value: &str) {
    if let Some(input) = control.dyn_ref::<web_sys::HtmlInputElement>() {
        input.set_value(value);
    } else {
        control
            .unchecked_ref::<web_sys::HtmlTextAreaElement>()
            .set_value(value);
    }
    fire(control, "input").await;
}

/// Dispatches a bubbling event of type `kind` on `control`, as the
/// browser does when the user changes it.
pub async fn fire(control: &HtmlElement, kind: &str) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    control
        .dispatch_event(&web_sys::Event::new_with_event_init_dict(kind, &init).unwrap())
        .unwrap();
    settle().await;
}

/// Presses a key on `control`.
pub async fn press(control: &HtmlElement, key: &str, shift: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_shift_key(shift);
    init.set_bubbles(true);
    init.set_cancelable(true);
    control
        .dispatch_event(
            &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
    settle().await;
}

/// Lets pending effects and tasks run.
pub async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
    gloo_timers::future::TimeoutFuture::new(0).await;
}

pub fn value_of(control: &HtmlElement) -> String {
    if let Some(input) = control.dyn_ref::<web_sys::HtmlInputElement>() {
        input.value()
    } else {
        control
            .unchecked_ref::<web_sys::HtmlTextAreaElement>()
            .value()
    }
}

pub fn is_disabled(control: &Element) -> bool {
    control.has_attribute("disabled")
}
