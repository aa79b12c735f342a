//! Sentences read against small pages: fixture in (a page's words and a
//! sentence), the steps out as the panel describes them, or `None` where
//! the sentence has a word the reading cannot place. The sentences are our
//! own wording of each family.

use super::{read_against, PageWord, WordKind};

fn word(kind: WordKind, name: &str, nth: u32) -> PageWord {
    PageWord { kind, name: name.into(), nth, owner: None, shown: true, reveal: None }
}

fn option(name: &str, owner: &str) -> PageWord {
    PageWord { kind: WordKind::Option, name: name.into(), nth: 1, owner: Some((owner.into(), 1)), shown: true, reveal: None }
}

/// A form: two fields named by text beside them, a city dropdown, three
/// colour checkboxes and a button.
fn form() -> Vec<PageWord> {
    vec![
        word(WordKind::Field, "Username", 1),
        word(WordKind::Field, "Nickname", 2),
        word(WordKind::Dropdown, "City", 1),
        option("Lisbon", "City"),
        option("Vienna", "City"),
        option("Oslo", "City"),
        word(WordKind::Checkbox, "Red", 1),
        word(WordKind::Checkbox, "Blue", 2),
        word(WordKind::Checkbox, "Green", 3),
        word(WordKind::Button, "Save", 1),
        word(WordKind::Secret, "Password", 1),
    ]
}

/// Three unnamed fields.
fn blanks() -> Vec<PageWord> {
    (1..=3).map(|n| word(WordKind::Field, "", n)).collect()
}

/// One unnamed dropdown and one field named "Note".
fn one_of_each() -> Vec<PageWord> {
    vec![
        word(WordKind::Dropdown, "", 1),
        PageWord { kind: WordKind::Option, name: "Madrid".into(), nth: 1, owner: Some((String::new(), 1)), shown: true, reveal: None },
        PageWord { kind: WordKind::Option, name: "Athens".into(), nth: 2, owner: Some((String::new(), 1)), shown: true, reveal: None },
        word(WordKind::Field, "Note", 1),
    ]
}

/// A tree with a collapsed folder holding "Reports", and a hidden tab panel's button.
fn tree() -> Vec<PageWord> {
    use crate::command::RevealVia;
    vec![
        word(WordKind::Clickable, "Work", 1),
        PageWord { kind: WordKind::Clickable, name: "Reports".into(), nth: 2, owner: None, shown: false, reveal: Some(RevealVia::Folders) },
        PageWord { kind: WordKind::Button, name: "Upgrade".into(), nth: 1, owner: None, shown: false, reveal: Some(RevealVia::Tabs) },
        PageWord { kind: WordKind::Button, name: "Delete".into(), nth: 2, owner: None, shown: false, reveal: None },
    ]
}

/// An autocomplete named Country.
fn suggesting() -> Vec<PageWord> {
    vec![word(WordKind::Suggesting, "Country", 1), word(WordKind::Button, "Go", 1)]
}

/// A menu button and its closed menu's items.
fn menu() -> Vec<PageWord> {
    let item = |name: &str, nth| PageWord { kind: WordKind::Clickable, name: name.into(), nth, owner: None, shown: false, reveal: None };
    vec![word(WordKind::Clickable, "Actions ▾", 1), item("Rename", 2), item("Move", 3)]
}

/// A sign-in form.
fn signin() -> Vec<PageWord> {
    vec![word(WordKind::Field, "User name", 1), word(WordKind::Secret, "Password", 1), word(WordKind::Button, "Sign in", 1)]
}

/// A shop's search: one unnamed field and Go.
fn shop() -> Vec<PageWord> {
    vec![word(WordKind::Field, "", 1), word(WordKind::Button, "Go", 1)]
}

/// Terms to scroll through before "I agree" can be ticked.
fn terms() -> Vec<PageWord> {
    vec![word(WordKind::Scroller, "terms", 1), word(WordKind::Checkbox, "I agree", 1), word(WordKind::Button, "Next", 1)]
}

