//! Rendered forms (`<form>`, `role=form|search`, `<search>`) and what
//! purpose inference needs, as `bc_core::kind::FormFacts` documents: field
//! labels, names, types and autocomplete tokens, the submit label, role,
//! name, heading, action path and landmark. Never a field's value.

use super::{context, dom, frames::Scope, landmark};
use crate::aria;
use bc_core::kind::{FieldFacts, FormFacts};
use bc_core::pcd::{ControlFact, FormFact};
use web_sys::Element;

pub const FORM_SEL: &str = "form, [role~=form i], [role~=search i], search";
const MAX_FIELDS: usize = 40;
const FIELD_SEL: &str = "input:not([type=hidden i]):not([type=submit i]):not([type=button i]):not([type=reset i]):not([type=image i]), \
select, textarea, [role~=textbox i], [role~=combobox i], [role~=searchbox i], [role~=checkbox i], [role~=radio i], \
[role~=switch i], [role~=spinbutton i], [role~=slider i], [contenteditable]:not([contenteditable=false i])";
const SUBMIT_SEL: &str =
    "button[type=submit i], button:not([type]), input[type=submit i], input[type=image i]";
/// For form-like wrappers without a real submit (search widgets).
const BUTTON_SEL: &str = "button, [role~=button i], input[type=button i]";

/// Names this collection already computed for its controls, by element:
/// a form's fields and submit button are mostly those controls, and naming
/// them again (labels, `aria-labelledby`) cost as much as the rest of the
/// forms together. Only names that are exactly what
/// `aria::accessible_name` returns are used (see [`is_plain_name`]); the
/// element → name map is made on the first lookup, so pages without forms
/// pay nothing.
pub struct Known<'a> {
    controls: Vec<(&'a Element, &'a ControlFact)>,
    clip: usize,
    map: std::cell::OnceCell<crate::element_index::ElementIndex>,
}

impl<'a> Known<'a> {
    /// `clip`: the length control names are clipped to.
    pub fn new(controls: Vec<(&'a Element, &'a ControlFact)>, clip: usize) -> Known<'a> {
        Known {
            controls,
            clip,
            map: std::cell::OnceCell::new(),
        }
    }

    fn name(&self, el: &Element) -> Option<String> {
        let map = self.map.get_or_init(|| {
            let map = crate::element_index::ElementIndex::new();
            for (i, (e, f)) in self.controls.iter().enumerate() {
                if is_plain_name(f, self.clip) {
                    map.set(e, i as u32);
                }
            }
            map
        });
        let i = map.get(el)?;
        self.controls.get(i as usize).map(|(_, f)| f.name.clone())
    }

    /// `el`'s accessible name: the known one, else computed.
    fn accessible_name(&self, el: &Element) -> String {
        self.name(el).unwrap_or_else(|| aria::accessible_name(el))
    }
}

/// Whether `fact.name` is the plain accessible name: not a clickable's or
/// frame content's fallback text (`control.rs`), not clipped (shorter
/// than `clip`), and of an element a form asks about (fields and buttons
/// — keeps [`Known`]'s map small).
pub fn is_plain_name(fact: &ControlFact, clip: usize) -> bool {
    !fact.clickable
        && fact.frame_path.is_empty()
        && fact.name.chars().count() < clip
        && (matches!(fact.tag.as_str(), "input" | "select" | "textarea" | "button")
            || matches!(
                fact.role.as_str(),
                "textbox" | "combobox" | "searchbox" | "checkbox" | "radio" | "switch"
                    | "spinbutton" | "slider" | "button"
            ))
}

/// The forms of `scope` (at most `max`), with their elements; `known`
/// names spare naming fields again.
pub fn collect(scope: &Scope, max: usize, known: &Known<'_>) -> Vec<(Element, FormFact)> {
    let mut out = Vec::new();
    for el in scope.root.select(FORM_SEL) {
        if out.len() >= max {
            break;
        }
        // A wrapper around a <form> is represented by the form (which takes
        // the wrapper's role); a role=form inside a <form> is part of it.
        let is_form_tag = dom::tag(&el) == "form";
        if !is_form_tag
            && (dom::select_one(&el, "form").is_some()
                || el
                    .parent_element()
                    .is_some_and(|p| dom::closest(&p, "form").is_some()))
        {
            continue;
        }
        if aria::is_hidden(&el) {
            continue;
        }
        out.push((el.clone(), fact(&el, scope, known)));
    }
    out
}

/// Whether `form`'s facts read before the text changes `changed` still
/// stand: no change inside it (fields' and buttons' names, its headings),
/// none of its controls' facts computed again (their names come from
/// labels elsewhere too: the fact cache invalidates them when those
/// change), and none in the elements its `aria-labelledby` names (its name
/// from text elsewhere). An `aria-label` needs no check: changing an
/// attribute is a structural change, after which nothing read before is
/// re-used. Headings before it are the caller's business (any heading
/// change reads all).
pub fn untouched(form: &Element, changed: &[Element], recomputed: &[Element]) -> bool {
    if changed.iter().chain(recomputed).any(|x| form.contains(Some(x))) {
        return false;
    }
    if !aria::dom::has_attr_c(form, "aria-labelledby") {
        return true;
    }
    let labels = aria::dom::id_refs(form, "aria-labelledby");
    !changed.iter().any(|x| labels.iter().any(|l| l.contains(Some(x)) || x.contains(Some(l))))
}

