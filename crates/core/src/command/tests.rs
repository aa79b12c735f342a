//! Fixture tests of the command grammar: one table of (rules expected to
//! decide, input, expected parse), one of step descriptions, a snapshot of
//! the plans, and checks that every rule has a row, every help example
//! parses to what it advertises and every planned call is a valid tool call.

use super::*;
use super::dates::MonthRef;
use crate::nav::TabInfo;
use crate::tools::{ScrollDirection as Dir, ToolCall};
use expect_test::expect;
use serde_json::json;
use std::collections::BTreeSet;

/// A parse fixture: the rule ids that must decide (one per command,
/// `", "`-separated; the question rule; `""` for unknown), input, expectation.
struct Row(&'static str, &'static str, Parsed);

fn one(c: Command) -> Parsed {
    Parsed::Commands(vec![c])
}
fn seq(cs: Vec<Command>) -> Parsed {
    Parsed::Commands(cs)
}
const Q: Parsed = Parsed::Question;
const U: Parsed = Parsed::Unknown;

fn for_month(what: &str, when: MonthRef) -> Command {
    Command::ForMonth { verb: "Download".into(), what: what.into(), when }
}

fn click(label: &str) -> Command {
    Command::Click { target: Target::new(label) }
}
fn click_as(label: &str, role: RoleHint) -> Command {
    Command::Click { target: Target::with_role(label, role) }
}
fn url(u: &str) -> Command {
    Command::Open { target: OpenTarget::Url(u.into()) }
}
fn link(label: &str) -> Command {
    Command::Open { target: OpenTarget::Link(Target::new(label)) }
}
fn typ(text: &str, field: Target) -> Command {
    Command::Type { text: text.into(), field }
}
fn select(option: &str, field: Target) -> Command {
    Command::Select { option: option.into(), field }
}
fn check(target: Target, on: bool) -> Command {
    Command::Check { target, on }
}
fn t(label: &str) -> Target {
    Target::new(label)
}
fn tr(label: &str, role: RoleHint) -> Target {
    Target::with_role(label, role)
}
fn scroll(dir: Dir) -> Command {
    Command::Scroll { dir }
}
fn zoom(zoom: ZoomDir) -> Command {
    Command::Zoom { zoom }
}
fn key(key: Key) -> Command {
    Command::PressKey { key }
}
fn search(text: &str) -> Command {
    Command::Search { text: text.into() }
}
fn extract(what: &str) -> Command {
    Command::Extract { what: what.into(), all: false }
}
fn extract_all(what: &str) -> Command {
    Command::Extract { what: what.into(), all: true }
}
fn switch(text: &str) -> Command {
    Command::SwitchTab { text: text.into() }
}
fn new_tab(url: Option<&str>) -> Command {
    Command::NewTab { url: url.map(str::to_owned) }
}

use Command as C;
use RoleHint as R;

mod fresh;
mod restated;
mod sentences;

/// Every parse fixture: the rows below and the sentence families'.
fn rows() -> Vec<Row> {
    let mut rows = base_rows();
    rows.extend(sentences::rows());
    rows.extend(fresh::rows());
    rows.extend(restated::rows());
    rows
}