/// Two fields named by the text beside them.
fn labels() -> Vec<PageWord> {
    vec![word(WordKind::Field, "Username", 1), word(WordKind::Field, "City", 2)]
}

/// A closed section's header and the buttons it holds.
fn section() -> Vec<PageWord> {
    use crate::command::RevealVia;
    let inside = |name: &str, nth| PageWord { kind: WordKind::Button, name: name.into(), nth, owner: None, shown: false, reveal: Some(RevealVia::Folders) };
    vec![word(WordKind::Clickable, "Shipping ▸", 1), inside("Details", 1), inside("Track", 2)]
}

/// A popup in front: its close mark and two offers.
fn popup() -> Vec<PageWord> {
    vec![word(WordKind::Button, "Subscribe", 1), word(WordKind::Button, "×", 2), word(WordKind::Button, "Claim offer", 3)]
}

/// Two controls whose names differ only in case.
fn cases() -> Vec<PageWord> {
    vec![word(WordKind::Link, "apple", 1), word(WordKind::Button, "Apple", 1)]
}

/// Buttons under a heading, one of them called like another heading.
fn headed() -> Vec<PageWord> {
    vec![
        word(WordKind::Heading, "Fruit stand", 1),
        word(WordKind::Heading, "Save", 2),
        word(WordKind::Heading, "A button", 3),
        word(WordKind::Button, "PLUM", 1),
        word(WordKind::Button, "plum", 2),
        word(WordKind::Button, "Save", 3),
    ]
}

fn read(page: &[PageWord], sentence: &str) -> Option<String> {
    read_against(sentence, page).map(|commands| commands.iter().map(|c| c.describe()).collect::<Vec<_>>().join(" | "))
}

