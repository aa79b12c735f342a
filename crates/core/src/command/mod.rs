//! Commands without an LLM (issue 4, point 6): a small grammar, in the
//! spirit of TypeAgent's, that the side panel understands on its own.
//!
//! [`parse`] reads the user's input as a sequence of typed [`Command`]s, a
//! [`Parsed::Question`] about the page, or [`Parsed::Unknown`]. Questions
//! and unknown input go to the LLM when one is configured; without one,
//! unknown input gets [`help_text`]. Each command describes itself for the
//! panel ([`Command::describe`]) and plans its tool calls ([`Command::plan`]).
//!
//! ## Reading input
//! 1. **Tokens** (`tokens.rs`): words, quoted text (one token, kept
//!    verbatim, never a grammar word) and separators.
//! 2. **Steps** (`split.rs`): `then`, `;`, line breaks always split; `and`,
//!    `,`, `.` split only where every part is a command ("click Save and
//!    Continue" is one click).
//! 3. **Politeness** comes off each step: "please", "can you", "could you",
//!    "I want to", "let's", "just", … in front; "please", "for me",
//!    "thanks" behind. Case never matters.
//!    A reason after the order ("… so I can type there") comes off too.
//!    A **wish** ("I want Vienna selected in the list", "I'd like the
//!    second field to say indigo") is read as the order it means
//!    (`wishes.rs`).
//! 4. **Rules** (`rules.rs`): the first row of [`rules::RULES`] whose
//!    pattern covers the whole step and whose builder accepts the slots.
//!    Slots lose leading articles and role words: "the “Sign in” button" is
//!    the label `Sign in` with role button.
//! 5. **Restated first** (`restate.rs`): the input said the way people
//!    say it ("Would you mind ticking Blue?", "There's one button here.
//!    Click it.", "The note should just say delta.") is restated as the
//!    orders it means and read by steps 1–4; where that reads nothing,
//!    the input is read as typed.
//! 6. If some step is not a command, the whole input is a **question**
//!    (`question.rs`: interrogative or request lead, or a final `?`) or
//!    **unknown**. A step never runs half a sequence.
//!
//! ## Grammar (one line per command; synonyms in parentheses)
//! | command | phrasings |
//! |---|---|
//! | Open | open (visit, load, launch, go to, navigate to, head to, take me to) ‹address or label› |
//! | Back / Forward | go back, back, previous page / go forward, forward |
//! | Reload | reload (refresh) [the page] |
//! | Scroll | scroll up/down [a bit], page up/down, scroll to the top/bottom, go to the top/bottom, scroll all the way up/down |
//! | Zoom | zoom in/out, make it bigger/smaller, reset zoom, zoom to normal, actual size |
//! | NewTab | new tab, open a new tab [with ‹url›], open ‹url› in a new tab |
//! | CloseTab | close tab, close this tab, close the current page |
//! | SwitchTab | switch to (go to) tab ‹text›, switch to the ‹text› tab |
//! | Click | click (tap, press, hit, push) [on] ‹label›, follow ‹link›, select (choose, pick) ‹label›, next page, add ‹item› to [my] cart (basket, bag, …) → “Add ‹item› to cart”, download ‹item› → “Download ‹item›” |
//! | Type | type (enter, write, input, put, fill in) ‹text› into/in ‹field›, fill ‹field› with ‹text›, set ‹field› to ‹text› |
//! | Select | select (choose, pick) ‹option› in/from ‹field›, choose ‹option› as ‹field› |
//! | Check | check (tick, mark) / uncheck (untick, deselect) ‹label›, turn on/off ‹label› |
//! | PressKey | press (hit) enter/escape/tab/space/arrow keys/page up/… |
//! | Search | search [for] ‹text› [on this site], search this site for ‹text›, look up ‹text› |
//! | Extract | extract (scrape, collect) ‹collection›, get (list) all ‹collection› |
//! | Focus | put the cursor in ‹field›, focus [on] ‹field›, click into ‹field› |
//! | SignIn | sign (log) in as ‹user› with (using) [the] password ‹secret›, sign in with user ‹user› and password ‹secret› |
//! | ClosePopup | close (dismiss, hide) the popup (dialog, modal, banner) [with its close button] |
//! | Suggest | type the beginning (first letters) of ‹text› [into ‹field›] and choose the suggestion, start typing ‹text› and pick it |
//! | Reveal | open folders until you reach ‹label›, find ‹label› in the folders; look through the tabs for ‹label›, find ‹label› in one of the tabs (+ "then click it") |
//! | ScrollIn | scroll ‹element› [box] to the end (top), scroll ‹element› down/up, read ‹element› to the end |
//! | InMenu | from the ‹menu› menu pick ‹item›, choose ‹item› from the ‹menu› menu |
//! | WhatCanIDo | what can I do [here], what are my options, show the actions |
//! | Summarize | summarize (sum up) [this page], give me a summary, tl;dr |
//! | Screenshot | take a screenshot, screenshot, capture the page |
//! | Help | help, commands, what can you do, what can I say |
//!
//! ## Ambiguity rules (deterministic; each has fixture rows)
//! - **open X / go to X**: an address (scheme, `localhost`, IPv4 or
//!   `name.tld`) is navigated to in this tab; anything else is an element on
//!   the page labelled X, grounded with `pcd.query` and clicked ("open
//!   settings" clicks "Settings"; "the pricing page" looks for "pricing").
//!   Site names are never guessed: "open github" looks for a link, "open
//!   github.com" goes there. If nothing on the page matches, the step fails
//!   saying so. Other schemes (`javascript:`, `chrome://`) and "open ‹label›
//!   in a new tab" are not understood (unknown → LLM).
//! - **tabs**: "switch to/go to [the] tab X" and "go to the X tab" mean a
//!   browser tab; "click the X tab" clicks a tab on the page.
//! - **history vs pagination**: "previous page" is history back; "next
//!   page" clicks the page's "Next" (pagination), since nobody means
//!   history forward by it.
//! - **select**: "select X in/from Y" picks an option of dropdown Y;
//!   "select X" alone clicks X. "set Y to X" types (text fields are the
//!   common case).
//! - **press**: "press/hit K" is a key press when K names a key ("press
//!   enter", "hit the escape key"), else a click ("press Submit").
//! - **check**: "check if/whether/that/how/out …" is not a checkbox; it is
//!   left to question routing ("check if it ships to Spain" → question).
//! - **splitting text**: without quotes, typed text runs to the *last*
//!   "into" ("type in and out into notes"), a field named before "with" ends
//!   at the *first* "with"; quotes settle anything else.
//! - **page up/down** scroll; "press page down" presses the key.
//! - **add/download**: "add X to cart" and "download X" click the control
//!   named by the whole phrase ("Add X to cart"), so the item's own button
//!   is found; "add it/the blue one to my cart" points instead of naming
//!   and is left to the LLM.
//! - **grounding a click**: a button, link, menu item, tab, checkbox, radio
//!   or option whose name is exactly the label (any case; several → the
//!   one with the user's case) wins; else `pcd.query` ranks; else the
//!   element whose whole text is the label, else one containing it. A role
//!   word restricts the role: no text fallback, and no hit of another role.
//! - **kind and place** (issue 45): "the button", "the textbox below", "the
//!   list" name the one element of that kind; "the 3rd input", "the second
//!   checkbox", "the last one", "the 2nd result" count in page order; an
//!   ordinal inside a name is a word of it ("First Class"). Fields whose
//!   name does not match fall back to the text beside them (`ground.rs`).
//! - **borrowed verbs**: "type a into X and b into Y" types twice; "pick
//!   Paris, Rome and Oslo" clicks three times (comma lists only); "…, then
//!   click it" after a reveal is its click (`split.rs`).
//! - **search** uses the page's own search box, never a web search engine.
//! - **"?"** does not make a command a question: commands are tried first
//!   ("can you scroll down?" scrolls); "what can I do here?" lists actions.
//!
//! Modules: `tokens` (tokenizer), `pattern` (pattern language and matcher),
//! `slots` (labels, role words, ordinals, addresses), `rules` (the table),
//! `split` (sequences, politeness, borrowed verbs), `wishes` (wishes read
//! as orders), `restate` (what people write, restated as orders),
//! `question` (routing),
//! `model` (commands, `describe`), `plan` (tool steps, `pick_tab`),
//! `ground` (kind, place, nearby text, sentence targets), `help` (the help reply),
//! `report` (each step's result in words, hit choice, zoom steps; used by
//! the worker's executor, `bc-background`'s `command.rs`).

