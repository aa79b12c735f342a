//! Parse fixtures of sentences read after restating them (`restate.rs`):
//! one row or more per family of English the restatement knows, in
//! wordings of our own, with near misses that must stay what they were.

use super::*;

fn typed(text: &str, field: Target) -> Command {
    Command::Type { text: text.into(), field }
}
fn clk(label: &str) -> Command {
    Command::Click { target: Target::new(label) }
}
fn tick(target: Target) -> Command {
    Command::Check { target, on: true }
}
fn nth(role: Option<RoleHint>, n: u32) -> Target {
    Target::by_role(role, Some(Ordinal::Nth(n)))
}

#[rustfmt::skip]
pub(super) fn rows() -> Vec<Row> {
    use Command as C;
    use RoleHint as R;
    vec![
        // Asking: "would you mind …ing", "go ahead and", remarks after.
        Row("click", "Would you mind pressing Continue for me?", one(clk("Continue"))),
        Row("click", "Go ahead and hit Apply, would you?", one(clk("Apply"))),
        Row("check.on", "Would you mind ticking Newsletter?", one(tick(Target::new("Newsletter")))),
        // Context, then an order pointing back at it.
        Row("click", "There's only one button here. Click it.", one(C::Click { target: Target::by_role(Some(R::Button), None) })),
        Row("type.into", "There's a single text area on the page. Type hello into it.", one(typed("hello", Target::by_role(Some(R::Field), None)))),
        Row("select.in", "I'm flying to Lisbon. Pick it in the list.", one(C::Select { option: "Lisbon".into(), field: Target::by_role(Some(R::Dropdown), None) })),
        // States wished for.
        Row("suggest.beginning_in", "The City field should end up as Oslo, picked from the suggestion list rather than typed out in full.",
            one(C::Suggest { text: "Oslo".into(), field: Some(Target::with_role("City", R::Field)) })),
        Row("type.set_to", "The comment should just say hello.", one(typed("hello", Target::new("comment")))),
        Row("check.on", "Only the third checkbox should be ticked.", one(tick(nth(Some(R::Checkbox), 3)))),
        Row("type.in", "Only the first input gets 42; the others stay empty.", one(typed("42", nth(Some(R::Field), 1)))),
        Row("click", "I need the Submit button pressed.", one(C::Click { target: Target::with_role("Submit", R::Button) })),
        // Described by its text.
        Row("click", "Press the button whose text is Next, case and all.", one(C::Click { target: Target::with_role("Next", R::Button) })),
        Row("click", "Tap the one that reads OK.", one(clk("OK"))),
        Row("click", "Click the Banana one, exactly as it's written.", one(clk("Banana"))),
        // Where it is, not which one.
        Row("click", "click the link in that paragraph", one(C::Click { target: Target::by_role(Some(R::Link), None) })),
        // Other verbs and nouns.
        Row("type.in", "Stick 12 in the quantity box.", one(typed("12", Target::with_role("quantity", R::Field)))),
        Row("check.put_a_tick", "Pop a tick next to Weekly, please.", one(tick(Target::new("Weekly")))),
        Row("focus", "Move focus to the email input.", one(C::Focus { target: Target::with_role("email", R::Field) })),
        Row("type.set_to", "Change the drop-down menu to Rome.", one(C::Select { option: "Rome".into(), field: Target::by_role(Some(R::Dropdown), None) })),
        Row("select.in", "Oslo from the dropdown pls", one(C::Select { option: "Oslo".into(), field: Target::by_role(Some(R::Dropdown), None) })),
        Row("popup.close_with", "Would you mind closing the pop-up box by clicking its X?", one(C::ClosePopup)),
        // Leaving the rest alone.
        Row("check.on", "tick Green and nothing else", one(tick(Target::new("Green")))),
        Row("type.in", "Stick amber in the second box and leave the others empty.", one(typed("amber", nth(Some(R::Field), 2)))),
        // A lazy name: the page's noun is not part of it.
        Row("reveal.tabs, click", "I'm after the Returns page. Flip through the tabs until you spot it, then click it.",
            seq(vec![C::Reveal { label: "Returns".into(), via: RevealVia::Tabs, click: false }, clk("Returns")])),
        Row("reveal.folders", "Could you drill down to Budget in the folder tree and click it?",
            one(C::Reveal { label: "Budget".into(), via: RevealVia::Folders, click: true })),
        // An aim before the order names what "its" and "it" mean.
        Row("click", "To see Reviews, click its tab.", one(C::Click { target: Target::with_role("Reviews", R::Tab) })),
        Row("select.in", "To go to Oslo, pick it in the list.", one(C::Select { option: "Oslo".into(), field: Target::by_role(Some(R::Dropdown), None) })),
        Row("click", "To move on, press the button.", one(C::Click { target: Target::by_role(Some(R::Button), None) })),
        // A value given before the order, after a colon.
        Row("check.on, check.on, click.bare_verb", "Only two colours: Red, Blue. Tick them, then Save.",
            seq(vec![tick(Target::new("Red")), tick(Target::new("Blue")), clk("Save")])),
        // Two wishes joined by "and", each shaped.
        Row("type.in, type.in", "The first box needs amber and the second needs birch.",
            seq(vec![typed("amber", nth(Some(R::Field), 1)), typed("birch", nth(None, 2))])),
        Row("type.into", "Field 2 needs a value. Type amber into it.", one(typed("amber", nth(Some(R::Field), 2)))),
        // A path of names is walked; a click into a field that is then
        // typed in is the typing.
        Row("click, click, click", "Archive > 2025 > Receipts", seq(vec![clk("Archive"), clk("2025"), clk("Receipts")])),
        Row("click, click, click", "Where is Receipts? Under Archive/2025; please click it.", seq(vec![clk("Archive"), clk("2025"), clk("Receipts")])),
        Row("type.into", "Now click into the third text box and type ember.", one(typed("ember", nth(Some(R::Field), 3)))),
        Row("scroll.in_end, check.on", "Read all the terms. Then tick I agree.",
            seq(vec![C::ScrollIn { label: "terms".into(), dir: crate::tools::ScrollDirection::Bottom }, tick(Target::new("I agree"))])),
        // Credentials in one breath.
        Row("sign_in.as", "Could you sign me in? User name kim, password fjord32", one(C::SignIn { user: "kim".into(), password: "fjord32".into() })),
        Row("sign_in.as", "I need to get into my account. I'm kim and my password is fjord32.", one(C::SignIn { user: "kim".into(), password: "fjord32".into() })),
        // Near misses: what the rules read stays; what nobody can read stays unknown.
        Row("scroll.down", "scroll down a bit", one(C::Scroll { dir: crate::tools::ScrollDirection::Down })),
        Row("", "There's only one button here.", U),
        Row("", "click Save then do a little dance", U),
        Row("", "I forgot my password yesterday", U),
    ]
}
