//! The word tables of the restatement (see the parent module): asking,
//! remarks, synonyms, whole-clause shapes, context clauses. Rows are plain
//! data; each family has fixture rows in `command/tests/restated.rs`.

/// How a clause starts when the person asks rather than orders; taken off
/// (longest first). After the ones marked `true` the verb is a gerund
/// ("would you mind clicking").
#[rustfmt::skip]
pub(super) const ASKING: &[(&str, bool)] = &[
    ("would you mind", true), ("do you mind", true), ("would you be so kind as to", false), ("how about", true), ("what about", true),
    ("mind", true), ("any chance you could", false), ("in the tree view", false), ("on", false), ("is it possible to", false), ("would you kindly", false), ("please would you kindly", false),
    ("please would you", false), ("next", false), ("finally", false), ("you", false),
    ("could you please", false), ("can you please", false), ("would you please", false), ("will you please", false),
    ("could you", false), ("can you", false), ("would you", false), ("will you", false),
    ("i need you to", false), ("i want you to", false), ("i'd like you to", false), ("i would like you to", false),
    ("go ahead and", false), ("be a dear and", false), ("help me", false),
    // Letters and chat: a greeting before the order.
    ("dear assistant", false), ("hello there", false), ("hello", false), ("hi there", false), ("hi", false), ("hey there", false), ("hey", false),
    ("good morning", false), ("good afternoon", false), ("good evening", false), ("yo", false),
    // Chat fillers.
    ("ok so", false), ("okay so", false), ("so", false), ("bro", false), ("dude", false), ("mate", false), ("um", false), ("uh", false),
    ("omg", false), ("ugh", false), ("lol", false),
    ("i would be grateful if you could", false), ("i'd be grateful if you could", false), ("i would be grateful if you would", false),
    ("i'd be grateful if you would", false), ("could you kindly", false), ("would you please kindly", false), ("please could you", false),
    ("please can you", false),
    ("i'm trying to", false), ("i am trying to", false), ("i want to", false), ("i need to", false), ("i'd like to", false),
    ("then", false), ("and", false), ("also", false), ("please", false), ("pls", false), ("plz", false), ("kindly", false), ("just", false), ("now", false), ("ok", false), ("okay", false),
];

/// Said after the order and meaning nothing for it.
#[rustfmt::skip]
pub(super) const TRAILING: &[&str] = &[
    "would you", "will you", "for me please", "for me", "please", "pls", "plz", "thanks", "thank you", "if you can", "if possible",
    "case and all", "exactly as it's written", "exactly as written", "exactly as it is written", "matching the capitalisation",
    "matching the capitalization", "with that capitalisation", "with that capitalization", "and nothing else", "nothing else",
    "here", "first", "once", "that is all i need", "that's all i need", "that's all", "only this word", "and nothing more", "nothing more",
    "only", "exact caps", "case-sensitively", "case sensitively", "with the same capital letters", "spelled with exactly these capitals",
    "written in this same way", "paying attention to upper and lower case", "just below it", "below it", "from the options",
    "so i can type", "so i can type there", "so i can type in it", "thats literally it", "that's literally it", "thats it", "that's it", "pls thx",
];

/// Chat fillers after the order: unlike [`TRAILING`], taken off even
/// when one word is left ("then Duplicate ez").
pub(super) const FILLERS: &[&str] = &["lol", "ez", "thx", "real quick", "asap", "pls", "plz", "thanks", "ty"];

