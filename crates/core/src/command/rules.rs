//! The grammar: one row per phrasing, first matching row wins. A row's
//! builder may still decline (`None`: "press the Pricing tab" is not a key,
//! so the click row gets it), and matching goes on with the next row.
//!
//! Order matters where phrasings overlap: specific rows come before the
//! catch-all ones (`go to the top` before `go to {target}`; `select X in Y`
//! before `select X`; `press enter` before `press {label}`). Every row has at
//! least one fixture in `tests.rs` (a test checks it).

use super::dates;
use super::model::{Command, Key, OpenTarget, RevealVia, RoleHint, Target, ZoomDir};
use super::pattern::{Captures, Pattern, Slot};
use super::slots::{self, verbatim, without_article, without_suffix};
use super::tokens::Token;
use crate::tools::ScrollDirection as ScrollDir;
use std::sync::OnceLock;

/// What a builder sees: the input, the command's tokens and the captures.
pub struct Ctx<'a> {
    pub input: &'a str,
    pub tokens: &'a [Token],
    pub caps: Captures,
}

impl Ctx<'_> {
    fn slot(&self, slot: Slot) -> &[Token] {
        self.caps.get(slot).map_or(&[], |r| &self.tokens[r])
    }

    fn text(&self, slot: Slot) -> String {
        verbatim(self.input, self.slot(slot))
    }

    fn target(&self, slot: Slot) -> Option<Target> {
        slots::target(self.input, self.slot(slot))
    }
}

pub type Build = fn(&Ctx) -> Option<Command>;

/// One phrasing: an id (named by fixtures), a pattern and what it means.
pub struct Rule {
    pub id: &'static str,
    pub pattern: &'static str,
    pub build: Build,
}

const fn r(id: &'static str, pattern: &'static str, build: Build) -> Rule {
    Rule { id, pattern, build }
}

use Command as C;

