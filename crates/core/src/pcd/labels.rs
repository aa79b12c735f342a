//! Label text of MiniPCD entries: the display label the LLM reads
//! (whitespace-collapsed, at most [`MAX_LABEL_CHARS`]) and the normalised keys
//! that clustering and template detection compare.

use crate::kind::text::normalize;

/// Seed 000 keeps the digest compact; 80 chars holds every real button or
/// link name while cutting paragraph-long names of clickable cards.
pub const MAX_LABEL_CHARS: usize = 80;

/// Collapses every whitespace run (incl. NBSP and newlines) to one space and
/// caps the length, ending a cut label with `…` so a reader sees it was cut.
pub fn display_label(raw: &str) -> String {
    let collapsed = collapse_whitespace(raw);
    // A char is at least a byte: short strings need no count.
    if collapsed.len() <= MAX_LABEL_CHARS || collapsed.chars().count() <= MAX_LABEL_CHARS {
        return collapsed;
    }
    let mut cut: String = collapsed.chars().take(MAX_LABEL_CHARS - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

/// `raw`'s words joined by single spaces (`split_whitespace` + `join`),
/// copied as it is when it already reads so: most names do, and labels
/// are made for every control of a page.
fn collapse_whitespace(raw: &str) -> String {
    let mut prev_space = true;
    let plain = raw.chars().all(|c| {
        let ok = if c == ' ' { !prev_space } else { !c.is_whitespace() };
        prev_space = c == ' ';
        ok
    }) && !prev_space;
    if plain || raw.is_empty() {
        return raw.to_owned();
    }
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Where a control's label came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelSource {
    /// The accessible name.
    Name,
    /// `title`/`aria-label` of an icon-only control (the collector's
    /// `icon_hint`): weaker, ranked lower.
    IconHint,
}

/// The label of a control: its accessible name, else its icon hint. `None`
/// drops the control: an entry the LLM cannot name is one it cannot ask for,
/// and an unlabelled clickable is usually decoration.
pub fn control_label(name: &str, icon_hint: Option<&str>) -> Option<(String, LabelSource)> {
    let name = display_label(name);
    if !name.is_empty() {
        return Some((name, LabelSource::Name));
    }
    let hint = display_label(icon_hint.unwrap_or_default());
    (!hint.is_empty()).then_some((hint, LabelSource::IconHint))
}

/// The comparison key of a label (case, accents and punctuation folded).
/// Symbol-only labels ("×", "☰") keep their trimmed text so they do not all
/// collapse into one empty key.
pub fn label_key(label: &str) -> String {
    let key = normalize(label);
    if key.is_empty() {
        label.trim().to_owned()
    } else {
        key
    }
}

/// The key per-item copies of a control share: [`label_key`] without words
/// that carry digits, so "Download INV-0042" and "Download INV-0043" are one
/// template while "Add to cart" stays "add to cart".
pub fn template_key(label: &str) -> String {
    let key = label_key(label);
    let kept: Vec<&str> = key
        .split(' ')
        .filter(|w| !w.chars().any(|c| c.is_ascii_digit()))
        .collect();
    if kept.is_empty() {
        key
    } else {
        kept.join(" ")
    }
}

/// The words of a phrase as a camelCase identifier (`"Search results"` →
/// `searchResults`), for collection names.
pub fn camel_case(words: &[&str]) -> String {
    let mut out = String::new();
    for (i, w) in words.iter().enumerate() {
        let mut chars = w.chars();
        if let Some(first) = chars.next() {
            if i == 0 {
                out.extend(first.to_lowercase());
            } else {
                out.extend(first.to_uppercase());
            }
            out.extend(chars);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_collapses_as_split_and_join_would() {
        for raw in ["", " ", "Save", "Save changes", " Save", "Save ", "Save  changes", "Save\nchanges", "a\u{a0}b", "\t", "x y z", "  x  "] {
            assert_eq!(collapse_whitespace(raw), raw.split_whitespace().collect::<Vec<_>>().join(" "), "{raw:?}");
        }
    }

    #[test]
    fn display_labels_collapse_whitespace_and_cap_length() {
        assert_eq!(display_label("  Add\n\tto   cart\u{a0} "), "Add to cart");
        let long = "word ".repeat(40);
        let cut = display_label(&long);
        assert_eq!(cut.chars().count(), 80);
        assert!(cut.ends_with("word…"), "{cut}");
        assert_eq!(display_label(""), "");
    }

    #[test]
    fn unlabelled_controls_fall_back_to_icon_hint_or_drop() {
        assert_eq!(
            control_label("Buy", Some("cart")),
            Some(("Buy".into(), LabelSource::Name))
        );
        assert_eq!(
            control_label("  ", Some(" Close ")),
            Some(("Close".into(), LabelSource::IconHint))
        );
        assert_eq!(control_label("", None), None);
        assert_eq!(control_label("\n", Some("")), None);
    }

    #[test]
    fn keys_fold_case_punctuation_and_item_numbers() {
        assert_eq!(label_key("Log-In ›"), "log in");
        assert_eq!(label_key("×"), "×");
        assert_eq!(template_key("Download INV-0042"), "download inv");
        assert_eq!(template_key("Add to cart"), "add to cart");
        assert_eq!(template_key("42"), "42");
    }

    #[test]
    fn camel_case_joins_words() {
        assert_eq!(camel_case(&["search", "results"]), "searchResults");
        assert_eq!(camel_case(&["invoices"]), "invoices");
        assert_eq!(camel_case(&[]), "");
    }
}