/// `fact` read earlier, with the form's box read now (layout moves
/// without mutations in it).
pub fn with_top(form: &Element, mut fact: FormFact, scope: &Scope) -> FormFact {
    fact.top = form.get_bounding_client_rect().top() + scope.dy;
    fact
}

/// What `form` says (see the module doc).
pub fn fact(form: &Element, scope: &Scope, known: &Known<'_>) -> FormFact {
    let (fields, required) = read_fields(dom::select(form, FIELD_SEL).filter(|f| !aria::is_hidden(f)), known);
    let submit = dom::select(form, SUBMIT_SEL)
        .chain(dom::select(form, BUTTON_SEL))
        .find(|b| !aria::is_hidden(b))
        .map(|b| known.accessible_name(&b))
        .filter(|n| !n.is_empty());
    // The role of the form, or `search` when a search landmark wraps it.
    let role = if form
        .parent_element()
        .is_some_and(|p| dom::closest(&p, "[role~=search i], search").is_some())
    {
        Some("search".to_owned())
    } else {
        aria::computed_role(form).map(|r| r.as_str().to_owned())
    };
    let action = form.has_attribute("action").then(|| dom::form_action(form)).flatten();
    let action_path = action.as_deref().map(bc_core::pcd::build::url_path);
    // Sent to another site: leaving the task's sites (`agent::leaving`).
    let page_origin = form.owner_document().and_then(|d| d.location()).and_then(|l| l.origin().ok());
    let goes_to = action
        .as_deref()
        .and_then(bc_core::pcd::build::http_link_parts)
        .map(|(origin, _)| origin)
        .filter(|o| page_origin.as_deref().is_some_and(|p| p != o));
    FormFact {
        key: 0,
        facts: FormFacts {
            fields,
            submit_label: submit,
            role,
            action_path,
            ..around(form)
        },
        required,
        top: form.get_bounding_client_rect().top() + scope.dy,
        goes_to,
    }
}

/// What a form without a `<form>` says (`implicit_forms.rs`): its
/// `container`, the loose `fields` gathered in it (with their facts: the
/// names come from there) and the button that commits them, named
/// `submit`.
pub fn implicit_fact<'e>(
    container: &Element,
    fields: impl Iterator<Item = (&'e Element, &'e ControlFact)>,
    submit: String,
    scope: &Scope,
) -> FormFact {
    let mut facts = Vec::new();
    let mut required = Vec::new();
    for (el, fact) in fields.take(MAX_FIELDS) {
        required.push(dom::matches(el, "[required], [aria-required=true i]"));
        let name = if is_plain_name(fact, super::control::MAX_NAME) {
            fact.name.clone()
        } else {
            aria::accessible_name(el)
        };
        facts.push(field(el, name));
    }
    FormFact {
        key: 0,
        facts: FormFacts {
            fields: facts,
            submit_label: Some(submit).filter(|n| !n.is_empty()),
            role: aria::computed_role(container).map(|r| r.as_str().to_owned()),
            ..around(container)
        },
        required,
        top: container.get_bounding_client_rect().top() + scope.dy,
        // Script sends it wherever it likes: only `<form action>` is known.
        goes_to: None,
    }
}

/// Each field's facts and whether it is required, at most [`MAX_FIELDS`].
fn read_fields(els: impl Iterator<Item = Element>, known: &Known<'_>) -> (Vec<FieldFacts>, Vec<bool>) {
    let mut fields = Vec::new();
    let mut required = Vec::new();
    for f in els.take(MAX_FIELDS) {
        required.push(dom::matches(&f, "[required], [aria-required=true i]"));
        fields.push(field(&f, known.accessible_name(&f)));
    }
    (fields, required)
}

/// A form's own name (`aria-label(ledby)`), its heading (inside it, else
/// the nearest before it) and its landmark.
fn around(form: &Element) -> FormFacts {
    let labelled = form.has_attribute("aria-label") || form.has_attribute("aria-labelledby");
    let heading = dom::select(form, context::HEADING_SEL)
        .next()
        .map(|h| dom::short_text(&h, 200))
        .filter(|t| !t.is_empty())
        .or_else(|| context::heading(form));
    FormFacts {
        name: labelled
            .then(|| aria::accessible_name(form))
            .filter(|n| !n.is_empty()),
        heading,
        landmark: landmark::of(form),
        ..FormFacts::default()
    }
}

/// A field's facts; `name` is its accessible name.
fn field(el: &Element, name: String) -> FieldFacts {
    let tag = dom::tag(el);
    let field_type = match tag.as_str() {
        "input" => dom::attr(el, "type")
            .map(|t| t.to_ascii_lowercase())
            .unwrap_or_else(|| "text".into()),
        "select" | "textarea" => tag.clone(),
        _ => aria::computed_role(el)
            .map(|r| r.as_str().to_owned())
            .unwrap_or_else(|| tag.clone()),
    };
    // The accessible name never includes a text field's own value; a
    // placeholder is the last resort.
    let label = Some(name)
        .filter(|n| !n.is_empty())
        .or_else(|| dom::attr(el, "aria-label"))
        .or_else(|| dom::attr(el, "placeholder"))
        .or_else(|| dom::attr(el, "title"))
        .unwrap_or_default();
    FieldFacts {
        name: dom::attr(el, "name").or_else(|| dom::attr(el, "id")),
        label,
        field_type,
        autocomplete: dom::attr(el, "autocomplete"),
    }
}