#[rustfmt::skip]
pub static RULES: &[Rule] = &[
    // History. "previous page" is history (the wording); "next page"
    // is pagination (see `click.next_page`), since nobody means "forward".
    r("back", "[go|navigate|move|head|take me] back [one page|a page|to the previous page|to the last page]", |_| Some(C::Back)),
    r("back.previous_page", "[go|navigate|return|head|back] [to] [the] previous page", |_| Some(C::Back)),
    r("forward", "[go|navigate|move] forward [one page|a page]", |_| Some(C::Forward)),
    r("reload", "(reload|refresh) [the|this] [page|tab|site|website]", |_| Some(C::Reload)),
    r("click.next_page", "[go to|show|show me|open] [the] next page", |_| Some(C::Click { target: Target::new("Next") })),

    // Scrolling.
    r("scroll.down", "scroll [the page|page|the screen] down [a bit|a little|a little bit|some|more|one page|a page]", |_| Some(scroll(ScrollDir::Down))),
    r("scroll.up", "scroll [the page|page|the screen] up [a bit|a little|a little bit|some|more|one page|a page]", |_| Some(scroll(ScrollDir::Up))),
    r("scroll.page_down", "page down", |_| Some(scroll(ScrollDir::Down))),
    r("scroll.page_up", "page up", |_| Some(scroll(ScrollDir::Up))),
    r("scroll.top", "scroll [all the way] [back] [up] to [the] (top|beginning|start) [of the page|of page]", |_| Some(scroll(ScrollDir::Top))),
    r("scroll.top_go", "(go|jump|move|back|return|get) [back] [all the way] [up] to [the] (top|beginning|start) [of the page|of page]", |_| Some(scroll(ScrollDir::Top))),
    r("scroll.all_the_way_up", "scroll all the way up", |_| Some(scroll(ScrollDir::Top))),
    r("scroll.bottom", "scroll [all the way] [down] to [the] (bottom|end) [of the page|of page]", |_| Some(scroll(ScrollDir::Bottom))),
    r("scroll.bottom_go", "(go|jump|move|skip|get) [all the way] [down] to [the] (bottom|end) [of the page|of page]", |_| Some(scroll(ScrollDir::Bottom))),
    r("scroll.all_the_way_down", "scroll all the way down", |_| Some(scroll(ScrollDir::Bottom))),
    // "go to the bottom of the terms box": inside it (the page, said so, is the page).
    r("scroll.in_go_end", "(go|jump|move|skip|get|scroll) [all the way] [down] to [the] (bottom|end) of {label}", |c| scroll_in(c, ScrollDir::Bottom)),
    // Inside an element the sentence names ("scroll the terms box to the end").
    r("scroll.in_end", "scroll [down] {label} (to|until|till) [the|its] (end|bottom) [of it]", |c| scroll_in(c, ScrollDir::Bottom)),
    r("scroll.in_top", "scroll [up] {label} (to|back to) [the|its] (top|beginning|start) [of it]", |c| scroll_in(c, ScrollDir::Top)),
    r("scroll.in_dir", "scroll {label} (down|up)", |c| {
        let up = c.tokens.last().is_some_and(|t| t.is_word("up"));
        // "all the way down" is the end.
        let all_the_way = c.tokens.windows(3).any(|w| w[0].is_word("all") && w[1].is_word("the") && w[2].is_word("way"));
        scroll_in(c, match (up, all_the_way) {
            (true, true) => ScrollDir::Top,
            (true, false) => ScrollDir::Up,
            (false, true) => ScrollDir::Bottom,
            (false, false) => ScrollDir::Down,
        })
    }),
    r("scroll.read_to_end", "read [through] {label} (to|until|till) the (end|bottom)", |c| scroll_in(c, ScrollDir::Bottom)),

    // Zoom.
    r("zoom.in", "zoom in [a bit|a little|more]", |_| Some(zoom(ZoomDir::In))),
    r("zoom.out", "zoom out [a bit|a little|more]", |_| Some(zoom(ZoomDir::Out))),
    r("zoom.bigger", "make [it|the page|the text|text|everything|things] (bigger|larger)", |_| Some(zoom(ZoomDir::In))),
    r("zoom.smaller", "make [it|the page|the text|text|everything|things] smaller", |_| Some(zoom(ZoomDir::Out))),
    r("zoom.reset", "(reset|restore) [the] zoom [level]", |_| Some(zoom(ZoomDir::Reset))),
    r("zoom.reset_to", "zoom (reset|back to normal|to normal|to default|to 100|back)", |_| Some(zoom(ZoomDir::Reset))),
    r("zoom.actual_size", "[back to|reset to] (actual|normal|default|original) size", |_| Some(zoom(ZoomDir::Reset))),

    // Browser tabs. "go to the X tab" means a browser tab; a tab widget on
    // the page is clicked ("click the X tab").
    r("tab.new", "[open|create] [a|another] (new|blank|empty) tab", |_| Some(C::NewTab { url: None })),
    r("tab.new_with", "[open|create] [a] new tab (with|to|at|for|on) {url}", new_tab),
    r("tab.new_open_in", "(open|load) {url} in [a|another] new (tab|window)", new_tab),
    r("tab.close", "close [the|this] [current] (tab|page)", |_| Some(C::CloseTab)),
    r("tab.on_page", "(switch|change|go|jump|move) to [the] {label} tab (on|in) (the|this) page", |c| {
        Some(C::Click { target: Target::with_role(verbatim(c.input, without_article(c.slot(Slot::Label))), RoleHint::Tab) })
    }),
    r("tab.switch", "(switch|change|go|jump|move) [over|across|back] to [the] tab {tab}", switch_tab),
    r("tab.switch_named", "(switch|change|go|jump|move) [over|across|back] to [the] {tab} tab", switch_tab),

    // Keys, before clicks: "press enter" is a key, "press Sign in" a click.
    r("key.press", "(press|hit|push|tap) [the] {key}", press_key),

    // Sentences people write (issue 45), before the form and click rows
    // whose verbs they share ("put the cursor in X" is no typing).
    r("check.put_a_tick", "(put|place|add|make|set) a (tick|check|checkmark|check mark|tickmark|tick mark|cross|mark) (in|on|into|next to|beside|against|by|for) {label}", |c| check(c, true)),
    r("focus.cursor", "(put|place|set|move) [the|your|my] cursor (in|into|on|inside|to) {field}", focus),
    r("focus", "(focus on|focus) {field}", focus),
    r("focus.click_into", "(click|tap) (into|inside|in) {field}", focus),
    r("sign_in.as", "(sign in|log in|login|signin|log on|sign on|sign me in|log me in) as {text} (with|using|and) [the|my|a] (password|pass|pw) [is] {secret}", sign_in),
    r("sign_in.as_comma", "(sign in|log in|login|signin|log on|sign on|sign me in|log me in) as {text} [the|my] (password|pass|pw) [is] {secret}", sign_in),
    r("sign_in.with", "(sign in|log in|login|signin|log on|sign on|sign me in|log me in) (with|using) [the|my] (user|username|user name|login|account|email) {text} and [the|my|a] (password|pass|pw) {secret}", sign_in),
    // "Can you sign in? The user name is lee and the password fjord32."
    r("sign_in.is", "(sign in|log in|login|signin|log on|sign on|sign me in|log me in) (the|my|your) (user|username|user name|login|account|email) is {text} and (the|my|your) (password|pass|pw) [is] {secret}", sign_in),
    r("popup.close", "(close|dismiss|hide|exit|shut|get rid of) [the|this|that] (popup|pop-up|pop up|dialog|modal|overlay|lightbox|banner)", |_| Some(C::ClosePopup)),
    r("popup.close_with", "(close|dismiss|hide|exit|shut|get rid of) [the|this|that] (popup|pop-up|pop up|dialog|modal|overlay|lightbox|banner) (with|using|via|by clicking|by pressing) {label}", |_| Some(C::ClosePopup)),
    r("popup.out_of_the_way", "(get|move|put) [the|this|that] (popup|pop-up|pop up|dialog|modal|overlay|lightbox|banner) out of [the|my] way [with|using|via|by clicking|by pressing] [its|the] [close button|x|×|close]", |_| Some(C::ClosePopup)),
    r("suggest.beginning_in", "(type|enter|write|put|input) [the] (beginning|start|first letters|first few letters|first characters|first part) of {text} (in|into) {field} and [then] (choose|pick|select|click|take) [it|the suggestion|the match|the matching suggestion] [from the suggestions|from the list|from the dropdown]", suggest),
    r("suggest.beginning", "(type|enter|write|put|input) [in] [the] (beginning|start|first letters|first few letters|first characters|first part) of {text} and [then] (choose|pick|select|click|take) [it|the suggestion|the match|the matching suggestion] [from the suggestions|from the list|from the dropdown]", suggest),
    r("suggest.start_typing_in", "(start|begin) (typing|entering|writing|to type|to enter) {text} (in|into) {field} and [then] (choose|pick|select|click|click on|take|accept) (it|the suggestion|the match|the first suggestion|the matching suggestion|the suggested one) [from the suggestions|from the list|from the dropdown|when it shows|when it appears|that appears|that shows up|that comes up]", suggest),
    r("suggest.start_typing", "(start|begin) (typing|entering|writing|to type|to enter) {text} and [then] (choose|pick|select|click|click on|take|accept) (it|the suggestion|the match|the first suggestion|the matching suggestion|the suggested one) [from the suggestions|from the list|from the dropdown|when it shows|when it appears|that appears|that shows up|that comes up]", suggest),
    r("reveal.folders", "(open|expand|go through|go into|click through|dig through|dig into|drill into|drill down through|drill down into|work through|navigate through) [the] (folders|folder tree|tree|subfolders) (until you reach|until you find|until you get to|until you see|until you come to|to|down to|until) {label}", |c| reveal(c, RevealVia::Folders)),
    r("reveal.folders_find", "(find|locate|look for) {label} [somewhere] in [the] (folders|folder tree|tree|file tree)", |c| reveal(c, RevealVia::Folders)),
    r("reveal.tabs", "(look|search|go|check|browse|try) [through|in|across] (all the tabs|all tabs|the tabs|tabs|each tab|every tab|each of the tabs|the different tabs) (for|until you find|until you see|until you reach) {label}", |c| reveal(c, RevealVia::Tabs)),
    r("reveal.tabs_find", "(find|locate|look for) {label} [somewhere] (in|on|under|among) [one of] [the] tabs", |c| reveal(c, RevealVia::Tabs)),
    // "Warranty is in one of the tabs, please open it."
    r("reveal.tabs_is", "{label} is (in|on|under|behind) (one of the tabs|some tab|a tab|another tab|the tabs)", |c| reveal(c, RevealVia::Tabs)),
    r("menu.from", "(from|in) the {label} menu (pick|choose|select|click) {option}", in_menu),
    r("menu.under", "under [the] {label} [menu] (pick|choose|select|click) {option}", in_menu),
    r("menu.item_from", "(pick|choose|select|click) {option} (from|in) the {label} menu", in_menu),

    // Opening: an address, or else a link on the page (see `open`).
    r("open.go_to", "(go to|goto|navigate to|head to|head over to|take me to|bring me to|browse to|jump to) {target}", open),
    r("open", "(open|visit|load|launch|browse) [up] {target}", open),

    // Forms, before the bare "select X" click.
    r("type.into", "(type|enter|write|input|put|insert|paste|fill in|fill) {text} into {field}", type_text),
    r("type.in", "(type|enter|write|input|put|insert|paste|fill in|fill) {text} (in|inside|on) {field}", type_text),
    r("type.fill_with", "(fill in|fill out|fill|complete|populate) {field} with {text}", type_text),
    r("type.set_to", "set {field} to {text}", type_text),
    r("type.as", "(enter|type|put|fill in) {text} as [the|your|my] {field}", type_text),
    r("type.for", "(enter|type|put|fill in|write|give|use) {text} for [the|your|my] {field}", type_text),
    r("type.fronted", "(in|into) {field} (type|enter|write|put) {text}", type_text),
    r("select.in", "(select|choose|pick) {option} (in|from|for|on|under) {field}", select),
    r("select.as", "(select|choose|pick|use) {option} as [the] {field}", select),
    r("check.on", "(check|tick|mark) {label}", |c| check(c, true)),
    r("check.off", "(uncheck|untick|unmark|deselect|unselect|un-check|un-tick) {label}", |c| check(c, false)),
    r("check.turn_on", "(turn|switch|toggle) on {label}", |c| check(c, true)),
    r("check.turn_on_after", "(turn|switch|toggle) {label} on", |c| check(c, true)),
    r("check.turn_off", "(turn|switch|toggle) off {label}", |c| check(c, false)),
    r("check.turn_off_after", "(turn|switch|toggle) {label} off", |c| check(c, false)),

    // Clicks.
    r("click.follow", "follow [the] {label}", |c| {
        let t = c.target(Slot::Label)?;
        Some(C::Click { target: Target { role: t.role.or(Some(RoleHint::Link)), ..t } })
    }),
    r("click", "(click|tap|press|hit|push|double-click) [on|at] {label}", |c| Some(C::Click { target: c.target(Slot::Label)? })),
    // Shop and file buttons are named by what they do to an item ("Add
    // Aurora Desk Lamp to cart", "Download invoice INV-7"): the click's
    // label is the whole phrase, so grounding finds that item's control.
    r("click.add_to", "add {label} to [the|my|your] (cart|basket|bag|trolley|wishlist|wish list)", add_to),
    r("click.download", "download {label}", download),
    r("click.select_bare", "(select|choose|pick) {label}", |c| Some(C::Click { target: c.target(Slot::Label)? })),
    r("click.expand", "(expand|unfold|collapse) {label}", |c| Some(C::Click { target: c.target(Slot::Label)? })),
    r("click.go_into", "(go|step|navigate) into {label}", |c| Some(C::Click { target: c.target(Slot::Label)? })),
    // "show the Shipping section": a section is opened by its header.
    r("click.show_section", "(show|reveal|display|open up|unfold) {label}", |c| {
        let target = c.target(Slot::Label)?;
        (target.role == Some(RoleHint::Section)).then_some(C::Click { target })
    }),
    // A form's button named by its verb alone ("…, then save").
    r("click.bare_verb", "(save|submit) [it|this|that|the form|the changes|changes|now]", |c| {
        Some(C::Click { target: Target::new(verbatim(c.input, &c.tokens[..1])) })
    }),

    // The site's own search.
    r("search.this_site", "search (this|the) (site|page|website) for {text}", search),
    r("search.on_site", "search [for] {text} (on|in) (this|the) (site|page|website)", search),
    r("search", "search [for] {text}", search),
    r("search.look_up", "(look up|lookup) {text}", search),
    r("search.look_for", "(look|hunt) for {text}", |c| {
        // "look for the Save button" is something on the page, not a search.
        c.target(Slot::Text).filter(|t| t.role.is_none() && t.nth.is_none())?;
        search(c)
    }),

    // Reading the page.
    r("extract", "(extract|scrape|collect|harvest|pull out) [all] {what}", extract),
    r("extract.get_all", "(get|list|grab|fetch) all [of] {what}", extract),
    r("what_can_i_do", "what can (i|we) do [here|on this page|on this site|on this website|on here|now]", |_| Some(C::WhatCanIDo)),
    r("what_can_i_do.options", "what are (my|the) (options|actions) [here|on this page]", |_| Some(C::WhatCanIDo)),
    r("what_can_i_do.show", "(show|list) [me] [the|all] [available|possible] (actions|options) [here|on this page|on the page]", |_| Some(C::WhatCanIDo)),
    r("summarize", "(summarize|summarise|sum up) [this|the] [page|site|website|article|tab|post|document]", |_| Some(C::Summarize)),
    r("summarize.summary", "[give me|write|show me|make] [a|the] [quick|short|brief] summary [of this page|of the page|of this site|of this article]", |_| Some(C::Summarize)),
    r("summarize.tldr", "(tldr|tl;dr)", |_| Some(C::Summarize)),
    r("screenshot", "(take|grab|make|capture|get) [a|the] (screenshot|screen shot|screengrab|snapshot) [of this page|of the page|of this tab|of the screen]", |_| Some(C::Screenshot)),
    r("screenshot.bare", "(screenshot|screen shot) [this|the] [page|tab|screen]", |_| Some(C::Screenshot)),
    r("screenshot.capture", "capture [this|the] (page|tab|screen)", |_| Some(C::Screenshot)),

    // About the grammar itself.
    r("help", "[show|show me|list] [the|all] [available] (help|commands)", |_| Some(C::Help)),
    r("help.you", "what (can|do) you (do|understand|know)", |_| Some(C::Help)),
    r("help.say", "what can i (say|ask|type)", |_| Some(C::Help)),
];

