//! Parse fixtures of the ways people put the issue-45 tasks that the first
//! grammar missed (measured on sentences written by someone who never read
//! it): wishes instead of orders, descriptions of the text, plural and
//! pointing role words, purpose clauses, conversational sign-ins. Near
//! misses stay what they were.

use super::*;

fn typed(text: &str, field: Target) -> Command {
    Command::Type {
        text: text.into(),
        field,
    }
}
fn by(role: Option<RoleHint>, nth: Option<Ordinal>) -> Target {
    Target::by_role(role, nth)
}
fn nth(n: u32) -> Option<Ordinal> {
    Some(Ordinal::Nth(n))
}
fn clk(label: &str) -> Command {
    Command::Click {
        target: Target::new(label),
    }
}
fn tick(target: Target) -> Command {
    Command::Check { target, on: true }
}
fn reveal(label: &str, via: RevealVia, click: bool) -> Command {
    Command::Reveal {
        label: label.into(),
        via,
        click,
    }
}

#[rustfmt::skip]
pub(super) fn rows() -> Vec<Row> {
    use Command as C;
    use RoleHint as R;
    vec![
        // Asking someone to do it.
        Row("click", "I'd like you to click that button.", one(C::Click { target: by(Some(R::Button), None) })),
        Row("click", "I want you to press this link", one(C::Click { target: by(Some(R::Link), None) })),
        Row("click", "click This Week", one(clk("This Week"))),
        // Wishes instead of orders.
        Row("wish.to_say", "I'd like the second field to say indigo.", one(typed("indigo", by(Some(R::Field), nth(2))))),
        Row("wish.to_say, wish.to_say", "I'd like the first field to say amber and the second to say birch.",
            seq(vec![typed("amber", by(Some(R::Field), nth(1))), typed("birch", by(None, nth(2)))])),
        Row("wish.make_say", "make the third box say ember", one(typed("ember", by(Some(R::Field), nth(3))))),
        Row("wish.should", "The quantity field should read 3", one(typed("3", Target::with_role("quantity", R::Field)))),
        Row("wish.typed_into", "I'd like juniper written in the text area below.", one(typed("juniper", by(Some(R::Field), None)))),
        Row("wish.typed_as", "I want kim entered as the username", one(typed("kim", Target::new("username")))),
        Row("wish.selected_in", "I want Vienna selected in the list.", one(C::Select { option: "Vienna".into(), field: by(Some(R::Dropdown), None) })),
        Row("wish.selected_as", "I'd like Oslo chosen as the city", one(C::Select { option: "Oslo".into(), field: Target::new("city") })),
        Row("click.select_bare, click, click, click", "I want Dublin, Madrid and Oslo selected, then click Save.",
            seq(vec![clk("Dublin"), clk("Madrid"), clk("Oslo"), clk("Save")])),
        Row("", "make sure Red and Blue are ticked", U),
        Row("check.on, check.on", "I want Red, Blue ticked", seq(vec![tick(Target::new("Red")), tick(Target::new("Blue"))])),
        Row("check.off", "I'd like Newsletter unchecked", one(C::Check { target: Target::new("Newsletter"), on: false })),
        Row("wish.open", "I want the Shipping section open", one(C::Click { target: Target::with_role("Shipping", R::Section) })),
        Row("", "I want a refund", U),
        // What kind of text it is.
        Row("type.into", "Can you type the word granite into the box?", one(typed("granite", by(Some(R::Field), None)))),
        Row("type.into", "type the text \"hello there\" into Notes", one(typed("hello there", Target::new("Notes")))),
        Row("type.into", "type the word into Notes", one(typed("the word", Target::new("Notes")))),
        Row("type.for, type.for", "Please enter juniper for the username and Athens for the city.",
            seq(vec![typed("juniper", Target::new("username")), typed("Athens", Target::new("city"))])),
        // Boxes to tick.
        Row("check.on", "Can you check the third box in the list?", one(tick(by(Some(R::Checkbox), nth(3))))),
        Row("check.put_a_tick", "Put a tick in the third checkbox.", one(tick(by(Some(R::Checkbox), nth(3))))),
        Row("check.on", "Please tick the box next to Green.", one(tick(Target::with_role("Green", R::Checkbox)))),
        Row("check.on, check.on, check.on, click", "Can you check the boxes for Berlin, Vienna and Lisbon and then hit Save?",
            seq(vec![tick(Target::with_role("Berlin", R::Checkbox)), tick(Target::new("Vienna")), tick(Target::new("Lisbon")), clk("Save")])),
        Row("type.in", "Type fjord in field number 3.", one(typed("fjord", by(Some(R::Field), nth(3))))),
        Row("click", "click Line 2", one(clk("Line 2"))),
        // A reason after the order.
        Row("focus.click_into", "Please click in the email box so I can type there.", one(C::Focus { target: Target::with_role("email", R::Field) })),
        Row("click", "click Save so that the draft is kept", one(clk("Save"))),
        // Sections, popups, tabs, menus.
        Row("click.show_section, click", "Show the Shipping section, then hit Track.",
            seq(vec![C::Click { target: Target::with_role("Shipping", R::Section) }, clk("Track")])),
        Row("", "show me the prices", Parsed::Unknown),
        Row("popup.out_of_the_way", "Can you get this popup out of the way with its close button?", one(C::ClosePopup)),
        Row("tab.switch_named", "Can you switch over to the Specs tab?", one(C::SwitchTab { text: "Specs".into() })),
        Row("reveal.tabs", "Can you check each tab for Warranty and click it once you find it?", one(reveal("Warranty", RevealVia::Tabs, true))),
        Row("reveal.tabs_is", "Warranty is in one of the tabs, please open it.", one(reveal("Warranty", RevealVia::Tabs, true))),
        Row("reveal.tabs_find", "Please find Pricing somewhere in the tabs and open it.", one(reveal("Pricing", RevealVia::Tabs, true))),
        Row("menu.under", "Under Actions, choose Move.", one(C::InMenu { menu: Target::with_role("Actions", R::Menu), item: Target::new("Move") })),
        // Suggestions across a "then".
        Row("suggest.start_typing", "Can you start entering Sweden and then click the suggestion that appears?",
            one(C::Suggest { text: "Sweden".into(), field: None })),
        Row("suggest.start_typing_in", "begin writing Oslo into the city box and then accept the first suggestion",
            one(C::Suggest { text: "Oslo".into(), field: Some(Target::with_role("city", R::Field)) })),
        // Credentials in conversation.
        Row("sign_in.is", "Can you sign in? The user name is lee and the password fjord32.", one(C::SignIn { user: "lee".into(), password: "fjord32".into() })),
        Row("sign_in.as_comma", "Please log me in as omar, password juniper99.", one(C::SignIn { user: "omar".into(), password: "juniper99".into() })),
        Row("sign_in.as", "Could you log on as ana? Use password ember51.", one(C::SignIn { user: "ana".into(), password: "ember51".into() })),
        Row("", "Fill Country with Italy by picking the suggestion once it pops up.", U),
        Row("type.fill_with", "fill Notes with Stand by Me", one(typed("Stand by Me", Target::new("Notes")))),
        // Results and folders.
        Row("search.look_for, open", "Can you look for lamps and open result 2?",
            seq(vec![search("lamps"), C::Open { target: OpenTarget::Link(by(Some(R::Result), nth(2))) }])),
        Row("search, open", "I'd like to search for kettles and open the 2nd one in the results.",
            seq(vec![search("kettles"), C::Open { target: OpenTarget::Link(by(Some(R::Result), nth(2))) }])),
        Row("", "look for the Save button", U),
        Row("reveal.folders", "Can you dig through the folders to Reports and open it?", one(reveal("Reports", RevealVia::Folders, true))),
        Row("click.go_into, click, open", "Go into Shared and then 2026, and open Contracts there.",
            seq(vec![clk("Shared"), clk("2026"), C::Open { target: OpenTarget::Link(Target::new("Contracts")) }])),
        Row("scroll.in_go_end, check.put_a_tick", "Go to the bottom of the terms box and then put a tick in I agree.",
            seq(vec![C::ScrollIn { label: "terms".into(), dir: Dir::Bottom }, tick(Target::new("I agree"))])),
        Row("scroll.in_go_end", "jump to the bottom of the screen", one(scroll(Dir::Bottom))),
    ]
}