/// Words and phrases said in the grammar's words (whole words, any case).
#[rustfmt::skip]
pub(super) const SAME_AS: &[(&str, &str)] = &[
    ("hyperlink", "link"), ("text area", "text box"), ("textarea", "text box"), ("text-box", "text box"),
    ("drop-down menu", "dropdown"), ("dropdown menu", "dropdown"), ("drop-down list", "dropdown"), ("drop down menu", "dropdown"),
    ("drop-down", "dropdown"), ("drop down", "dropdown"), ("select box", "dropdown"), ("select list", "dropdown"), ("pulldown", "dropdown"),
    ("pull-down", "dropdown"),
    ("tickbox", "checkbox"), ("tick box", "checkbox"), ("check box", "checkbox"), ("tickboxes", "checkboxes"), ("tick boxes", "checkboxes"),
    ("pop-up box", "popup"), ("popup box", "popup"), ("pop-up window", "popup"), ("pop-up", "popup"), ("pop up box", "popup"),
    ("the only", "the"), ("that one", "it"),
    ("stick", "put"), ("pop", "put"), ("bang", "put"), ("chuck", "put"), ("key in", "type"), ("jot down", "type"), ("jot", "type"),
    ("punch in", "type"), ("scribble", "type"),
    ("shut", "close"), ("tap on", "click"), ("tap", "click"), ("unfold", "expand"),
    ("flip through", "look through"), ("hunt through", "look through"), ("go through", "look through"),
    ("track down", "find"), ("run a search for", "search for"), ("do a search for", "search for"),
    ("by clicking its", "with its"), ("using its", "with its"), ("with the x", "with its close button"),
    ("its x", "its close button"), ("pull down", "open"), ("that big", "the"), ("the big", "the"), ("that little", "the"),
    ("search the shop for", "search for"), ("search the store for", "search for"), ("search the site for", "search for"),
    ("to show its contents", ""), ("to reveal its contents", ""), ("to open it", ""), ("to expand it", ""), ("to close it", ""),
    ("so it's ready for typing", ""), ("ready for typing", ""), ("right to the bottom", "to the end"), ("down fully", "to the end"),
    ("all the way to the bottom", "to the end"), ("to the very bottom", "to the end"), ("these cities", ""), ("the following", ""),
    ("up in the tab bar", "tab"), ("in the tabs at the top", "tab"), ("in the tab bar", "tab"),
    ("trigger a click on", "click"), ("make a click on", "click"), ("do a click on", "click"), ("toggle", "tick"), ("populate", "fill"),
    ("set the value of", "set"), ("value to", "to"), ("button element", "button"), ("anchor element", "link"), ("anchor", "link"),
    ("input element", "input"), ("select element", "dropdown"), ("modal", "popup"), ("accordion", "section"), ("tab panels", "tabs"),
    ("btn", "button"), ("thru", "through"), ("till", "until"), ("u", "you"), ("n", "and"), ("input #1", "first input"),
    ("input #2", "second input"), ("input #3", "third input"), ("result link #1", "first result"), ("result link #2", "second result"),
    ("field 1", "first field"), ("field 2", "second field"), ("field 3", "third field"), ("box 1", "first box"), ("box 2", "second box"),
    ("box 3", "third box"), ("input one", "first input"), ("input two", "second input"), ("input three", "third input"),
    ("inside the text box", "in the text box"), ("only the one", "the one"), ("only that", "that"), ("little square", "box"),
    ("x out", "close"), ("the × close button", "the close button"), ("× button", "close button"), ("its ×", "its close button"),
    ("the cross on top", "its close button"), ("with the ×", "with its close button"), ("to dismiss the popup", ""), ("to dismiss it", ""),
    ("to close the popup", ""), ("iterate through", "look through"), ("activate", "click"), ("bring up", "open"),
    ("tab in the tab bar", "tab"), ("tab above the content", "tab"), ("until the end", "to the end"), ("after that you", "then"),
    ("after this you", "then"), ("and after that", "then"), ("and after this", "then"), ("after that", "then"), ("and also", "and"),
    ("where it says", "into"), ("the top one", "the first one"), ("top box", "first box"), ("top field", "first field"),
    ("the one just under it", "the next one"), ("the one right under it", "the next one"), ("the one below it", "the next one"),
    ("menu item", ""), ("in it", ""), ("from it", ""), ("the word", ""), ("the blinking cursor", "the cursor"), ("click once inside", "click inside"),
    ("call focus on", "focus on"), ("the single", "the"), ("select element's value", "dropdown"), ("checkbox input on", "checkbox"),
    ("checkbox input", "checkbox"), ("each of these three cities", ""), ("each of these cities", ""), ("and when that is done", "then"),
    ("when that is done", "then"), ("and when the results appear", "then"), ("when the results appear", "then"),
    ("the second one down the list", "the second result"), ("the first one down the list", "the first result"),
    ("to show more", ""), ("to see more", ""), ("hides behind a tab", "is in one of the tabs"), ("expand node", "expand"),
    ("child node", ""), ("the search form with", "search for"), ("submit search for", "search for"), ("inside it", ""),
    ("box to the bottom", "box to the end"), ("read all of the", "read the"), ("read all the", "read the"), ("open for me", "open"), ("terms div", "terms box"), ("its cross", "its close button"), ("the little cross on", "the close button of"),
    ("the x on", "the close button of"), ("the × on", "the close button of"), ("the ×", "the close button"),
    ("field one", "first field"), ("field two", "second field"), ("field three", "third field"),
    ("field 1", "first field"), ("field 2", "second field"), ("field 3", "third field"),
    ("box one", "first box"), ("box two", "second box"), ("box three", "third box"),
    ("first blank", "first box"), ("second blank", "second box"), ("third blank", "third box"),
    ("the start of", "the beginning of"), ("the first bit of", "the beginning of"), ("a few letters of", "the first letters of"),
    ("the first couple of letters of", "the first letters of"), ("the match that drops down", "the suggestion"),
    ("the suggestion underneath", "the suggestion"), ("the match", "the suggestion"),
    ("the one that comes up", "the result"), ("one that comes up", "result"), ("item in the results", "result"),
    ("one that pops up", "result"), ("one that shows up", "result"), ("one that appears", "result"),
    // "the email thing": a thing is whatever element bears the name.
    ("thing", ""), ("things", ""),
    ("result in the list", "result"), ("search result", "result"),
    ("until the very end", "to the end"), ("to the very end", "to the end"), ("to the very bottom", "to the end"),
    ("scroll down inside", "scroll"), ("scroll inside", "scroll"), ("scroll through", "scroll"),
    ("the first two or three letters of", "the first letters of"), ("the first two letters of", "the first letters of"),
    ("the first three letters of", "the first letters of"), ("the opening letters of", "the first letters of"),
    ("to its last clause", "to the end"), ("to the last clause", "to the end"), ("to the last line", "to the end"),
];