fn scroll(dir: ScrollDir) -> Command {
    C::Scroll { dir }
}

/// Words after the name of a scrolling element that say what it is.
const CONTAINER_WORDS: &[&[&str]] = &[&["box"], &["area"], &["panel"], &["pane"], &["section"], &["list"], &["window"], &["container"], &["text"], &["field"]];

/// "scroll the terms box to the end": inside the element named "terms";
/// "scroll the page …" is the page.
fn scroll_in(c: &Ctx, dir: ScrollDir) -> Option<Command> {
    let toks = without_suffix(without_suffix(without_article(c.slot(Slot::Label)), &[&["back"], &["all", "the", "way"]]), CONTAINER_WORDS);
    let toks = without_article(toks);
    let words = slots::words(toks);
    if matches!(words[..], ["page" | "screen" | "window" | "site" | "this" | "it"]) {
        return Some(scroll(dir));
    }
    Some(C::ScrollIn { label: verbatim(c.input, toks), dir })
}

fn focus(c: &Ctx) -> Option<Command> {
    Some(C::Focus { target: c.target(Slot::Field)? })
}

fn sign_in(c: &Ctx) -> Option<Command> {
    let user = c.text(Slot::Text);
    let password = c.text(Slot::Secret);
    // A user name or address has no spaces: "log on as ana? Use password
    // x" took "ana? Use" for one; better not understood than signed in as that.
    if user.contains(char::is_whitespace) || password.contains(char::is_whitespace) {
        return None;
    }
    (!user.is_empty() && !password.is_empty()).then_some(C::SignIn { user, password })
}