#[rustfmt::skip]
fn base_rows() -> Vec<Row> {
    vec![
        // History.
        Row("back", "go back", one(C::Back)),
        Row("back", "Back", one(C::Back)),
        Row("back", "Please go back one page", one(C::Back)),
        Row("back.previous_page", "previous page", one(C::Back)),
        Row("back.previous_page", "go to the previous page", one(C::Back)),
        Row("forward", "go forward", one(C::Forward)),
        Row("forward", "just go forward", one(C::Forward)),
        Row("reload", "reload", one(C::Reload)),
        Row("reload", "Refresh the page please", one(C::Reload)),
        Row("reload", "please reload the page, thanks", one(C::Reload)),
        Row("click.next_page", "next page", one(click("Next"))),
        Row("click.next_page", "go to the next page", one(click("Next"))),
        // Scrolling.
        Row("scroll.down", "scroll down", one(scroll(Dir::Down))),
        Row("scroll.down", "Could you scroll down a bit?", one(scroll(Dir::Down))),
        Row("scroll.down", "can you scroll down?", one(scroll(Dir::Down))),
        Row("scroll.down", "I'd like to scroll down", one(scroll(Dir::Down))),
        Row("scroll.up", "scroll the page up", one(scroll(Dir::Up))),
        Row("scroll.page_down", "page down", one(scroll(Dir::Down))),
        Row("scroll.page_up", "Page Up", one(scroll(Dir::Up))),
        Row("scroll.top", "scroll to the top", one(scroll(Dir::Top))),
        Row("scroll.top", "scroll all the way up to the top of the page", one(scroll(Dir::Top))),
        Row("scroll.top_go", "go to the top", one(scroll(Dir::Top))),
        Row("scroll.top_go", "back to top", one(scroll(Dir::Top))),
        Row("scroll.all_the_way_up", "scroll all the way up", one(scroll(Dir::Top))),
        Row("scroll.bottom", "scroll to the bottom", one(scroll(Dir::Bottom))),
        Row("scroll.bottom_go", "jump to the end of the page", one(scroll(Dir::Bottom))),
        Row("scroll.all_the_way_down", "scroll all the way down", one(scroll(Dir::Bottom))),
        // Zoom.
        Row("zoom.in", "zoom in", one(zoom(ZoomDir::In))),
        Row("zoom.in", "ZOOM IN", one(zoom(ZoomDir::In))),
        Row("zoom.out", "Zoom out a bit", one(zoom(ZoomDir::Out))),
        Row("zoom.bigger", "make the text bigger", one(zoom(ZoomDir::In))),
        Row("zoom.smaller", "make it smaller", one(zoom(ZoomDir::Out))),
        Row("zoom.reset", "reset zoom", one(zoom(ZoomDir::Reset))),
        Row("zoom.reset_to", "zoom back to normal", one(zoom(ZoomDir::Reset))),
        Row("zoom.actual_size", "actual size", one(zoom(ZoomDir::Reset))),
        // Browser tabs.
        Row("tab.new", "new tab", one(new_tab(None))),
        Row("tab.new", "open a new tab", one(new_tab(None))),
        Row("tab.new_with", "open a new tab with example.com", one(new_tab(Some("https://example.com/")))),
        Row("tab.new_open_in", "open wikipedia.org in a new tab", one(new_tab(Some("https://wikipedia.org/")))),
        Row("", "open settings in a new tab", U),
        Row("tab.close", "close tab", one(C::CloseTab)),
        Row("tab.close", "close this tab", one(C::CloseTab)),
        Row("tab.close", "close the current page", one(C::CloseTab)),
        Row("tab.switch", "switch to tab Inbox", one(switch("Inbox"))),
        Row("tab.switch", "go to tab 2", one(switch("2"))),
        Row("tab.switch_named", "switch to the GitHub tab", one(switch("GitHub"))),
        Row("tab.switch_named", "go to the pricing tab", one(switch("pricing"))),
        // Keys vs clicks.
        Row("key.press", "press enter", one(key(Key::Enter))),
        Row("key.press", "hit the escape key", one(key(Key::Escape))),
        Row("key.press", "press page down", one(key(Key::PageDown))),
        Row("click", "press the Pricing tab", one(click_as("Pricing", R::Tab))),
        Row("click", "press Submit", one(click("Submit"))),
        Row("click", "hit Subscribe", one(click("Subscribe"))),
        // Opening: addresses vs links on the page.
        Row("open", "open example.com", one(url("https://example.com/"))),
        Row("open", "Open \"example.com\"", one(url("https://example.com/"))),
        Row("open", "could you open example.com please?", one(url("https://example.com/"))),
        Row("open.go_to", "go to https://Example.com/Pricing", one(url("https://example.com/Pricing"))),
        Row("open.go_to", "navigate to localhost:8080/app", one(url("http://localhost:8080/app"))),
        Row("open", "visit www.bbc.co.uk", one(url("https://www.bbc.co.uk/"))),
        Row("open", "open settings", one(link("settings"))),
        Row("open", "open the pricing page", one(link("pricing"))),
        Row("open", "open github", one(link("github"))),
        Row("open.go_to", "take me to the Billing link", one(C::Open { target: OpenTarget::Link(tr("Billing", R::Link)) })),
        Row("", "open javascript:alert(1)", U),
        Row("", "open chrome://extensions", U),
        // Clicks.
        Row("click", "click Sign in", one(click("Sign in"))),
        Row("click", "Click buy button", one(click_as("buy", R::Button))),
        Row("click", "Click on the \"Sign in\" button", one(click_as("Sign in", R::Button))),
        Row("click", "tap the Log in link", one(click_as("Log in", R::Link))),
        Row("click", "please click “Add to cart”", one(click("Add to cart"))),
        Row("click", "can you click the button labelled Save draft?", one(click_as("Save draft", R::Button))),
        Row("click", "Let's click Sign in", one(click("Sign in"))),
        Row("click", "click Terms & Conditions", one(click("Terms & Conditions"))),
        Row("click", "click Save and Continue", one(click("Save and Continue"))),
        Row("click", "click \"then\"", one(click("then"))),
        Row("click.follow", "follow the Docs link", one(click_as("Docs", R::Link))),
        Row("click.follow", "follow Pricing", one(click_as("Pricing", R::Link))),
        Row("click.select_bare", "select the first result", one(C::Click { target: Target::by_role(Some(R::Result), Some(Ordinal::Nth(1))) })),
        Row("click.add_to", "add Aurora Floor Lamp to cart", one(click("Add Aurora Floor Lamp to cart"))),
        Row("click.add_to", "please add the Nimbus Wireless Mouse to my basket", one(click("Add Nimbus Wireless Mouse to basket"))),
        Row("click.add_to", "add Back to School Kit to the wish list", one(click("Add Back to School Kit to wish list"))),
        Row("", "add it to the cart", U),
        Row("click.download", "download last month's invoice", one(for_month("invoice", MonthRef::Relative { delta: -1 }))),
        Row("click.download", "download the invoice from October 2026", one(for_month("invoice", MonthRef::Named { month: 10, year: Some(2026) }))),
        Row("click.download", "download the statement for March", one(for_month("statement", MonthRef::Named { month: 3, year: None }))),
        Row("click.download", "download the invoice INV-2026-009", one(click("Download invoice INV-2026-009"))),
        Row("", "download it", U),
        // Typing.
        Row("type.into", "type hello into the search box", one(typ("hello", tr("search", R::Field)))),
        Row("type.into", "Type \"hello world\" into the search box", one(typ("hello world", tr("search", R::Field)))),
        Row("type.into", "enter john@example.com into Email", one(typ("john@example.com", t("Email")))),
        Row("type.into", "type in and out into Notes", one(typ("in and out", t("Notes")))),
        Row("type.into", "type Paris, France into city", one(typ("Paris, France", t("city")))),
        Row("type.into", "put 'Hello, world' into the comment box", one(typ("Hello, world", tr("comment", R::Field)))),
        Row("type.in", "write Hi there in the message field", one(typ("Hi there", tr("message", R::Field)))),
        Row("type.fill_with", "fill the name field with Ada Lovelace", one(typ("Ada Lovelace", tr("name", R::Field)))),
        Row("type.fill_with", "fill in Email with a@b.co", one(typ("a@b.co", t("Email")))),
        Row("type.set_to", "set quantity to 3", one(typ("3", t("quantity")))),
        // Dropdowns.
        Row("select.in", "select Large in Size", one(select("Large", t("Size")))),
        Row("select.in", "choose Germany from the country dropdown", one(select("Germany", tr("country", R::Dropdown)))),
        Row("select.in", "pick the Express option for shipping", one(select("Express", t("shipping")))),
        Row("select.as", "choose France as the country", one(select("France", t("country")))),
        // Checkboxes.
        Row("check.on", "check Remember me", one(check(t("Remember me"), true))),
        Row("check.on", "tick the terms checkbox", one(check(tr("terms", R::Checkbox), true))),
        Row("check.on", "check the remember me box", one(check(tr("remember me", R::Checkbox), true))),
        Row("check.on", "check terms and conditions", one(check(t("terms and conditions"), true))),
        Row("check.off", "uncheck Subscribe to newsletter", one(check(t("Subscribe to newsletter"), false))),
        Row("check.off", "untick marketing emails", one(check(t("marketing emails"), false))),
        Row("check.turn_on", "turn on dark mode", one(check(t("dark mode"), true))),
        Row("check.turn_on_after", "switch notifications on", one(check(t("notifications"), true))),
        Row("check.turn_off", "turn off notifications", one(check(t("notifications"), false))),
        Row("check.turn_off_after", "turn dark mode off", one(check(t("dark mode"), false))),
        Row("question.request", "check if the price includes VAT", Q),
        // Search.
        Row("search", "search for running shoes", one(search("running shoes"))),
        Row("search", "Search \"red dress\"", one(search("red dress"))),
        Row("search.on_site", "search for invoices on this site", one(search("invoices"))),
        Row("search.this_site", "search this site for pricing", one(search("pricing"))),
        Row("search.look_up", "look up return policy", one(search("return policy"))),
        Row("", "search for", U),
        Row("", "extract the", U),
        // Reading the page.
        Row("extract", "extract products", one(extract("products"))),
        Row("extract", "scrape all the invoices on this page", one(extract_all("invoices"))),
        Row("extract", "extract all orders", one(extract_all("orders"))),
        Row("extract", "extract overall rankings", one(extract("overall rankings"))),
        Row("extract.get_all", "get all search results", one(extract_all("search results"))),
        Row("extract.get_all", "list all of the products", one(extract_all("products"))),
        Row("what_can_i_do", "what can I do here", one(C::WhatCanIDo)),
        Row("what_can_i_do", "What can I do on this page?", one(C::WhatCanIDo)),
        Row("what_can_i_do.options", "what are my options", one(C::WhatCanIDo)),
        Row("what_can_i_do.show", "show me the available actions", one(C::WhatCanIDo)),
        Row("summarize", "summarize this page", one(C::Summarize)),
        Row("summarize", "Can you summarise the article?", one(C::Summarize)),
        Row("summarize.summary", "give me a quick summary", one(C::Summarize)),
        Row("summarize.tldr", "tl;dr", one(C::Summarize)),
        Row("question.request", "summarize the reviews", Q),
        Row("screenshot", "take a screenshot", one(C::Screenshot)),
        Row("screenshot.bare", "screenshot this page", one(C::Screenshot)),
        Row("screenshot.capture", "capture the screen", one(C::Screenshot)),
        Row("help", "help", one(C::Help)),
        Row("help", "show me the commands", one(C::Help)),
        Row("help.you", "what can you do?", one(C::Help)),
        Row("help.say", "what can I say", one(C::Help)),
        // Sequences.
        Row("open, scroll.down", "open example.com and scroll down", seq(vec![url("https://example.com/"), scroll(Dir::Down)])),
        Row("open, scroll.down", "open github and scroll down", seq(vec![link("github"), scroll(Dir::Down)])),
        Row("type.into, key.press", "type cats into search then press enter", seq(vec![typ("cats", t("search")), key(Key::Enter)])),
        Row("back, reload", "go back; reload", seq(vec![C::Back, C::Reload])),
        Row("click, click", "click Terms and click Privacy", seq(vec![click("Terms"), click("Privacy")])),
        Row("open.go_to, click, type.into", "go to example.com, then click Sign in and then type ada into Email",
            seq(vec![url("https://example.com/"), click("Sign in"), typ("ada", t("Email"))])),
        Row("type.into, key.press", "type \"now then\" into notes then press enter", seq(vec![typ("now then", t("notes")), key(Key::Enter)])),
        Row("type.into, reload", "type Paris, France into city then reload", seq(vec![typ("Paris, France", t("city")), C::Reload])),
        Row("click, reload", "Click Save and Continue, then reload", seq(vec![click("Save and Continue"), C::Reload])),
        Row("scroll.down, zoom.in", "scroll down.\nzoom in", seq(vec![scroll(Dir::Down), zoom(ZoomDir::In)])),
        Row("back, forward", "go back and forward", seq(vec![C::Back, C::Forward])),
        Row("", "click Sign in then do a little dance", U),
        // Questions (seed 003: answered, not acted on).
        Row("question.wh", "what is the price of the Pro plan", Q),
        Row("question.wh", "What is the price?", Q),
        Row("question.wh", "how much does shipping cost", Q),
        Row("question.wh", "Where is the login button?", Q),
        Row("question.wh", "so, what's new here", Q),
        Row("question.aux", "is there a free trial", Q),
        Row("question.aux", "can I cancel anytime?", Q),
        Row("question.aux", "Can you tell me what this page is about?", Q),
        Row("question.aux", "does this page have a search box", Q),
        Row("question.request", "tell me about the refund policy", Q),
        Row("question.request", "explain this page", Q),
        Row("question.request", "do you know when it ships", Q),
        Row("question.mark", "the pro plan costs how much?", Q),
        Row("question.mark", "pricing?", Q),
        // Unknown: for the LLM, or the help reply.
        Row("", "", U),
        Row("", "   ", U),
        Row("", "click", U),
        Row("", "I need a cheaper plan", U),
        Row("", "add the blue one to my cart", U),
        Row("", "log me in", U),
        Row("", "buy it", U),
    ]
}