/// After a role word, words that say where it is on the page, not which
/// one it is ("the link in that paragraph", "the button on this page").
#[rustfmt::skip]
pub(super) const WHERE_IT_IS: &[&str] = &[
    "in that paragraph", "in the paragraph", "in this paragraph", "in the text", "in that text", "in the sentence",
    "on this page", "on the page", "you can see in the text", "you can see", "that you can see", "you see",
    "hidden somewhere in the text", "hidden somewhere", "here", "up in the tab bar", "in the tab bar", "in the tabs at the top",
    "in the tabs", "at the top", "at the bottom", "underneath", "below it", "that appears inside it", "inside it", "that appears",
    "within the paragraph", "in its corner", "on top", "at the corner of the popup", "on your screen", "on the screen",
];

/// After a role word, prepositions that start a place given by the
/// page's common nouns ("the link in the body text", "the tab in the row
/// at the top"): cut to the end of the phrase when every word after them
/// is lower-case (a capitalised word may be the label beside it: "the
/// box under Name").
pub(super) const PLACE_PREPOSITIONS: &[&str] = &["in", "on", "at", "inside", "within", "along", "near", "above", "below", "under", "beneath", "underneath"];

/// Of [`PLACE_PREPOSITIONS`], the ones that may follow a name too ("click
/// Actions near the top").
pub(super) const NEAR_PREPOSITIONS: &[&str] = &["near", "above", "below", "under", "beneath", "underneath", "at"];