/// What the user wants suggested: the text after "the beginning of".
fn suggest(c: &Ctx) -> Option<Command> {
    let text = verbatim(c.input, without_article(c.slot(Slot::Text)));
    let field = match c.caps.get(Slot::Field) {
        Some(_) => Some(c.target(Slot::Field)?),
        None => None,
    };
    (!text.is_empty()).then_some(C::Suggest { text, field })
}

fn reveal(c: &Ctx, via: RevealVia) -> Option<Command> {
    let toks = without_article(c.slot(Slot::Label));
    // "the Warranty link": the name without its role word.
    let label = c.target(Slot::Label).map(|t| t.label).filter(|l| !l.is_empty())?;
    names_an_item(toks).then_some(C::Reveal { label, via, click: false })
}

fn in_menu(c: &Ctx) -> Option<Command> {
    let menu = Target { role: Some(RoleHint::Menu), ..c.target(Slot::Label)? };
    Some(C::InMenu { menu, item: c.target(Slot::Option)? })
}

fn zoom(zoom: ZoomDir) -> Command {
    C::Zoom { zoom }
}

fn new_tab(c: &Ctx) -> Option<Command> {
    Some(C::NewTab { url: Some(slots::url(&c.text(Slot::Url))?) })
}

fn switch_tab(c: &Ctx) -> Option<Command> {
    let text = verbatim(c.input, without_article(c.slot(Slot::Tab)));
    Some(C::SwitchTab { text })
}