#[test]
fn sentences_read_against_the_page() {
    let rows: &[(fn() -> Vec<PageWord>, &str, Option<&str>)] = &[
        // Names of the page, in sentence order.
        (form, "Lisbon — that's the one to pick from the dropdown", Some("Select “Lisbon” in the “City” dropdown")),
        (form, "Red and Blue need ticking, nothing else", Some("Check the “Red” checkbox | Check the “Blue” checkbox")),
        (form, "the username should say ember, and Vienna for the city", Some("Type “ember” into the “Username” field | Select “Vienna” in the “City” dropdown")),
        (form, "ember goes in the Nickname box, then hit Save", Some("Type “ember” into the “Nickname” field | Click the “Save” button")),
        (form, "hit Save after ticking Green", Some("Check the “Green” checkbox | Click the “Save” button")),
        (form, "untick Blue please", Some("Uncheck the “Blue” checkbox")),
        (form, "Green yes, Red no", Some("Check the “Green” checkbox")),
        (form, "tick everything except Red", None),
        (form, "leave Red alone and tick Blue", Some("Check the “Blue” checkbox")),
        (form, "Username: 'ember birch'", Some("Type “ember birch” into the “Username” field")),
        // A password said after a password word goes to the password field
        // and nowhere else; a sign-in sentence sends the form.
        (form, "username ember password juniper99", Some("Type “ember” into the “Username” field | Type “••••••” into the “Password” field")),
        (form, "the password should be juniper", None),
        (form, "password juniper99 into Username", None),
        (signin, "log me in, im kim and pass is hunter22", Some("Type “kim” into the “User name” field | Type “••••••” into the “Password” field | Click the “Sign in” button")),
        (signin, "sign in using the password hunter22 with user name kim", Some("Type “kim” into the “User name” field | Type “••••••” into the “Password” field | Click the “Sign in” button")),
        // A word that is neither the page's nor English that carries an order.
        (form, "Lisbon please, and delete the nickname", None),
        // Places among unnamed fields.
        (blanks, "ember in the top box and birch in the one below", None),
        (blanks, "box 1 gets ember, box 2 gets birch", Some("Type “ember” into the first field | Type “birch” into the second field")),
        (blanks, "the second of the three boxes needs ember; leave the others empty", Some("Type “ember” into the second field")),
        (blanks, "first field ember, the second birch", Some("Type “ember” into the first field | Type “birch” into the second field")),
        (blanks, "ember", None),
        // The one field, the one dropdown.
        (one_of_each, "Athens is where we fly, thanks", Some("Select “Athens” in the first dropdown")),
        (one_of_each, "Athens is where we eat, thanks", None),
        (one_of_each, "note: back by six", None),
        (one_of_each, "kestrel, into the note", Some("Type “kestrel” into the “Note” field")),
        (one_of_each, "Athens is the one", Some("Select “Athens” in the first dropdown")),
        (one_of_each, "set the dropdown to madrid", Some("Select “Madrid” in the dropdown")),
        // Out of sight, and what brings it up.
        (tree, "Reports is somewhere in the folders, click it", Some("Open folders until “Reports” shows, then click it")),
        (tree, "the Upgrade button", Some("Look through the tabs for “Upgrade”, then click it")),
        (tree, "Delete", None),
        // A name not on the page yet, where folders are closed: looked for
        // in them; a clause with no verb goes on opening.
        (tree, "please open Budget, which is inside Work", Some("Open folders until “Budget” shows, then click it")),
        (tree, "Expand Work and 2025, then click on Budget", Some("Click “Work” | Open folders until “2025” shows, then click it | Open folders until “Budget” shows, then click it")),
        (form, "open Budget", None),
        // Where the target is, said instead of the way: opened until it shows.
        (tree, "Budget sits inside Work, in 2025 - open the folders and click it", Some("Open folders until “Budget” shows, then click it")),
        (tree, "i need Taxes, its under Work then 2025, click on it", Some("Open folders until “Taxes” shows, then click it")),
        (tree, "Budget or Taxes, both in Work, click it", None),
        (tree, "the budget sits inside Work, click it", None),
        // What not to do, said right after what to do.
        (form, "tick Blue dont touch the rest", Some("Check the “Blue” checkbox")),
        (form, "Step 2: Username = ember, City = Oslo.", Some("Type “ember” into the “Username” field | Select “Oslo” in the “City” dropdown")),
        (form, "please tick the box beside Red in the colour list and no other box", Some("Check the “Red” checkbox")),
        (form, "yo just smash that button", Some("Click the button")),
        (form, "smash that box", None),
        // The popup in front, closed by its mark.
        (form, "get that box out of the way with the cross, not Save", None),
        (form, "close that box with the cross in the corner, not Save", Some("Close the popup")),
        (form, "close that box with the cross at the top, not Save", Some("Close the popup")),
        (blanks, "type kestrel in the top box", Some("Type “kestrel” into the first field")),
        // Context first, then the order that points at it.
        (form, "Since I'm going to Vienna, choose it in the menu under City", Some("Select “Vienna” in the “City” dropdown")),
        (form, "Since Blue is my favourite, put a tick next to it in the list under Colours", Some("Check the “Blue” checkbox")),
        (form, "Because I'm based in Oslo, the City should say Oslo", Some("Select “Oslo” in the “City” dropdown")),
        (form, "Since we fly to Oslo, press Save", Some("Click the “Save” button")),
        // A field that suggests: its suggestion is picked.
        (suggesting, "Country should be Italy, then Go", Some("Type the beginning of “Italy” into the “Country” field and pick the suggestion | Click the “Go” button")),
        // Landmarks and descriptions are not targets; a click types nothing.
        (form, "tick Red, which is just below Blue", Some("Check the “Red” checkbox")),
        (form, "tick Green right below Blue", Some("Check the “Green” checkbox")),
        (form, "the box beside Red", Some("Check the “Red” checkbox")),
        // A result needs a search (or typing) before it.
        (form, "ember into Username, press Save, click result 2", Some("Type “ember” into the “Username” field | Click the “Save” button | Click the second result")),
        (form, "press Save, then click result 2", None),
        // What the page has, as context for the order after it.
        (form, "there's a box called Blue somewhere, tick it", Some("Check the “Blue” checkbox")),
        (form, "there is a Save button at the bottom", None),
        (form, "start kestrel in Nickname and pick it when it appears", Some("Type the beginning of “kestrel” into the “Nickname” field and pick the suggestion")),
        // A neighbour said by place: the next or previous of its kind, or none.
        (form, "tick the box after Red", Some("Check the second checkbox")),
        (form, "tick the one under Blue", Some("Check the third checkbox")),
        (form, "tick the box above Red", None),
        (form, "type ember in the box under Username", Some("Type “ember” into the “Username” field")),
        // A statement that a later clause points at; one nothing points at.
        (suggesting, "Destination is Italy. Write a few letters in Country and choose it.", Some("Type the beginning of “Italy” into the “Country” field and pick the suggestion")),
        (suggesting, "Destination is Italy, press Go", None),
        // What was typed, then clicked: a suggestion.
        (suggesting, "start typing Spain in the Country box and click it in the list that opens", Some("Type the beginning of “Spain” into the “Country” field and pick the suggestion")),
        (form, "write kestrel in the blank next to Nickname", Some("Type “kestrel” into the “Nickname” field")),
        // A closed menu's item, after what opens it; not without.
        (menu, "click Actions, then Move in the list", Some("Open the menu “Actions ▾” and choose “Move”")),
        (menu, "choose Move", None),
        (menu, "could you pick the Rename entry under Actions?", Some("Open the menu “Actions ▾” and choose “Rename”")),
        (menu, "Right under the Files heading there is the word Actions; click it so its list opens, then pick Rename", Some("Open the menu “Actions ▾” and choose “Rename”")),
        // A clause that orders and comes to nothing fails the reading: no ✓
        // for the half that was found.
        (menu, "Expand the Actions dropdown and click the Duplicate menu item.", None),
        (menu, "Expand the Actions dropdown and click the Move menu item.", Some("Open the menu “Actions ▾” and choose “Move”")),
        // A search, then its results by place.
        (shop, "hunt for kettles and open the 3rd hit", Some("Search this site for “kettles” | Click the third result")),
        (shop, "look up mugs, then click on the second one in the results", Some("Search this site for “mugs” | Click the second result")),
        (shop, "I need socks - search for them and take me to result number 2", Some("Search this site for “socks” | Click the second result")),
        (shop, "find lamps, then open the first one that comes up", Some("Search this site for “lamps” | Click the first result")),
        (shop, "put shoes in the box, hit Go and open the top result", Some("Type “shoes” into the field | Click the “Go” button | Click the first result")),
        (shop, "type shoes in the box then open the second result", Some("Search this site for “shoes” | Click the second result")),
        (shop, "Search for socks first, then open result 2", Some("Search this site for “socks” | Click the second result")),
        (form, "search for socks and open the 2nd result", None),
        // Scrolling inside the page's box, then what it unlocks.
        (terms, "scroll the terms box all the way down, then tick I agree", Some("Scroll “terms” to the end | Check the “I agree” checkbox")),
        (terms, "read the terms to the bottom and check I agree, then Next", Some("Scroll “terms” to the end | Check the “I agree” checkbox | Click the “Next” button")),
        (terms, "scroll through the legal text and tick the box", Some("Scroll “terms” to the end | Check the checkbox")),
        (terms, "tick I agree to the terms", Some("Check the “I agree” checkbox")),
        (form, "scroll the terms box to the end", Some("Scroll to the bottom")),
        // What the page has, and what should come of the order: context.
        (form, "Each colour has a small box beside it; tick the box next to Green, so that only it is ticked", Some("Check the “Green” checkbox")),
        (form, "The form has to say ember", None),
        (form, "There are two fields here, one for Username and Nickname; put the cursor in the one for Nickname", Some("Put the cursor in the “Nickname” field")),
        // A condition said before the order it waits for; a place's name whole.
        (form, "tick Red and Blue, and once both are ticked, hit Save", Some("Check the “Red” checkbox | Check the “Blue” checkbox | Click the “Save” button")),
        (section, "In the panel under Order 12 B there is a row saying Shipping; click it to open it and press Track in it", Some("Click “Shipping ▸” | Open folders until “Track” shows, then click it")),
        (tree, "The page has a few tabs; somewhere in one of them there is a button called Upgrade, so go through the tabs until you find it and then press the button", Some("Look through the tabs for “Upgrade”, then click it")),
        // A field called otherwise than the page calls it; where one is from.
        (labels, "my user is ember and im from Vienna, put those in", Some("Type “ember” into the “Username” field | Type “Vienna” into the “City” field")),
        (labels, "kestrel is my login, I come from Lisbon", Some("Type “kestrel” into the “Username” field | Type “Lisbon” into the “City” field")),
        (labels, "type ember as the login and Vienna as the town", Some("Type “ember” into the “Username” field | Type “Vienna” into the “City” field")),
        (labels, "ember is the one", None),
        (labels, "I want it to say kestrel - put it in the Username box", Some("Type “kestrel” into the “Username” field")),
        (labels, "I want it to say kestrel", None),
        (form, "my user is ember and im from Vienna", Some("Type “ember” into the “Username” field | Select “Vienna” in the “City” dropdown")),
        // "you'll find …": where, said before the order.
        (form, "Below the paragraph that says hello you'll find the Save button, and all I need is for you to press it once", Some("Click the “Save” button")),
        // What was typed, clicked: its suggestion.
        (suggesting, "start typing Spain into Country, then click the Spain option in the list", Some("Type the beginning of “Spain” into the “Country” field and pick the suggestion")),
        (suggesting, "ugh this thing is annoying lol, put the start of Chile in country and pick it when it comes up", Some("Type the beginning of “Chile” into the “Country” field and pick the suggestion")),
        (form, "type ember into Username, then click ember", None),
        // What happened, said before the order: context.
        (popup, "A window has popped up about a sale; hit the × to get rid of it, and leave Subscribe alone", Some("Click the “×” button")),
        (popup, "A window has popped up about a sale", None),
        (form, "could you tick Blue for me? thanks a lot", Some("Check the “Blue” checkbox")),
        // A word English has, written as a name mid-sentence, is a name.
        (menu, "Click Actions, then Move.", Some("Open the menu “Actions ▾” and choose “Move”")),
        (form, "tick Blue, then Done", None),
        // "the next one": after the place said last.
        (blanks, "put delta in the first box and fjord in the next one", Some("Type “delta” into the first field | Type “fjord” into the second field")),
        // A field named, then clicked in: the cursor put there.
        (blanks, "Go to the 2nd box. Click in it.", Some("Put the cursor in the second field")),
        // Context and order with no comma between.
        (form, "theres a button somewhere just click it", Some("Click the button")),
        // Case decides between names alike.
        (cases, "Apple, please", Some("Click the “Apple” button")),
        (cases, "the apple one", Some("Click the “apple” link")),
        (cases, "click the button labelled Apple (case-sensitive, not the other spellings)", Some("Click the “Apple” button")),
        // A step said to come first, after the order it comes before.
        (terms, "hit Next - though you'll need to tick I agree first", Some("Check the “I agree” checkbox | Click the “Next” button")),
        (form, "press Save, you must tick Red and Blue first", Some("Check the “Red” checkbox | Check the “Blue” checkbox | Click the “Save” button")),
        (form, "tick Red first and then press Save", Some("Check the “Red” checkbox | Click the “Save” button")),
        // A result said with what it is a result for.
        (shop, "the 3rd result for teapots, open it; search first obviously", Some("Search this site for “teapots” | Click the third result")),
        (shop, "the 3rd result, open it", None),
        // A close mark clicked; what the popup is about only says which.
        (popup, "tap the tiny x on the sale popup", Some("Close the popup")),
        (popup, "the newsletter popup is in the way, shut it", Some("Close the popup")),
        (popup, "dismiss the sale window? yes close it", Some("Close the popup")),
        // A menu's item, and the menu said after it.
        (menu, "click Move - it sits inside the Actions menu", Some("Open the menu “Actions ▾” and choose “Move”")),
        (menu, "select Rename, under Actions", Some("Open the menu “Actions ▾” and choose “Rename”")),
        (menu, "click Move", None),
        // A word before a field's name that the clause then says a value of.
        (suggesting, "Home country should be Chile - type part of it and pick it from what comes up", Some("Type the beginning of “Chile” into the “Country” field and pick the suggestion")),
        (labels, "Vienna city please", Some("Type “Vienna” into the “City” field")),
        // Words that say which page or which state only describe.
        (section, "inside the folded Shipping part there is a Track button; press it", Some("Click “Shipping ▸” | Open folders until “Track” shows, then click it")),
        (tree, "flip the settings page over to the Work item", Some("Click “Work”")),
        (headed, "from the fruit stand I want PLUM, press that button", Some("Click the “PLUM” button")),
        // A target in closed folders, the folders said as where or as to open first.
        (tree, "Invoices please, under Work then 2025", Some("Open folders until “Invoices” shows, then click it")),
        (tree, "find Invoices in the folder tree and click it, you'll need to open Work and 2025 first", Some("Open folders until “Invoices” shows, then click it")),
        (tree, "Invoices please, or Archive", None),
        (tree, "I need the Invoices file. It's in Work, inside 2025.", Some("Open folders until “Invoices” shows, then click it")),
        (tree, "find the Invoices item in the tree (under Work > 2025) and click it", Some("Open folders until “Invoices” shows, then click it")),
        (tree, "Invoices is two folders deep under Work - get to it and click it", None),
        // A name said and left undone on a page of folders: no reading.
        (tree, "open Work, then 2025, where you'll find Invoices", None),
        // The popup closed, the offer left alone.
        (popup, "close the sale box without subscribing", Some("Close the popup")),
        (popup, "make that window go away", Some("Close the popup")),
        // A field named with nothing to type in it: the cursor put there.
        (labels, "click into the City field, I'll type it myself", Some("Put the cursor in the “City” field")),
        (labels, "activate the Username box", Some("Put the cursor in the “Username” field")),
        (labels, "type into the City field", None),
        (labels, "tab into the City field", Some("Put the cursor in the “City” field")),
        (labels, "get me into the city box so I can type", Some("Put the cursor in the “City” field")),
        (labels, "pick Rome in the City box", Some("Type the beginning of “Rome” into the “City” field and pick the suggestion")),
        (suggesting, "set the country to Chile using the suggestions", Some("Type the beginning of “Chile” into the “Country” field and pick the suggestion")),
        // A path's parts, a pair's parts, are apart; a name after "inside
        // the" is where.
        (tree, "open Work > 2025 > Invoices", Some("Click “Work” | Open folders until “2025” shows, then click it | Open folders until “Invoices” shows, then click it")),
        (signin, "kim / tulip42 then sign in", None),
        (section, "Track is inside the Shipping section, click it", Some("Open folders until “Track” shows, then click it")),
        // "first" as when, not which.
        (tree, "press Upgrade, you may have to click around the tabs first to find it", Some("Look through the tabs for “Upgrade”, then click it")),
        (blanks, "type delta into the first and fjord into the second", Some("Type “delta” into the first field | Type “fjord” into the second field")),
        // The first few of a kind, each in turn.
        (blanks, "we need delta and fjord in the first two boxes, in that order", Some("Type “delta” into the first field | Type “fjord” into the second field")),
        (blanks, "delta in the first two boxes", None),
        // What a colon introduces is the topic of the order after it; a
        // name said in quotes is the page's name.
        (terms, "The \"I agree\" box: scroll the terms to the bottom, then check it.", Some("Scroll “terms” to the end | Check the “I agree” checkbox")),
        (terms, "Scroll the terms, then tick \"I agree\".", Some("Scroll “terms” to the end | Check the “I agree” checkbox")),
        // The speaker's own typing is context; "that field" points at it.
        (labels, "I'd like to type my city myself - just place the cursor in that field please", Some("Put the cursor in the “City” field")),
        // A list's title, its names, then an order that points at them.
        (form, "Two colours: Red, Green. Check their boxes, nothing else, and then click Save.", Some("Check the “Red” checkbox | Check the “Green” checkbox | Click the “Save” button")),
        // Opening a dropdown is part of choosing its option.
        (form, "Open the city list and click on Lisbon, please, it's one of the options in the dropdown.", Some("Select “Lisbon” in the “City” dropdown")),
        // The close mark, said as a letter and used.
        (popup, "That box is in the way, can you shut it? Use the X button, not Claim offer.", Some("Close the popup")),
        // A warning's sentence is context; a place "at the top of" is where.
        (form, "The button spelled Save - click that one. Careful, the others look almost the same.", Some("Click the “Save” button")),
        // The name said after the order by kind, "click it" between.
        (form, "Find the only button on the page and click it. It's labelled Save.", Some("Click the “Save” button")),
        // Slips in order words ("texbox" is no text to type).
        (labels, "Jump to the city texbox.", Some("Put the cursor in the “City” field")),
        (form, "tick the Red chekbox and cilck Save", Some("Check the “Red” checkbox | Click the “Save” button")),
        // "Before you …" with a list after it: the whole list first.
        (form, "Before you press Save, tick Red, Blue and Green.", Some("Check the “Red” checkbox | Check the “Blue” checkbox | Check the “Green” checkbox | Click the “Save” button")),
        // A heading says where; a control of its name is the one meant.
        (headed, "On the fruit stand, press the button labelled exactly PLUM", Some("Click the “PLUM” button")),
        (headed, "the fruit stand", None),
        (headed, "hit Save", Some("Click the “Save” button")),
        (headed, "there's a button that says plum, press it", Some("Click the “plum” button")),
        // What "after" puts first takes its list with it, not what "then" adds.
        (form, "hit Save after ticking Red, Blue and Green", Some("Check the “Red” checkbox | Check the “Blue” checkbox | Check the “Green” checkbox | Click the “Save” button")),
        (form, "tick Red after ticking Blue, then Save", Some("Check the “Blue” checkbox | Check the “Red” checkbox | Click the “Save” button")),
        // A purpose that says the cursor is wanted, not text.
        (labels, "pick the City box so I can type in it", Some("Put the cursor in the “City” field")),
        (labels, "pick the City box so I can type Rome", Some("Type “Rome” into the “City” field")),
        // Where one lives, for the page's one place field; what the
        // speaker is ready for or has done: no order.
        (labels, "ember is the user and I live in Lisbon", Some("Type “ember” into the “Username” field | Type “Lisbon” into the “City” field")),
        (form, "I've read it all and I'm ready, so press Save", Some("Click the “Save” button")),
        // Which thing, said of the page: "for this order", "in the box".
        (form, "tick Blue for this order", Some("Check the “Blue” checkbox")),
        (popup, "press the button in the panel, the one that says Subscribe", Some("Click the “Subscribe” button")),
        (popup, "press the button in the panel", None),
        // What the order after is about.
        (blanks, "Of the three blank boxes, the third gets fjord", Some("Type “fjord” into the third field")),
        (shop, "I'm hunting for teapots. Look them up and open the second link that shows up", Some("Search this site for “teapots” | Click the second result")),
    ];
    let mut wrong = Vec::new();
    for (page, sentence, want) in rows {
        let got = read(&page(), sentence);
        if got.as_deref() != *want {
            wrong.push(format!("{sentence:?}\n   want {want:?}\n    got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} of {} rows read otherwise:\n{}", wrong.len(), rows.len(), wrong.join("\n"));
}
