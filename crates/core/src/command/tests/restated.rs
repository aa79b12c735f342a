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
        // Letters and checklists: greetings, "Step 3:", thanks and
        // sign-offs around the order.
        Row("click", "Good evening, would you be so kind as to press Continue? Many thanks.", one(clk("Continue"))),
        Row("check.on", "Hey there, could you kindly tick Weekly? Best regards.", one(tick(Target::new("Weekly")))),
        Row("type.into", "Step 7: type 42 into Quantity.", one(typed("42", Target::new("Quantity")))),
        // A pair, the password after the user.
        Row("sign_in.as_comma", "Sign in as ana / kestrel42.", one(C::SignIn { user: "ana".into(), password: "kestrel42".into() })),
        Row("sign_in.as", "log in with kim/ember66", one(C::SignIn { user: "kim".into(), password: "ember66".into() })),
        Row("", "sign in with Google", U),
        Row("sign_in.as", "Hi, please log me in as lee with the password cobalt7. Thanks a lot.", one(C::SignIn { user: "lee".into(), password: "cobalt7".into() })),
        Row("sign_in.as", "login dana pwd heron44 and hit sign in", one(C::SignIn { user: "dana".into(), password: "heron44".into() })),
        // A value is not the sentence going on after a comma.
        Row("wish.should", "The note box needs to say granite, fill it in for me", one(typed("granite", Target::with_role("note", R::Field)))),
        Row("type.into", "type Paris, France into City", one(typed("Paris, France", Target::new("City")))),
        Row("", "set the country to Norway using the suggestions", U),
        Row("", "get me into the email field so I can type", U),
        Row("", "first field: amber, second field: birch", U),
        Row("type.in", "can you write kestrel for me in the box below?", one(typed("kestrel", Target::by_role(Some(R::Field), None)))),
        Row("type.into", "type 'salt please' into Note", one(typed("salt please", Target::new("Note")))),
        // "the Password box" names the field: its word is no password.
        Row("", "Since my account is lee, put that in the User name box plus fjord32 in the Password box, and click Sign in.", U),
        // What follows the password is more than submitting: not one sign-in.
        Row("", "user dana pw heron44, then open Settings and click Delete", U),
        // Chat fillers around the order.
        Row("type.in", "bro just type amber in the box thats literally it", one(typed("amber", Target::by_role(Some(R::Field), None)))),
        Row("click", "ok so hit Apply real quick lol", one(clk("Apply"))),
        Row("click, click", "hit settings then Privacy ez", seq(vec![clk("settings"), clk("Privacy")])),
        // "the X thing", "the word X": X; a place after a name.
        Row("click", "click the search thing so i can type", one(clk("search"))),
        Row("click", "Click on the word Archive near the top.", one(clk("Archive"))),
        Row("search, click", "search mugs and click the 3rd one that pops up",
            seq(vec![C::Search { text: "mugs".into() }, C::Click { target: nth(Some(R::Result), 3) }])),
        Row("scroll.in_end, check.on", "scroll all the way down the licence then tick Accept",
            seq(vec![C::ScrollIn { label: "licence".into(), dir: crate::tools::ScrollDirection::Bottom }, tick(Target::new("Accept"))])),
        // A bracketed aside qualifies the order and is left out (the
        // page says whether "Weekly and Daily" is one box or two:
        // `readings`).
        Row("check.on", "tick Weekly and Daily (only those two)", one(tick(Target::new("Weekly and Daily")))),
        // The thing first, then a dash and the order that points at it.
        Row("select.in", "Lisbon — that's the one to pick from the dropdown.", one(C::Select { option: "Lisbon".into(), field: Target::by_role(Some(R::Dropdown), None) })),
        Row("check.on", "Weekly is the one — tick it.", one(tick(Target::new("Weekly")))),
        Row("select.in", "Dropdown: Lisbon.", one(C::Select { option: "Lisbon".into(), field: Target::by_role(Some(R::Dropdown), None) })),
        Row("click", "Tab: Reviews", one(C::Click { target: Target::with_role("Reviews", R::Tab) })),
        // A reason before the order names what "it" means.
        Row("select.in", "Since we fly to Lisbon, pick it from the list.", one(C::Select { option: "Lisbon".into(), field: Target::by_role(Some(R::Dropdown), None) })),
        Row("click", "Because the form is done, press the button.", one(C::Click { target: Target::by_role(Some(R::Button), None) })),
        // Names alone around a "then" are clicks; arrows walk a path.
        Row("click, click", "Settings, then Privacy.", seq(vec![clk("Settings"), clk("Privacy")])),
        Row("click, click, click", "Photos → 2024 → Summer", seq(vec![clk("Photos"), clk("2024"), clk("Summer")])),
        // Where it is, said with the page's common nouns.
        Row("click", "Click the link in the second paragraph.", one(C::Click { target: Target::by_role(Some(R::Link), None) })),
        Row("click", "Press the Reviews tab in the row at the top.", one(C::Click { target: Target::with_role("Reviews", R::Tab) })),
        // A partial typing, then the pick of what came up.
        Row("suggest.beginning_in", "Type the first three letters of Norway into Country, then click Norway when it shows up.",
            one(C::Suggest { text: "Norway".into(), field: Some(Target::new("Country")) })),
        // Scrolling through a box to its end.
        Row("scroll.in_end", "Scroll through the licence until the very end.", one(C::ScrollIn { label: "licence".into(), dir: crate::tools::ScrollDirection::Bottom })),
        // Near misses: what the rules read stays; what nobody can read stays unknown.
        Row("type.into", "type 5 into the box under Name", one(typed("5", Target::with_role("under Name", R::Field)))),
        Row("scroll.down", "scroll down a bit", one(C::Scroll { dir: crate::tools::ScrollDirection::Down })),
        Row("", "There's only one button here.", U),
        // "it" with nothing named before it is no target and no text.
        Row("", "click it", U),
        Row("", "open it", U),
        // Fields by number; what is left alone is the last part only.
        Row("type.in, type.in", "You write birch in field 1 and delta in field 2, field 3 you leave empty please.",
            seq(vec![typed("birch", nth(Some(R::Field), 1)), typed("delta", nth(Some(R::Field), 2))])),
        // "…, but first …": that order comes first; "otherwise …" is why.
        Row("scroll.in_dir, check.on", "Tick I agree, but first scroll the terms box all the way down, otherwise it's greyed out.",
            seq(vec![C::ScrollIn { label: "terms".into(), dir: crate::tools::ScrollDirection::Bottom }, C::Check { target: Target::new("I agree"), on: true }])),
        // A clause left unread that still orders something: nothing read.
        Row("", "Tick I agree, but you have to scroll the terms box first", U),
        // A reason or an order after the value is no part of it, nor a field.
        Row("", "Click into it and type juniper with no full stop, since it has to match exactly.", U),
        Row("", "I need the country set to \"Norway\" - type it in and click the suggestion that comes up", U),
        Row("type.into", "type Rock - Paper into Note", one(typed("Rock - Paper", Target::new("Note")))),
        Row("", "Reports lives under Shared; open it, please.", U),
        Row("open", "open the Reports folder", one(C::Open { target: OpenTarget::Link(Target::new("Reports")) })),
        Row("", "I want it to say amber; write it in the box.", U),
        Row("", "click Save then do a little dance", U),
        Row("", "I forgot my password yesterday", U),
        // What not to do is no step, and never the value of the one before.
        Row("type.into, type.into", "Enter birch into the first text field and delta into the second; don't type anything in the third.",
            seq(vec![typed("birch", nth(Some(R::Field), 1)), typed("delta", Target::by_role(None, Some(Ordinal::Nth(2))))])),
        Row("click", "don't forget to click Save", one(C::Click { target: Target::new("Save") })),
    ]
}