fn press_key(c: &Ctx) -> Option<Command> {
    let toks = c.slot(Slot::Key);
    if slots::is_quoted(toks) {
        return None;
    }
    Some(C::PressKey { key: Key::from_words(&slots::words(toks))? })
}

/// Ambiguity rule for `open X`/`go to X`: X that looks like an address
/// (scheme, `localhost`, IPv4, or `name.tld`) is navigated to in this tab;
/// anything else is something on the page labelled X (a trailing "page" is
/// dropped: "open the pricing page" → "pricing"), clicked after grounding.
/// Site names are never guessed ("open github" looks for a "github" link;
/// "open github.com" goes there). Declined: other schemes (`javascript:`,
/// `chrome://`), and links "in a new tab" (a link opens where the page says).
fn open(c: &Ctx) -> Option<Command> {
    let toks = c.slot(Slot::Target);
    let raw = verbatim(c.input, toks);
    if let Some(url) = slots::url(&raw) {
        return Some(C::Open { target: OpenTarget::Url(url) });
    }
    let lower = raw.to_lowercase();
    if lower.contains(':') && !slots::is_quoted(toks) && lower.split_whitespace().count() == 1 {
        return None;
    }
    let words = slots::words(toks);
    if words.windows(2).any(|w| w == ["new", "tab"] || w == ["new", "window"]) {
        return None;
    }
    let toks = without_suffix(toks, &[&["page"]]);
    Some(C::Open { target: OpenTarget::Link(slots::target(c.input, toks)?) })
}