/// Role words after which [`WHERE_IT_IS`] is cut.
/// Not "tab": "the Specs tab on the page" is a page's tab, not a browser's.
pub(super) const ROLE_WORDS: &[&str] = &["button", "link", "checkbox", "field", "box", "textbox", "dropdown", "list", "input", "popup", "result"];

/// Words that introduce the text an element shows ("the button whose text
/// is Plum", "the one that reads CHERRY").
#[rustfmt::skip]
pub(super) const TEXT_IS: &[&str] = &[
    "whose text is", "whose label is", "whose name is", "that reads", "that says", "which reads", "which says", "labelled",
    "labeled", "called", "named", "saying", "reading", "marked", "with the text", "with the label", "titled", "spelled", "spelt",
    "written", "with the name", "by the name",
];

/// Verbs a gerund may stand for (after "would you mind"); the base form is
/// found by taking "ing" off and trying it as is, with "e", and with one
/// doubled consonant less.
#[rustfmt::skip]
pub(super) const VERBS: &[&str] = &[
    "click", "press", "push", "hit", "tap", "open", "close", "shut", "dismiss", "choose", "pick", "select", "tick", "check", "mark",
    "untick", "uncheck", "type", "enter", "write", "fill", "put", "stick", "pop", "set", "change", "scroll", "search", "find",
    "track", "follow", "expand", "log", "sign", "switch", "go", "navigate", "move", "show", "focus", "look", "hunt", "flip",
    "drill", "dig", "run", "start", "bang", "key", "give", "save", "submit", "clear", "visit", "use", "make",
];

/// Pronouns an order may use for what a context clause named.
pub(super) const POINTERS: &[&str] = &["it", "them", "those", "those three", "these three", "them all", "that option", "this option", "that page"];

/// Pointing at a thing of a kind: "that tab" is "the Specs tab".
pub(super) const POINTERS_OF_KIND: &[(&str, &str)] = &[
    ("that tab", "tab"), ("that field", "field"), ("that link", "link"), ("that box", "box"), ("its tab", "tab"), ("its checkbox", "checkbox"),
    ("its box", "box"), ("its link", "link"), ("its button", "button"),
];

/// Words that make several words a clause rather than a value
/// (`restate::is_clause`).
pub(super) const CLAUSE_WORDS: &[&str] = &[
    "should", "must", "would", "could", "shall", "will", "can", "is", "are", "was", "were", "be", "that's", "thats", "it's",
    "there's", "what's", "needs", "go", "goes", "me", "us", "myself", "get", "let",
];

/// Verbs of moving about the page: a verbless shape's one-word "value"
/// that is one ("tab into the Email field") is the order itself.
pub(super) const MOVING: &[&str] = &["tab", "go", "move", "jump", "hop", "get", "navigate", "switch", "step", "click", "press", "head", "skip"];

