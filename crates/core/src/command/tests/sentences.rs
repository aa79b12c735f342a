//! Parse fixtures of the sentence families of issue 45: one row per rule
//! at least, each family with phrasings of its own and near misses that
//! must not be read as it (they stay unknown, or read as what they say).

use super::*;

fn typed(text: &str, field: Target) -> Command {
    Command::Type { text: text.into(), field }
}
fn by(role: Option<RoleHint>, nth: Option<Ordinal>) -> Target {
    Target::by_role(role, nth)
}
fn nth(n: u32) -> Option<Ordinal> {
    Some(Ordinal::Nth(n))
}
fn clk(label: &str) -> Command {
    Command::Click { target: Target::new(label) }
}
fn reveal(label: &str, via: RevealVia, click: bool) -> Command {
    Command::Reveal { label: label.into(), via, click }
}

#[rustfmt::skip]
pub(super) fn rows() -> Vec<Row> {
    use Command as C;
    use RoleHint as R;
    vec![
        // A role word alone names the one element of that role (class 1).
        Row("click", "Click the button.", one(C::Click { target: by(Some(R::Button), None) })),
        Row("click", "Please click the button below.", one(C::Click { target: by(Some(R::Button), None) })),
        Row("click.follow", "Follow the link.", one(C::Click { target: by(Some(R::Link), None) })),
        Row("open", "Open the link in the text.", one(C::Open { target: OpenTarget::Link(by(Some(R::Link), None)) })),
        Row("click", "click the Buy button", one(C::Click { target: Target::with_role("Buy", R::Button) })),
        // Places (class 2).
        Row("type.into, type.into", "Type amber into the first text field and birch into the second.",
            seq(vec![typed("amber", by(Some(R::Field), nth(1))), typed("birch", by(None, nth(2)))])),
        Row("type.into, type.in", "Enter amber into the first text field, then birch into the second one.",
            seq(vec![typed("amber", by(Some(R::Field), nth(1))), typed("birch", by(None, nth(2)))])),
        Row("type.in, type.in", "Put amber in the first box and birch in the second box.",
            seq(vec![typed("amber", by(Some(R::Field), nth(1))), typed("birch", by(Some(R::Field), nth(2)))])),
        Row("type.in", "Enter delta in the 3rd input.", one(typed("delta", by(Some(R::Field), nth(3))))),
        Row("type.into", "Type kestrel into the textbox below.", one(typed("kestrel", by(Some(R::Field), None)))),
        Row("select.in", "Select Paris from the list.", one(C::Select { option: "Paris".into(), field: by(Some(R::Dropdown), None) })),
        Row("select.in", "Pick Oslo from the dropdown.", one(C::Select { option: "Oslo".into(), field: by(Some(R::Dropdown), None) })),
        Row("click", "Click the second checkbox.", one(C::Click { target: by(Some(R::Checkbox), nth(2)) })),
        Row("check.on", "Tick the last checkbox.", one(C::Check { target: by(Some(R::Checkbox), Some(Ordinal::Last)), on: true })),
        Row("type.as, type.as", "Enter ember as the username and Rome as the city.",
            seq(vec![typed("ember", Target::new("username")), typed("Rome", Target::new("city"))])),
        Row("type.fill_with, type.fill_with", "Fill in Username with ember and City with Rome.",
            seq(vec![typed("ember", Target::new("Username")), typed("Rome", Target::new("City"))])),
        // Near misses: ordinals and role nouns inside names.
        Row("click", "click First Class", one(clk("First Class"))),
        Row("click", "click Reading list", one(clk("Reading list"))),
        Row("click", "click Save and Continue", one(clk("Save and Continue"))),
        // Several targets in one sentence.
        Row("click.select_bare, click, click, click", "Pick Paris, Rome and Oslo, then press Save.",
            seq(vec![clk("Paris"), clk("Rome"), clk("Oslo"), clk("Save")])),
        Row("check.on, check.on, check.on, click", "Tick Paris, Rome and Oslo and click Save.",
            seq(vec![C::Check { target: Target::new("Paris"), on: true }, C::Check { target: Target::new("Rome"), on: true },
                     C::Check { target: Target::new("Oslo"), on: true }, clk("Save")])),
        Row("click.select_bare, click, click, click.bare_verb", "Select Paris, Rome, Oslo, then save.",
            seq(vec![clk("Paris"), clk("Rome"), clk("Oslo"), clk("save")])),
        Row("check.on", "tick Paris and Rome", one(C::Check { target: Target::new("Paris and Rome"), on: true })),
        // A step that must come first.
        Row("open, click", "Open the section below and press Details.",
            seq(vec![C::Open { target: OpenTarget::Link(by(Some(R::Section), None)) }, clk("Details")])),
        Row("click.expand, click", "Expand Shipping, then click Track.", seq(vec![clk("Shipping"), clk("Track")])),
        Row("open, click", "Open the Shipping section and click Track.",
            seq(vec![C::Open { target: OpenTarget::Link(Target::with_role("Shipping", R::Section)) }, clk("Track")])),
        // The way to do it.
        Row("popup.close_with", "Dismiss the popup with its close button.", one(C::ClosePopup)),
        Row("popup.close", "Close the popup.", one(C::ClosePopup)),
        Row("popup.close_with", "close the dialog using the × button", one(C::ClosePopup)),
        Row("tab.close", "close the page", one(C::CloseTab)),
        // Searching across views.
        Row("reveal.tabs", "Look through the tabs for Pricing and open it.", one(reveal("Pricing", RevealVia::Tabs, true))),
        Row("reveal.tabs_find", "Find Warranty in one of the tabs and click it.", one(reveal("Warranty", RevealVia::Tabs, true))),
        Row("reveal.tabs", "Go through the tabs until you find Manuals, then open it.", one(reveal("Manuals", RevealVia::Tabs, true))),
        Row("reveal.tabs", "search through the tabs for Pricing", one(reveal("Pricing", RevealVia::Tabs, false))),
        Row("click", "Click the Specs tab.", one(C::Click { target: Target::with_role("Specs", R::Tab) })),
        Row("tab.on_page", "Switch to the Specs tab on the page.", one(C::Click { target: Target::with_role("Specs", R::Tab) })),
        Row("tab.switch_named", "switch to the Specs tab", one(switch("Specs"))),
        // Suggestions.
        Row("suggest.beginning", "Type the beginning of Portugal and choose the suggestion.", one(C::Suggest { text: "Portugal".into(), field: None })),
        Row("suggest.start_typing", "Start typing Norway and pick it from the suggestions.", one(C::Suggest { text: "Norway".into(), field: None })),
        Row("suggest.beginning_in", "Enter the first letters of Iceland in Country and select the suggestion.",
            one(C::Suggest { text: "Iceland".into(), field: Some(Target::new("Country")) })),
        Row("suggest.start_typing_in", "start typing Spain into the country box and pick the match",
            one(C::Suggest { text: "Spain".into(), field: Some(Target::with_role("country", R::Field)) })),
        // Focus.
        Row("focus.cursor", "Put the cursor in the email box.", one(C::Focus { target: Target::with_role("email", R::Field) })),
        Row("focus", "Focus the 3rd input.", one(C::Focus { target: by(Some(R::Field), nth(3)) })),
        Row("focus.click_into", "Click into the phone field.", one(C::Focus { target: Target::with_role("phone", R::Field) })),
        Row("type.in", "put the kettle in the basket box", one(typed("the kettle", Target::with_role("basket", R::Field)))),
        // Credentials in one breath (the password is masked: `mask_secrets`).
        Row("sign_in.as", "Sign in as kim with password xyz.", one(C::SignIn { user: "kim".into(), password: "xyz".into() })),
        Row("sign_in.as", "Log in as ana using the password birch42", one(C::SignIn { user: "ana".into(), password: "birch42".into() })),
        Row("sign_in.with", "Sign in with user lee and password ember17.", one(C::SignIn { user: "lee".into(), password: "ember17".into() })),
        Row("", "sign in as kim", U),
        // Results by place.
        Row("search, open", "Search for shoes and open the 2nd result.",
            seq(vec![search("shoes"), C::Open { target: OpenTarget::Link(by(Some(R::Result), nth(2))) }])),
        Row("search.look_up, click", "Look up mugs, then click the second result.",
            seq(vec![search("mugs"), C::Click { target: by(Some(R::Result), nth(2)) }])),
        Row("search, open", "Search socks and open result number 3.",
            seq(vec![search("socks"), C::Open { target: OpenTarget::Link(by(Some(R::Result), nth(3))) }])),
        // Walking a tree.
        Row("reveal.folders", "Open folders until you reach Reports, then click it.", one(reveal("Reports", RevealVia::Folders, true))),
        Row("reveal.folders_find", "Find Invoices in the folders and open it.", one(reveal("Invoices", RevealVia::Folders, true))),
        Row("click.go_into, click, click", "Go into Documents, then Work, and click Reports.",
            seq(vec![clk("Documents"), clk("Work"), clk("Reports")])),
        Row("", "click Sign in then do a little dance", U),
        // Scrolling inside an element.
        Row("scroll.in_end, check.on", "Scroll the terms box to the end, then tick I agree.",
            seq(vec![C::ScrollIn { label: "terms".into(), dir: Dir::Bottom }, C::Check { target: Target::new("I agree"), on: true }])),
        Row("scroll.in_end, check.on", "Scroll the terms to the bottom and check I agree.",
            seq(vec![C::ScrollIn { label: "terms".into(), dir: Dir::Bottom }, C::Check { target: Target::new("I agree"), on: true }])),
        Row("scroll.read_to_end, check.on", "Read the terms to the end, then tick I agree.",
            seq(vec![C::ScrollIn { label: "terms".into(), dir: Dir::Bottom }, C::Check { target: Target::new("I agree"), on: true }])),
        Row("scroll.in_top", "scroll the chat back to the top", one(C::ScrollIn { label: "chat".into(), dir: Dir::Top })),
        Row("scroll.in_dir", "scroll the comments list down", one(C::ScrollIn { label: "comments".into(), dir: Dir::Down })),
        Row("scroll.in_end", "scroll the page to the end", one(scroll(Dir::Bottom))),
        // Menus.
        Row("open, click.select_bare", "Open the Actions menu and choose Rename.",
            seq(vec![C::Open { target: OpenTarget::Link(Target::with_role("Actions", R::Menu)) }, clk("Rename")])),
        Row("click, click", "Click Actions, then Rename.", seq(vec![clk("Actions"), clk("Rename")])),
        Row("menu.from", "From the Actions menu pick Rename.",
            one(C::InMenu { menu: Target::with_role("Actions", R::Menu), item: Target::new("Rename") })),
        Row("menu.item_from", "choose Duplicate from the File menu",
            one(C::InMenu { menu: Target::with_role("File", R::Menu), item: Target::new("Duplicate") })),
        Row("click", "click Menu", one(clk("Menu"))),
        // Held-out phrasings that failed when first measured (see the e2e test).
        Row("click.follow", "Follow the link in the paragraph.", one(C::Click { target: by(Some(R::Link), None) })),
        Row("type.into", "Put delta into the second input box.", one(typed("delta", by(Some(R::Field), nth(2))))),
        Row("type.fronted, type.fronted", "In the first text box type delta, and in the second type fjord.",
            seq(vec![typed("delta", by(Some(R::Field), nth(1))), typed("fjord", by(None, nth(2)))])),
        Row("select.in", "Select Madrid in the dropdown list.", one(C::Select { option: "Madrid".into(), field: by(Some(R::Dropdown), None) })),
        Row("type.set_to", "Set the list to Vienna.", one(C::Select { option: "Vienna".into(), field: by(Some(R::Dropdown), None) })),
        Row("focus", "Focus on the phone field.", one(C::Focus { target: Target::with_role("phone", R::Field) })),
        Row("type.set_to, type.set_to", "Set Username to fjord and City to Oslo.",
            seq(vec![typed("fjord", Target::new("Username")), typed("Oslo", Target::new("City"))])),
        Row("popup.close_with", "Get rid of the popup by clicking its close button.", one(C::ClosePopup)),
        Row("reveal.tabs_find", "Find the Warranty link in one of the tabs and click it.", one(reveal("Warranty", RevealVia::Tabs, true))),
        Row("reveal.tabs", "Check the tabs for Pricing and click it.", one(reveal("Pricing", RevealVia::Tabs, true))),
        Row("search, click", "Search for mugs and click result 3.", seq(vec![search("mugs"), C::Click { target: by(Some(R::Result), nth(3)) }])),
        Row("scroll.in_dir, check.on", "Scroll the terms all the way down, then tick I agree.",
            seq(vec![C::ScrollIn { label: "terms".into(), dir: Dir::Bottom }, C::Check { target: Target::new("I agree"), on: true }])),
        Row("open", "open Apollo 11", one(C::Open { target: OpenTarget::Link(Target::new("Apollo 11")) })),
    ]
}

#[test]
fn a_password_said_in_a_sentence_is_masked() {
    let shown = mask_secrets("Sign in as kim with password xyz123.");
    assert_eq!(shown, format!("Sign in as kim with password {MASK}."));
    let Parsed::Commands(c) = parse("log in as ana using the password birch42") else { panic!() };
    assert!(!c[0].describe().contains("birch42"), "{}", c[0].describe());
}