#[test]
fn parse_fixtures() {
    let failures: Vec<String> = rows()
        .into_iter()
        .filter_map(|Row(want_rules, input, want)| {
            let got = explain(input);
            let got_rules = got.rules.join(", ");
            (got.parsed != want || got_rules != want_rules).then(|| {
                format!("{input:?}:\n    got  {:?} by [{got_rules}]\n    want {want:?} by [{want_rules}]", got.parsed)
            })
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_rule_has_a_row_and_a_unique_id() {
    let rows = rows();
    let covered: BTreeSet<&str> = rows.iter().flat_map(|r| r.0.split(", ")).filter(|id| !id.is_empty()).collect();
    let ids: Vec<&str> = RULES
        .iter()
        .map(|r| r.id)
        .chain(QUESTION_RULES.iter().map(|r| r.id))
        // A list wish reads as the orders it is rewritten to (their ids).
        .chain(wishes::WISHES.iter().filter(|w| !w.list).map(|w| w.id))
        .collect();
    let mut seen = BTreeSet::new();
    let problems: Vec<String> = ids
        .iter()
        .filter_map(|id| {
            if !seen.insert(*id) {
                Some(format!("duplicate {id}"))
            } else {
                (!covered.contains(id)).then(|| format!("no row for {id}"))
            }
        })
        .collect();
    assert!(problems.is_empty(), "{problems:?}");
    let unknown: Vec<&&str> = covered.iter().filter(|id| !ids.contains(id)).collect();
    assert!(unknown.is_empty(), "rows name rules that do not exist: {unknown:?}");
    assert!(rows.len() >= 80, "{} rows", rows.len());
}

#[test]
fn every_pattern_compiles() {
    for rule in RULES {
        if let Err(e) = pattern::Pattern::compile(rule.pattern) {
            panic!("{}: {e}", rule.id);
        }
    }
}

#[rustfmt::skip]
const DESCRIBE: &[(&str, &str)] = &[
    ("click Sign in", "Click “Sign in”"),
    ("click the Save button", "Click the “Save” button"),
    ("follow Pricing", "Click the “Pricing” link"),
    ("open example.com", "Open https://example.com/"),
    ("open settings", "Open “settings”"),
    ("type hello into the search box", "Type “hello” into the “search” field"),
    ("type hunter2 into Password", "Type “••••••” into “Password”"),
    ("type 4242 4242 4242 4242 into the card number field", "Type “••••••” into the “card number” field"),
    ("select Large in Size", "Select “Large” in “Size”"),
    ("check Remember me", "Check “Remember me”"),
    ("uncheck the newsletter checkbox", "Uncheck the “newsletter” checkbox"),
    ("go back", "Go back"),
    ("forward", "Go forward"),
    ("refresh", "Reload the page"),
    ("scroll up", "Scroll up"),
    ("scroll down", "Scroll down"),
    ("scroll to the top", "Scroll to the top"),
    ("scroll to the bottom", "Scroll to the bottom"),
    ("zoom in", "Zoom in"),
    ("zoom out", "Zoom out"),
    ("reset zoom", "Reset the zoom"),
    ("new tab", "Open a new tab"),
    ("open example.com in a new tab", "Open https://example.com/ in a new tab"),
    ("close tab", "Close this tab"),
    ("switch to tab Inbox", "Switch to the tab “Inbox”"),
    ("press enter", "Press Enter"),
    ("search for shoes", "Search this site for “shoes”"),
    ("extract products", "Extract “products”"),
    ("extract all posts", "Extract all “posts”"),
    ("what can I do here", "List what can be done on this page"),
    ("summarize", "Summarize this page"),
    ("take a screenshot", "Take a screenshot"),
    ("help", "Show what I understand"),
    ("type \"This is a rather long message that goes on and on and on for a while\" into notes",
     "Type “This is a rather long message that goes on and on and on…” into “notes”"),
];

#[test]
fn describe_fixtures() {
    let failures: Vec<String> = DESCRIBE
        .iter()
        .filter_map(|(input, want)| match parse(input) {
            Parsed::Commands(cs) if cs.len() == 1 => {
                let got = cs[0].describe();
                (got != *want).then(|| format!("{input:?}: got {got:?}, want {want:?}"))
            }
            other => Some(format!("{input:?}: not one command: {other:?}")),
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

/// Every variant of [`Command`], by index: the match is exhaustive, so a new
/// variant does not compile until the help covers it.
fn variant(c: &Command) -> usize {
    match c {
        C::Open { .. } => 0,
        C::Back => 1,
        C::Forward => 2,
        C::Reload => 3,
        C::Scroll { .. } => 4,
        C::Zoom { .. } => 5,
        C::NewTab { .. } => 6,
        C::CloseTab => 7,
        C::SwitchTab { .. } => 8,
        C::Click { .. } => 9,
        C::Type { .. } => 10,
        C::Select { .. } => 11,
        C::Check { .. } => 12,
        C::PressKey { .. } => 13,
        C::Search { .. } => 14,
        C::Extract { .. } => 15,
        C::WhatCanIDo => 16,
        C::Summarize => 17,
        C::Screenshot => 18,
        C::Help => 19,
        C::ForMonth { .. } => 20,
        C::Focus { .. } => 21,
        C::SignIn { .. } => 22,
        C::ClosePopup => 23,
        C::Suggest { .. } => 24,
        C::Reveal { .. } => 25,
        C::ScrollIn { .. } => 26,
        C::InMenu { .. } => 27,
    }
}
const VARIANTS: usize = 28;

#[test]
fn help_examples_parse_and_cover_every_command() {
    let mut covered = BTreeSet::new();
    // "help" itself is how the help is reached.
    covered.insert(variant(&C::Help));
    let text = help_text();
    for (_, lines) in HELP {
        for line in *lines {
            assert!(text.contains(line.example), "{}", line.example);
            match parse(line.example) {
                Parsed::Commands(cs) if cs.len() == 1 => {
                    covered.insert(variant(&cs[0]));
                }
                other => panic!("help example {:?} parses to {other:?}", line.example),
            }
        }
    }
    // The examples mentioned in passing ("also: …") are commands too.
    for also in [
        "go forward",
        "scroll up",
        "scroll to the bottom",
        "zoom out",
        "open example.com in a new tab",
        "tab 2",
        "uncheck Remember me",
    ] {
        let input = if also == "tab 2" { "switch to tab 2" } else { also };
        assert!(matches!(parse(input), Parsed::Commands(_)), "{input}");
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|v| !covered.contains(v)).collect();
    assert!(missing.is_empty(), "commands without a help example (variant indices): {missing:?}");
}

/// One input per command form, and its plan.
const PLANNED: &[&str] = &[
    "open example.com",
    "open settings",
    "go back",
    "forward",
    "reload",
    "scroll to the bottom",
    "zoom out",
    "new tab",
    "close tab",
    "switch to tab Inbox",
    "click Sign in",
    "click the Save button",
    "add Aurora Floor Lamp to cart",
    "type cats into the search box",
    "select Large in Size",
    "uncheck the remember me box",
    "press escape",
    "search for shoes",
    "extract invoices",
    "download last month's invoice",
    "what can I do here",
    "summarize",
    "take a screenshot",
    "help",
];

fn plans() -> Vec<(&'static str, Vec<PlannedStep>)> {
    PLANNED
        .iter()
        .map(|input| match parse(input) {
            Parsed::Commands(cs) => (*input, cs.iter().flat_map(Command::plan).collect()),
            other => panic!("{input:?} parses to {other:?}"),
        })
        .collect()
}

#[test]
fn plans_snapshot() {
    let text: String = plans()
        .iter()
        .map(|(input, steps)| {
            let steps: Vec<String> = steps.iter().map(|s| format!("  {}\n", s.outline())).collect();
            format!("{input}\n{}", steps.concat())
        })
        .collect();
    expect![[r#"
        open example.com
          nav.go https://example.com/
        open settings
          find “settings” [button≡“settings” | link≡“settings” | menuitem≡“settings” | tab≡“settings” | checkbox≡“settings” | radio≡“settings” | option≡“settings” | textbox≡“settings” | searchbox≡“settings” | combobox≡“settings” | pcd.query action “settings” | textbox near “settings” | searchbox near “settings” | combobox near “settings” | text “"settings"” | text “settings”] → dom.click
        go back
          nav.back
        forward
          nav.forward
        reload
          nav.reload
        scroll to the bottom
          dom.scroll bottom
        zoom out
          chrome.tabs.setZoom Out
        new tab
          tabs.open chrome://newtab/
        close tab
          tabs.close
        switch to tab Inbox
          tabs.list → tabs.switch “Inbox”
        click Sign in
          find “Sign in” [button≡“Sign in” | link≡“Sign in” | menuitem≡“Sign in” | tab≡“Sign in” | checkbox≡“Sign in” | radio≡“Sign in” | option≡“Sign in” | textbox≡“Sign in” | searchbox≡“Sign in” | combobox≡“Sign in” | pcd.query action “Sign in” | textbox near “Sign in” | searchbox near “Sign in” | combobox near “Sign in” | text “"Sign in"” | text “Sign in”] → dom.click
        click the Save button
          find “Save” [button≡“Save” | pcd.query action “Save” | button~“Save”] → dom.click
        add Aurora Floor Lamp to cart
          find “Add Aurora Floor Lamp to cart” [button≡“Add Aurora Floor Lamp to cart” | link≡“Add Aurora Floor Lamp to cart” | menuitem≡“Add Aurora Floor Lamp to cart” | tab≡“Add Aurora Floor Lamp to cart” | checkbox≡“Add Aurora Floor Lamp to cart” | radio≡“Add Aurora Floor Lamp to cart” | option≡“Add Aurora Floor Lamp to cart” | textbox≡“Add Aurora Floor Lamp to cart” | searchbox≡“Add Aurora Floor Lamp to cart” | combobox≡“Add Aurora Floor Lamp to cart” | pcd.query action “Add Aurora Floor Lamp to cart” | textbox near “Add Aurora Floor Lamp to cart” | searchbox near “Add Aurora Floor Lamp to cart” | combobox near “Add Aurora Floor Lamp to cart” | text “"Add Aurora Floor Lamp to cart"” | text “Add Aurora Floor Lamp to cart”] → dom.click
        type cats into the search box
          find “search” [textbox≡“search” | searchbox≡“search” | combobox≡“search” | spinbutton≡“search” | textbox~“search” | searchbox~“search” | combobox~“search” | spinbutton~“search” | textbox near “search” | searchbox near “search” | combobox near “search” | spinbutton near “search” | pcd.query action “search” | in a frame's form “search” | only textbox] → dom.type “cats”
        select Large in Size
          find “Size” [combobox≡“Size” | listbox≡“Size” | combobox~“Size” | listbox~“Size” | combobox near “Size” | listbox near “Size” | pcd.query action “Size” | in a frame's form “Size” | only combobox] → dom.select “Large”
        uncheck the remember me box
          find “remember me” [checkbox≡“remember me” | switch≡“remember me” | menuitemcheckbox≡“remember me” | checkbox~“remember me” | switch~“remember me” | menuitemcheckbox~“remember me” | checkbox near “remember me” | switch near “remember me” | menuitemcheckbox near “remember me” | pcd.query action “remember me” | in a frame's form “remember me”] → dom.check false
        press escape
          dom.pressKey Escape
        search for shoes
          find “search” [searchbox | textbox~“search” | combobox~“search” | pcd.query action “search” | textbox] → dom.type “shoes” + Enter
        extract invoices
          pcd.query collection “invoices” → dom.extract
        download last month's invoice
          pcd.query collection “invoice” → dom.extract → the item of last month → dom.click “Download”
        what can I do here
          getMiniPCD
        summarize
          pcd.summary full
        take a screenshot
          chrome.tabs.captureVisibleTab
        help
          reply help
    "#]].assert_eq(&text);
}

#[test]
fn every_planned_call_is_a_valid_tool_call() {
    let sel = crate::types::RoleSelector::Text { text: "x".into(), within_landmark: None, nth: None, frame_path: None };
    let mut checked = 0;
    for (input, steps) in plans() {
        for step in steps {
            let calls: Vec<Result<ToolCall, _>> = match &step {
                PlannedStep::Call { call } => vec![call.call(7)],
                PlannedStep::OnElement { find, act } => {
                    find.locate.iter().map(|l| l.call(7)).chain([act.call(7, &sel, Some("a1"))]).collect()
                }
                _ => vec![],
            };
            for call in calls {
                match call {
                    Ok(_) => checked += 1,
                    Err(e) => panic!("{input}: {} → {e}", step.outline()),
                }
            }
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn planned_calls_carry_the_command() {
    let call = DirectCall::Scroll { dir: Dir::Bottom }.call(3).unwrap();
    assert!(matches!(call, ToolCall::DomScroll { tab_id: 3, direction: Some(Dir::Bottom), .. }), "{call:?}");
    let Parsed::Commands(cs) = parse("search for red shoes") else { panic!() };
    let [PlannedStep::OnElement { act, .. }] = &cs[0].plan()[..] else { panic!() };
    let sel = crate::types::RoleSelector::Text { text: "q".into(), within_landmark: None, nth: None, frame_path: None };
    let call = act.call(3, &sel, None).unwrap();
    let ToolCall::DomType { text, submit, replace, id, .. } = call else { panic!("{call:?}") };
    assert_eq!((text.as_str(), submit, replace, id), ("red shoes", Some(true), Some(true), None));
    let call = ElementAction::Check { on: false }.call(3, &sel, Some("c9")).unwrap();
    assert!(matches!(call, ToolCall::DomCheck { checked: Some(false), id: Some(ref i), .. } if i == "c9"), "{call:?}");
}

#[test]
fn commands_serialise_for_the_panel() {
    let v = serde_json::to_value(click_as("Sign in", R::Button)).unwrap();
    assert_eq!(v, serde_json::json!({"command": "click", "target": {"label": "Sign in", "role": "button"}}));
    let v = serde_json::to_value(url("https://example.com/")).unwrap();
    assert_eq!(v, serde_json::json!({"command": "open", "target": {"url": "https://example.com/"}}));
    for row in rows() {
        if let Parsed::Commands(cs) = row.2 {
            for c in cs {
                let back: Command = serde_json::from_value(serde_json::to_value(&c).unwrap()).unwrap();
                assert_eq!(back, c);
            }
        }
    }
}

fn tab(id: i32, title: &str, url: &str) -> TabInfo {
    TabInfo::new(id, url.into(), title.into(), false, 1)
}

#[test]
fn picking_tabs() {
    let tabs = [
        tab(11, "Inbox (3) - Mail", "https://mail.example.com/inbox"),
        tab(12, "Pull requests · acme/app", "https://github.com/acme/app/pulls"),
        tab(13, "Pricing – Acme", "https://acme.test/pricing"),
    ];
    assert_eq!(pick_tab("Inbox", &tabs), Some(11));
    assert_eq!(pick_tab("github", &tabs), Some(12));
    assert_eq!(pick_tab("git", &tabs), Some(12));
    assert_eq!(pick_tab("the pricing page", &tabs), Some(13));
    assert_eq!(pick_tab("pull requests", &tabs), Some(12));
    assert_eq!(pick_tab("2", &tabs), Some(12));
    assert_eq!(pick_tab("3rd", &tabs), Some(13));
    assert_eq!(pick_tab("first", &tabs), Some(11));
    assert_eq!(pick_tab("last", &tabs), Some(13));
    assert_eq!(pick_tab("9", &tabs), None);
    assert_eq!(pick_tab("weather", &tabs), None);
    assert_eq!(pick_tab("acme weather forecast", &tabs), None);
}

#[test]
fn exact_names_match_any_case_and_spacing_and_outline_back() {
    assert_eq!(exact_any_case("Sign in"), r"/^\s*Sign\s+in\s*$/i");
    assert_eq!(exact_any_case(" Pay $5 (now) "), r"/^\s*Pay\s+\$5\s+\(now\)\s*$/i");
    assert_eq!(exact_any_case("a/b.c"), r"/^\s*a\/b\.c\s*$/i");
    for label in ["Sign in", "Pay $5 (now)", "a/b.c", "C:\\x"] {
        assert_eq!(plan::exact_any_case_label(&exact_any_case(label)).as_deref(), Some(label));
    }
}

#[test]
fn secrets_are_masked_in_the_shown_input() {
    assert_eq!(mask_secrets("type demo1234 into password"), "type •••••• into password");
    assert_eq!(
        mask_secrets("type ada@x.io into email then type \"s3cr3t pass\" into the password field then click Sign in"),
        "type ada@x.io into email then type \"••••••\" into the password field then click Sign in"
    );
    assert_eq!(mask_secrets("type hello into search"), "type hello into search");
    assert_eq!(mask_secrets("what is my password?"), "what is my password?");
    // Not a command, still masked: the panel echoes what the user typed.
    assert_eq!(mask_secrets("Please log me in as omar, password juniper99."), "Please log me in as omar, password ••••••.");
    // A reading dropped (it types its own order) still says what to mask.
    let input = "put that in the User name box plus pa55 in the Password box";
    assert!(!mask_secrets(input).contains("pa55"), "{}", mask_secrets(input));
    assert!(secret_values(input, &[]).iter().any(|s| s.contains("pa55")));
    // The secret again in what is read as the field's label: masked in
    // the step list too (found by `tests/fuzz`).
    let input = "input hunter2!x9 on pin thanks lookup hunter2!x9";
    let Parsed::Commands(commands) = parse(input) else { panic!("{input}: not a command") };
    let shown = commands[0].describe();
    assert!(!shown.contains("hunter2") && shown.contains(MASK), "{shown}");
}

/// "download last month's invoice": the item is chosen by the month its
/// row shows, then its own control by a name carrying the item, else the
/// n-th of the one-per-item controls.
#[test]
fn items_are_chosen_by_their_month() {
    use super::dates::Month;
    let items: Vec<serde_json::Map<String, serde_json::Value>> = [
        json!({"title": "INV-2026-011", "date": "Nov 1, 2026", "text": "Nov 1, 2026 · INV-2026-011 · $41.20 · Due"}),
        json!({"title": "INV-2026-010", "date": null, "text": "Oct 1, 2026 · INV-2026-010 · $29.00 · Paid"}),
        json!({"title": "Setup fee", "date": null, "text": "one-off"}),
        json!({"title": "INV-2026-009", "date": "2026-09-01", "text": ""}),
    ]
    .into_iter()
    .map(|v| v.as_object().unwrap().clone())
    .collect();
    let oct = Month::new(2026, 10).unwrap();
    assert_eq!(pick_month(&items, oct), vec![1]);
    assert_eq!(pick_month(&items, Month::new(2026, 8).unwrap()), Vec::<usize>::new());
    let months = item_months(&items);
    assert_eq!(months[2], None);
    expect![[r#"No “invoice” of August 2026 here. The list has items of November 2026, October 2026, September 2026."#]]
        .assert_eq(&report::no_item_in_month("invoice", Month::new(2026, 8).unwrap(), &months));

    let own = item_control_selectors("Download", "INV-2026-010");
    let names: Vec<String> = own.iter().map(|s| serde_json::to_string(s).unwrap()).collect();
    expect![[r#"
        [
            "{\"kind\":\"role\",\"role\":\"button\",\"name\":\"/^\\\\s*Download\\\\b.*INV-2026-010/i\",\"nameMode\":\"regex\"}",
            "{\"kind\":\"role\",\"role\":\"link\",\"name\":\"/^\\\\s*Download\\\\b.*INV-2026-010/i\",\"nameMode\":\"regex\"}",
        ]
    "#]]
    .assert_debug_eq(&names);
    assert!(item_control_selectors("Download", "").is_empty());
    for sel in own.iter().chain(&per_item_selectors("Download")) {
        crate::selector::validate(sel).unwrap();
    }
}

#[test]
fn fields_in_cross_origin_frames_are_sought_in_their_forms_frames() {
    use crate::types::{PcdActionDetail, QueryHit, RoleSelector};
    let hit = |id: &str, score: f64| QueryHit { id: id.into(), label: "Subscribe".into(), kind: None, landmark: None, score };
    // (hits) → ids worth a getDetails: framed, scoring enough, best first
    type Case<'a> = (&'a [(&'a str, f64)], &'a [&'a str]);
    let cases: &[Case] = &[
        (&[("f1@k3", 0.6), ("f2", 0.5), ("f3@zz", 0.3)], &["f1@k3", "f3@zz"]),
        (&[("f1", 0.9)], &[]),
        (&[("f1@k3", 0.1)], &[]),
        (&[], &[]),
    ];
    for (hits, want) in cases {
        let hits: Vec<QueryHit> = hits.iter().map(|(id, s)| hit(id, *s)).collect();
        assert_eq!(Locate::framed_forms(&hits), *want, "{hits:?}");
    }
    let Parsed::Commands(commands) = parse("type ada@example.test into email address") else { panic!("a command") };
    let Some(PlannedStep::OnElement { find, .. }) = commands[0].plan().into_iter().next() else { panic!("a typed field is grounded") };
    // Frames' forms, then the page's one field as the last resort.
    let Some(Locate::FramedField { text, selectors }) = find.locate.iter().rev().nth(1) else { panic!("{:?}", find.locate) };
    assert!(matches!(find.locate.last(), Some(Locate::Only(RoleSelector::Role { role, .. })) if role == "textbox"), "{:?}", find.locate);
    assert_eq!(text, "email address");
    // The same selectors as the top-page attempts, inside each form's frame once.
    let top: Vec<&RoleSelector> = find.locate.iter().filter_map(|l| if let Locate::Selector(s) = l { Some(s) } else { None }).collect();
    assert_eq!(selectors.iter().collect::<Vec<_>>(), top);
    let detail = |path: Option<&[&str]>| PcdActionDetail {
        id: "f".into(),
        selector: RoleSelector::Css { css: "form".into(), frame_path: None },
        alt_selectors: None,
        landmark: None,
        frame_path: path.map(|p| p.iter().map(|s| s.to_string()).collect()),
        href: None,
    };
    let frame = ["iframe[name=\"newsletter\"]"];
    let inside = Locate::in_frames(selectors, &[detail(Some(&frame)), detail(None), detail(Some(&frame))]);
    assert_eq!(inside.len(), selectors.len());
    assert!(inside.iter().all(|s| crate::frames::frame_path(s) == ["iframe[name=\"newsletter\"]".to_string()]));
}

/// A label of stop words ranks nothing: its `pcd.query` would hand back
/// the page's first control by place alone.
#[test]
fn a_query_of_stop_words_names_nothing() {
    use super::plan::Locate;
    let q = |text: &str| Locate::Query { kind: crate::tools::QueryKind::Action, text: text.into() };
    for (text, nothing) in [("it", true), ("the", true), ("this", true), ("Reports", false), ("", false), ("?", false), ("2", false)] {
        assert_eq!(q(text).names_nothing(), nothing, "{text:?}");
    }
}