/// Whole-clause shapes: the pattern (over the clause's tokens) and the
/// order it means (`{slot}` replaced by what the slot took, as typed).
#[rustfmt::skip]
pub(super) static SHAPES: &[(&str, &str, &str)] = &[
    // "first." shapes win over what the rules would read: the rules read
    // "click into the second box and type delta" as a field named "second
    // box and type delta".
    ("first.click_type", "(click|tap) (into|in|inside) {field} and (type|enter|write) {text}", "type {text} into {field}"),
    ("focus.cursor", "the cursor (should|must|needs to) be [sitting|placed|blinking] (in|inside|on) {field}", "focus on {field}"),
    // States wished for. A value to be picked from suggestions is
    // typed in part and picked, not typed out.
    ("state.suggested", "{field} should (end up as|be|say|show|read) {text} (picked|chosen|selected) from the (suggestion list|suggestions|suggestion dropdown|dropdown) [rather than typed out in full|rather than typed out|rather than typed]", "type the beginning of {text} into {field} and choose the suggestion"),
    ("state.checked", "[only] {label} (should|must|needs to|has to) be (checked|ticked|selected|marked|ticked on)", "tick {label}"),
    ("state.showing", "{label} should be the one (showing|shown|open|selected|displayed|visible)", "click {label}"),
    ("state.gone", "[the] popup (should|must|needs to) be (gone|closed|dismissed)", "close the popup"),
    ("state.says", "[only] {field} (should|must|needs to|has to) [just|only] (say|read|show|contain|hold|be|be set to|end up as|end up with) {text}", "set {field} to {text}"),
    ("state.gets", "[only] {field} (gets|receives|takes) {text}", "put {text} in {field}"),
    ("need.in", "(i need|i want|i'd like|we need) {text} (in|into|entered in|typed in|typed into|entered into) {field}", "put {text} in {field}"),
    ("need.from", "(i need|i want|i'd like|we need) {option} (from|under|in) {field} (menu|dropdown|list)", "select {option} from {field} menu"),
    ("need.clicked", "(i need|i want|i'd like|we need) {label} (pressed|clicked|tapped|hit|pushed)", "click {label}"),
    ("need.opened", "(i need|i want|i'd like|we need) {label} (opened|open)", "click {label}"),
    ("need.ticked", "(i need|i want|i'd like|we need) {label} (ticked|checked)", "tick {label}"),
    // Verbless choices.
    // Verbs said another way.
    ("give.click", "give {label} a (click|tap|press|push)", "click {label}"),
    ("tick.next_to", "(put|place|add|make) a (tick|check|checkmark|check mark|cross) (next to|beside|by|against|in|on|for) {label}", "tick {label}"),
    ("focus.on", "(set|move|put|place|give) [the] focus (on|to|in|into) {field}", "focus on {field}"),
    ("focus.select", "(select|choose|pick) {field} (textbox|text box|text field|input|input box|field) [so it's ready|ready] [for typing]", "focus on {field} field"),
    ("switch.me", "(switch me|flip over|flip|move me|take me|switch) to {label}", "click the {label} tab"),
    ("close.button", "(click|hit|press|use|push) the close button [of the popup|on the popup|at the corner of the popup|in its corner|in the corner|on top]", "close the popup"),
    ("scroll.through", "scroll (right down|all the way down|down|all the way) through {label}", "scroll {label} to the end"),
    ("folders.drill_click", "(drill down|dig down|drill|navigate|go down|work your way) (to|through the folders to|down to) {field} [in the folder tree|in the folders|in the tree] and (click|open) it", "open folders until you reach {field} then click it"),
    ("tabs.across_click", "find {label} (across|among|in) (the tabs|tabs) and (click|open|follow) it", "look through the tabs for {label} then click it"),
    ("change.to", "(change|switch|turn) {field} to {text}", "set {field} to {text}"),
    ("follow.points", "go (wherever|where|to where) {label} (points|leads|goes|points to)", "follow {label}"),
    ("find.and_it", "find {label} and (click|press|push|hit|open|follow) it", "click {label}"),
    ("search.in_shop", "search (the|this) (shop|store|site|page|catalog|catalogue) for {text}", "search for {text}"),
    ("find.in_shop", "find {text} (in|on) (the|this) (shop|store|site)", "search for {text}"),
    ("folders.drill", "(drill down|dig down|drill|navigate|go down|work your way) (to|through the folders to|down to) {field} [in the folder tree|in the folders|in the tree]", "open folders until you reach {field}"),
    ("tabs.find", "(look through|search|check) (the tabs|tabs|all the tabs) until you (spot|find|see) {label}", "look through the tabs for {label}"),
    ("tabs.across", "find {label} (across|among|in) (the tabs|tabs)", "look through the tabs for {label}"),
    ("needs", "{field} (needs|wants|takes) {text}", "put {text} in {field}"),
    ("use.to", "use {field} to (select|choose|pick) {option}", "select {option} from {field}"),
    ("set.checked", "set {label} (checkboxes|checkbox|boxes|box) to (checked|ticked|on)", "tick {label}"),
    ("cursor.inside", "(inside|in|into) {field} (place|put|set) the cursor", "put the cursor in {field}"),
    ("cursor.placed", "(i'd like|i would like|i want) the cursor to be (placed|put|positioned|sitting) (in|inside|into) {field}", "put the cursor in {field}"),
    ("type.go", "type {text} and (hit|press|click) (go|search|enter)", "search for {text}"),
    ("search.in", "search {text} in the (shop|store|site)", "search for {text}"),
    ("tabs.until", "(switch between|look through|click through) (the tabs|tabs) until {label} (shows up|appears|is visible)", "look through the tabs for {label}"),
    ("scroll.inside", "scroll [down] inside {label} to the (last line|end|bottom)", "scroll {label} to the end"),
    ("scroll.down_the", "scroll (all the way down|right down|down to the end of|to the end of|to the bottom of|all the way to the bottom of) the {label}", "scroll the {label} to the end"),
    ("scroll.through_end", "scroll (through|down through|down) {label} to the (end|bottom)", "scroll {label} to the end"),
    ("bare.tab", "{label} tab", "click the {label} tab"),
    // After a thing named first: "that's the city to choose in the list".
    ("that.choose_in", "(that's|that is|this is|it's|it is) the (one|city|country|option|item|value|entry|choice) (to|you should|i want you to) (choose|pick|select) (in|from) {field}", "select it from {field}"),
    ("that.click", "(that's|that is|this is|it's|it is) the (one|button|link|tab|item|entry) (to|you should|i want you to) (click|press|open|hit|follow)", "click it"),
    ("that.tick", "(that's|that is|this is|it's|it is) the (one|box|checkbox|option) (to|you should|i want you to) (tick|check|mark|select)", "tick it"),
    ("that.open", "(that's|that is|this is|it's|it is) the tab (i want|i need) (open|opened|shown|showing)", "click it"),
    ("read.terms", "read the {label} [to the end]", "scroll the {label} box to the end"),
    ("you.should", "{label} you should (mark|tick|check|select)", "tick {label}"),
    ("find.and", "find {label} and (click|open)", "click {label}"),
    // Verbless: only once nothing else read the clause.
    ("bare.from", "{option} from the (dropdown|list|menu)", "select {option} from the dropdown"),
    ("bare.in", "{text} (in|into) the {field}", "put {text} in the {field}"),
    ("bare.in_role", "{text} (in|into) {field} (box|field|input|textbox)", "put {text} in the {field} box"),
    ("bare.colon", "{field} (field|box|input) {text}", "put {text} in the {field} box"),
    // A checklist's "what: which" ("Tab: Specs", "Dropdown: Madrid",
    // "Cursor: phone field"); the colon is no word.
    ("bare.tab_colon", "tab {label}", "click the {label} tab"),
    ("bare.dropdown_colon", "(dropdown|list|menu) {option}", "select {option} from the dropdown"),
    ("bare.cursor_colon", "cursor {field}", "put the cursor in {field}"),
];

