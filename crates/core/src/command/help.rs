//! The reply listing what the grammar understands, shown for input it does
//! not understand when no LLM is configured (and for "help"). Every example
//! here is a test row: it must parse to the command it advertises.

/// One advertised command: an example to type, and what it does.
pub struct HelpLine {
    pub example: &'static str,
    pub does: &'static str,
}

const fn h(example: &'static str, does: &'static str) -> HelpLine {
    HelpLine { example, does }
}

/// Sections of the help, in the order shown.
#[rustfmt::skip]
pub static HELP: &[(&str, &[HelpLine])] = &[
    ("Go places", &[
        h("open example.com", "open an address in this tab"),
        h("open Pricing", "follow the link “Pricing” on this page"),
        h("go back", "the previous page"),
        h("go forward", "the next page in history"),
        h("reload", "reload the page"),
    ]),
    ("Move around", &[
        h("scroll down", "also: scroll up, scroll to the top, scroll to the bottom"),
        h("scroll to the top", "the top of the page"),
        h("zoom in", "also: zoom out, reset zoom"),
        h("reset zoom", "back to the default size"),
    ]),
    ("Tabs", &[
        h("new tab", "open a new tab (or: open example.com in a new tab)"),
        h("close tab", "close this tab"),
        h("switch to tab Inbox", "the tab whose title or address says “Inbox” (or: tab 2)"),
    ]),
    ("Act on the page", &[
        h("click Sign in", "click a button or link by its label"),
        h("type \"running shoes\" into the search box", "fill in a field"),
        h("select Large in Size", "choose an option of a dropdown"),
        h("check Remember me", "tick a checkbox (uncheck to untick)"),
        h("press Enter", "press a key"),
        h("search for running shoes", "use this site's search"),
        h("add Desk Lamp to cart", "the item's own “Add … to cart” button (also: download invoice INV-7)"),
        h("download last month's invoice", "the item dated in that month (also: … from October, … 2 months ago)"),
        h("type hello into the second text field", "fields and checkboxes by place (also: click the button, tick the last checkbox)"),
        h("put the cursor in the email box", "focus a field"),
        h("sign in as kim with password xyz", "fill the sign-in form and send it (the password is never shown)"),
        h("close the popup", "its close button"),
        h("type the beginning of Portugal and choose the suggestion", "pick from an autocomplete"),
        h("open folders until you reach Reports", "open folders (or: look through the tabs for Pricing) until it shows, and click it"),
        h("scroll the terms box to the end", "scroll inside a box on the page"),
        h("from the Actions menu pick Rename", "open a menu and choose an item"),
    ]),
    ("Read the page", &[
        h("what can I do here", "what this page offers"),
        h("summarize this page", "its headings, links and forms"),
        h("extract products", "the items of a list or table"),
        h("extract all posts", "scroll the list to load every item (infinite feeds too, up to 200)"),
        h("take a screenshot", "a picture of the visible page"),
    ]),
];

/// The text of [`HELP`], for the panel.
pub fn help_text() -> String {
    let mut out = String::from("Here is what I understand without an LLM:\n");
    for (section, lines) in HELP {
        out.push_str(&format!("\n{section}\n"));
        for line in *lines {
            out.push_str(&format!("  • {} — {}\n", line.example, line.does));
        }
    }
    out.push_str(
        "\nJoin steps with “then”: open example.com then scroll down.\n\
         Put text in quotes when it contains words such as “into”.\n\
         For anything else, and for questions about the page, configure an LLM in Options.",
    );
    out
}

/// The reply to input that needs an LLM when none is configured: a
/// question about the page (`question`), or input the grammar does not
/// understand. Both end with [`help_text`].
pub fn reply_without_llm(question: bool) -> String {
    let lead = if question {
        "Answering questions about the page needs an LLM: configure an endpoint in Options."
    } else {
        "I did not understand that as a command, and no LLM is configured to interpret it."
    };
    format!("{lead}\n\n{}", help_text())
}