/// Words that point at an item instead of naming it ("add it to my cart",
/// "the blue one"): only the LLM can tell which item that is.
const POINTING: &[&str] = &["it", "this", "that", "them", "these", "those", "one", "ones", "everything", "all", "both"];

fn names_an_item(toks: &[Token]) -> bool {
    !toks.is_empty() && !toks.last().is_some_and(|t| POINTING.iter().any(|w| t.is_word(w)))
}

/// "add X to [my] cart" → click "Add X to cart" (the container as typed).
fn add_to(c: &Ctx) -> Option<Command> {
    let item = without_article(c.slot(Slot::Label));
    if !names_an_item(item) {
        return None;
    }
    // The pattern ends with "to [the|my|your] (cart|…)": the container
    // follows the last "to" (an item may contain one: "Back to School Kit").
    let after_to = c.tokens.iter().rposition(|t| t.is_word("to"))? + 1;
    let container = match &c.tokens[after_to..] {
        [owner, rest @ ..] if !rest.is_empty() && ["the", "my", "your"].iter().any(|w| owner.is_word(w)) => rest,
        all => all,
    };
    Some(C::Click {
        target: Target::new(format!("Add {} to {}", verbatim(c.input, item), verbatim(c.input, container))),
    })
}

/// "download X" → click "Download X".
fn download(c: &Ctx) -> Option<Command> {
    let item = without_article(c.slot(Slot::Label));
    if !names_an_item(item) {
        return None;
    }
    // "last month's invoice": chosen by its date, not by its label.
    if let Some((what, when)) = dates::split_month_ref(&verbatim(c.input, item)) {
        let what = what.strip_prefix("the ").unwrap_or(&what).to_owned();
        return Some(C::ForMonth { verb: "Download".into(), what, when });
    }
    Some(C::Click { target: Target::new(format!("Download {}", verbatim(c.input, item))) })
}

/// Typed text that describes what to type rather than being it ("the
/// beginning of Portugal", "the cursor"): other rows read those.
const NOT_TEXT: &[&[&str]] = &[
    &["the", "beginning", "of"], &["the", "start", "of"], &["the", "first", "letters", "of"], &["the", "first", "few", "letters", "of"],
    &["beginning", "of"], &["the", "first", "characters", "of"], &["the", "cursor"], &["cursor"],
];

/// Words that say what kind of text follows ("type *the word* granite"):
/// the text is what follows.
#[rustfmt::skip]
const DESCRIBED: &[&[&str]] = &[
    &["the", "word"], &["the", "words"], &["the", "text"], &["the", "value"], &["the", "name"], &["the", "number"],
    &["the", "phrase"], &["the", "string"], &["the", "letters"], &["the", "code"],
];