/// A clause that only says what to leave as it is.
#[rustfmt::skip]
pub(super) const LEAVE_ALONE: &[&str] = &[
    "leave the (rest|others|other two|other ones|other fields|other boxes|third|third one|remaining ones|remaining fields) [blank|empty|alone|unticked|unchecked|as they are]",
    "the (rest|others|other two|other ones|other fields|other boxes|remaining ones) (stay|remain|should stay|should remain|stays) (blank|empty|unticked|unchecked|as they are)",
    "(the|and the) rest left (blank|empty|unticked|unchecked)",
    "nothing else",
    // Why, said after the order ("…, otherwise it's greyed out").
    "(otherwise|or else) {text}",
    // Thanks and sign-offs.
    "[and] (thank you|thanks|many thanks|thanks a lot|thanks very much|thank you very much|thanks so much|with thanks|cheers|thx|ty) [in advance|a lot|so much|very much]",
    "(kind regards|best regards|regards|best wishes|best)",
    "use (its|the) (close button|x|cross)",
    "{label} (stays|stay|remains|remain|should stay|should remain|is left|are left) (empty|blank|unticked|unchecked|alone|as it is|as they are)",
    "{label} you (leave|can leave|should leave|must leave) (empty|blank|unticked|unchecked|alone|as it is|as they are) [please]",
    "the (others|rest|other ones) leave (empty|blank|unticked|unchecked|alone)",
    // "…, fill it in for me": the order said before is the whole of it.
    "(fill it in|fill that in|fill it out|do it|do that|do this|do so|make it so|sort it out|sort that out|take care of it|take care of that|handle it|handle that) [for me] [please|pls|thanks]",
    // What not to do ("don't type anything in the third"); "don't forget
    // to …" is an order, and its verb is not among these.
    "(don't|dont|do not|never|no need to) [you] (type|put|enter|write|fill|fill in|touch|click|tick|check|change|select|pick|choose|press|hit|open|use|add|claim|accept) {label}",
];