pub mod dates;
mod ground;
mod help;
mod model;
pub(crate) mod pattern;
mod plan;
mod against_page;
mod question;
mod readings;
pub mod report;
mod restate;
mod rules;
mod typos;
pub(crate) mod slots;
pub(crate) mod split;
pub(crate) mod tokens;
mod wishes;

#[cfg(test)]
mod tests;

pub use help::{help_text, reply_without_llm, HelpLine, HELP};
pub use model::{Command, Key, OpenTarget, Ordinal, RevealVia, RoleHint, Target, ZoomDir, MASK};
pub use pattern::PatternError;
pub use ground::{exact_case, opener_key, prefix, reveal_openers, reveal_target};
pub use plan::{
    exact_any_case, item_control_selectors, item_months, per_item_selectors, pick_month, pick_tab, BrowserAction, DirectCall, ElementAction, Grounding, LocalReply, Locate, PlannedStep, NEW_TAB_URL,
    QUERY_TOP_K,
};
pub(crate) use plan::exact_any_case_label;
pub use question::{asks_to_act, QuestionRule, QuestionWhen, QUESTION_RULES};
pub use against_page::{read_against, PageWord, WordKind, MAX_NAME, MAX_WORDS};
pub use readings::{alternatives, readings, Alternative};
pub use rules::{Rule, RULES};