/// Verbs after "by" that say how, not what ("… by picking the suggestion").
const BY_METHOD: &[&str] = &["picking", "choosing", "selecting", "clicking", "pressing", "using", "typing", "tapping", "hitting"];

fn type_text(c: &Ctx) -> Option<Command> {
    let toks = c.slot(Slot::Text);
    if NOT_TEXT.iter().any(|w| toks.len() >= w.len() && w.iter().zip(toks).all(|(w, t)| t.is_word(w))) {
        return None;
    }
    let toks = DESCRIBED
        .iter()
        .find(|w| toks.len() > w.len() && w.iter().zip(toks).all(|(w, t)| t.is_word(w)))
        .map_or(toks, |w| &toks[w.len()..]);
    // "fill Country with Italy *by picking the suggestion*": how to do it
    // is not text to type.
    if toks.windows(2).any(|w| w[0].is_word("by") && BY_METHOD.iter().any(|m| w[1].is_word(m))) {
        return None;
    }
    let text = verbatim(c.input, toks);
    let field = c.target(Slot::Field)?;
    // "set the list to Vienna": a dropdown is chosen from, not typed into.
    if field.role == Some(RoleHint::Dropdown) {
        return Some(C::Select { option: text, field });
    }
    Some(C::Type { text, field })
}

fn select(c: &Ctx) -> Option<Command> {
    let option = verbatim(c.input, without_suffix(without_article(c.slot(Slot::Option)), &[&["option"]]));
    Some(C::Select { option, field: c.target(Slot::Field)? })
}

/// Words that make "check …" a question, not a checkbox ("check if it ships").
const NOT_A_CHECKBOX: &[&str] =
    &["if", "whether", "that", "what", "how", "out", "for", "to", "which", "who", "when", "why", "where", "again"];

fn check(c: &Ctx, on: bool) -> Option<Command> {
    let toks = c.slot(Slot::Label);
    if toks.first().is_some_and(|t| NOT_A_CHECKBOX.iter().any(|w| t.is_word(w))) {
        return None;
    }
    let mut target = c.target(Slot::Label)?;
    // "the remember me box" is a checkbox here, not a text field.
    if target.role == Some(RoleHint::Field) {
        target.role = Some(RoleHint::Checkbox);
    }
    Some(C::Check { target, on })
}

fn search(c: &Ctx) -> Option<Command> {
    let toks = c.slot(Slot::Text);
    // "search for" alone: the optional "for" was taken as the text.
    if matches!(toks, [t] if t.is_word("for")) {
        return None;
    }
    Some(C::Search { text: verbatim(c.input, toks) })
}

fn extract(c: &Ctx) -> Option<Command> {
    const HERE: &[&[&str]] = &[
        &["from", "this", "page"],
        &["from", "the", "page"],
        &["on", "this", "page"],
        &["on", "the", "page"],
        &["here"],
    ];
    let toks = without_article(without_suffix(c.slot(Slot::What), HERE));
    // "extract the": an article alone names nothing.
    if matches!(toks, [t] if ["the", "a", "an"].iter().any(|a| t.is_word(a))) {
        return None;
    }
    // "all" before the collection's name: load every item, not only the
    // rendered ones ("get all X" always says it).
    let before = c.caps.get(Slot::What).map_or(0, |r| r.start);
    let all = c.tokens[..before].iter().any(|t| t.is_word("all"));
    Some(C::Extract { what: verbatim(c.input, toks), all })
}

/// The rules with their compiled patterns (compiled once; a test compiles
/// every pattern, so `expect` cannot fire in a shipped build).
pub fn compiled() -> &'static [(&'static Rule, Pattern)] {
    static COMPILED: OnceLock<Vec<(&'static Rule, Pattern)>> = OnceLock::new();
    COMPILED.get_or_init(|| {
        RULES.iter().map(|rule| (rule, Pattern::compile(rule.pattern).expect("grammar patterns compile"))).collect()
    })
}

/// The first rule that matches all of `tokens` and builds a command.
pub fn match_command(input: &str, tokens: &[Token]) -> Option<(Command, &'static str)> {
    compiled().iter().find_map(|(rule, pattern)| {
        let caps = pattern.matches(tokens)?;
        let cmd = (rule.build)(&Ctx { input, tokens, caps })?;
        Some((cmd, rule.id))
    })
}