/// Clauses that name what the next order points at: the pattern and the
/// slot holding the referent (`{label}`, or the lazy `{field}`); `the` makes it "the …" (a thing named by its
/// kind: "a link" → "the link").
#[rustfmt::skip]
pub(super) const CONTEXT: &[(&str, bool)] = &[
    ("(there's|there is|there are|theres) [only] [a single|a|an|one|the|just one] {label} (here|hidden somewhere in the text|hidden somewhere|somewhere|on the page|on this page|in the text|at the top|below)", true),
    ("(there's|there is|there are|theres) [only] [a single|a|an|one|the|just one] {label}", true),
    ("somewhere behind these tabs (there's|there is) a {label}", false),
    ("(i'm|i am) (heading|going|travelling|traveling|flying|moving|off) to {label}", false),
    // A lazy slot ({field}), so that "the Warranty page" names "Warranty".
    ("(i'm|i am) (after|looking for|searching for) [the] {field} [page|tab|section|link]", false),
    ("(i'm|i am) about to (enter|type|fill in|put in) [my|the] {label}", false),
    ("this {label} is (in the way|annoying|fiddly|confusing|blocking everything)", true),
    ("{label} is (a few folders deep|in one of the tabs|somewhere in the tabs|hidden)", false),
    ("(i'm|i am) (visiting|picking|choosing|taking) {label}", false),
    ("(i want to|i'd like to|i need to) (read|see|view|look at) the {label} (section|tab|page)", false),
    ("the {label} (checkbox|box) is (greyed out|disabled|locked|grey)", false),
    ("[the] {field} should (include|have|contain) (just|only) {label}", false),
    ("(one|a single|just one|only one) {label} [here|on the page|on this page]", true),
    ("[the] {label} (checkbox|box) (enables|is enabled|becomes active|unlocks)", false),
    ("where is {label}", false),
    ("{label} is (collapsed|closed|folded|hidden behind a tab|hidden)", false),
    ("{label} needs a value", false),
    ("(find|locate|spot) the {label}", true),
    ("which {field} (says|reads|has|shows) {label}", false),
    ("where does the {label} go", true),
    ("{label} is my (colour|color|choice|pick|favourite|favorite)", false),
    ("the goal is {label}", false),
    ("so i can (type|enter|fill in) [my|the] {label}", false),
    ("{label} (hides|lives) (behind a tab|in a tab|in one of the tabs)", false),
    // The thing first, the order after it ("Madrid — that's the city to
    // choose", "lamps is what I'm after — search for it").
    ("{label} is (what i'm after|what i am after|what i need|what i want|the one|the one i want|the one i need|the one to pick)", false),
];