/// How the grammar reads an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    /// One or more commands, to run in order (never empty).
    Commands(Vec<Command>),
    /// A question about the page: for the LLM.
    Question,
    /// Not understood: for the LLM, or answered with [`help_text`].
    Unknown,
}

/// [`Parsed`] with the ids of the rules that decided it: one per command,
/// the question rule, or none for unknown input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explained {
    pub parsed: Parsed,
    pub rules: Vec<&'static str>,
}

/// Reads `input` (see the module docs).
pub fn parse(input: &str) -> Parsed {
    explain(input).parsed
}

/// `input` as the panel shows it: text that a command types into a
/// password-like field ("type hunter2 into password"), and a value after
/// a password or code word (`safety::typed`), replaced by [`MASK`];
/// anything else unchanged.
pub fn mask_secrets(input: &str) -> String {
    // A value after a password or code word ("… password juniper99") is
    // masked whether or not the input reads as commands.
    let typed = crate::safety::typed::mask_typed_secrets(input, |_| MASK.to_owned());
    let mut typed_in = readings::secret_texts(input);
    if let Parsed::Commands(commands) = parse(input) {
        typed_in.extend(commands.iter().filter_map(Command::secret_text).filter(|t| !t.is_empty()).map(str::to_owned));
    }
    // Longest first, so a value inside another is not masked halfway.
    typed_in.sort_by_key(|s| std::cmp::Reverse(s.len()));
    typed_in.dedup();
    mask_values(&typed, &typed_in)
}

/// The secret values of `input`, read as `commands`: each value after a
/// password or code word (`safety::typed`) and the text the commands type
/// into password-like fields. Whatever the worker shows of the run (step
/// lines, results) goes through [`mask_values`] with them: a misread
/// sentence can put a password into a field's label ("into “with the
/// password x”").
pub fn secret_values(input: &str, commands: &[Command]) -> Vec<String> {
    let mut found: Vec<String> =
        crate::safety::typed::typed_secrets(input).into_iter().map(|(range, _)| input[range].to_owned()).collect();
    found.extend(commands.iter().filter_map(Command::secret_text).map(str::to_owned));
    found.extend(readings::secret_texts(input));
    found.retain(|s| !s.is_empty());
    // Longest first, so a value inside another is not masked halfway.
    found.sort_by_key(|s| std::cmp::Reverse(s.len()));
    found.dedup();
    found
}

/// `text` with every one of `secrets` replaced by [`MASK`].
pub fn mask_values(text: &str, secrets: &[String]) -> String {
    secrets.iter().fold(text.to_owned(), |shown, secret| shown.replace(secret.as_str(), MASK))
}

/// [`parse`], saying which rules decided.
pub fn explain(input: &str) -> Explained {
    let tokens = tokens::tokenize(input);
    // The input restated as the orders it means (`restate`) is read first:
    // as typed, "tick Blue and nothing else" would tick "Blue and nothing
    // else". Input the restatement leaves unchanged, or that it turns into
    // nothing the rules read, is read as typed.
    // A reading that still points at "it" with nothing named is none.
    if let Some(steps) = readings::read(input).next() {
        let (commands, rules) = steps.into_iter().unzip();
        return Explained { parsed: Parsed::Commands(commands), rules };
    }
    match question::classify(input, &tokens) {
        Some(rule) => Explained { parsed: Parsed::Question, rules: vec![rule] },
        None => Explained { parsed: Parsed::Unknown, rules: Vec::new() },
    }
}
