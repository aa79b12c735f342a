//! The tokenizer of the command grammar: words, quoted text and separators,
//! each with its byte span in the input so slots can be cut out verbatim
//! (case, inner punctuation and all: `example.com/a?b`, `Paris, France`).
//!
//! Quoted text (`"…"`, `'…'`, `“…”`, `‘…’`, `«…»`, `` `…` ``) is one token that
//! never matches a grammar word, so `click "then"` clicks a button called
//! "then". A single quote opens only at the start of a word and closes only
//! before a space or punctuation, so apostrophes (`I'm`) stay in their word.

/// How strongly a separator splits a sequence of commands (see `split.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// `,`, `.` and the word "and": split only where every part is a command
    /// ("type Paris, France into city" stays one command).
    Weak,
    /// `;`, a line break and the word "then": split unless a part fails.
    Strong,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Word,
    Quoted,
    Sep(Strength),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    /// Lower-cased, curly apostrophes straightened, outer punctuation
    /// trimmed: what grammar words are compared with. Empty for separators.
    pub norm: String,
    /// Bytes of the token in the input, quotes included.
    pub start: usize,
    pub end: usize,
    /// Bytes of the text inside the quotes (the token itself for words).
    pub inner_start: usize,
    pub inner_end: usize,
}

impl Token {
    pub fn is_word(&self, w: &str) -> bool {
        self.kind == TokenKind::Word && self.norm == w
    }

    /// The token's own text: a quoted token without its quotes.
    pub fn inner<'a>(&self, input: &'a str) -> &'a str {
        &input[self.inner_start..self.inner_end]
    }
}

/// Opening quote → closing quotes accepted for it.
const QUOTES: &[(char, &[char])] = &[
    ('"', &['"', '”', '“']),
    ('“', &['”', '“', '"']),
    ('„', &['“', '”', '"']),
    ('”', &['”']),
    ('‘', &['’', '‘']),
    ('\'', &['\'', '’']),
    ('«', &['»']),
    ('`', &['`']),
];

/// Punctuation peeled off the end of a word; some of it separates commands.
fn trailing_punct(c: char) -> Option<Option<Strength>> {
    match c {
        ',' | '.' | '…' => Some(Some(Strength::Weak)),
        ';' => Some(Some(Strength::Strong)),
        '!' | '?' | ':' | '？' | '！' | ')' | ']' | '"' | '”' | '’' | '»' => Some(None),
        _ => None,
    }
}

/// A word as grammar words are compared: `"Click,"` → `click`, `What’s` → `what's`.
pub fn norm_word(s: &str) -> String {
    let lower: String = s.chars().flat_map(char::to_lowercase).map(|c| if c == '’' { '\'' } else { c }).collect();
    lower.trim_matches(|c: char| !c.is_alphanumeric()).to_owned()
}

/// Splits `input` into words, quoted strings and separators.
pub fn tokenize(input: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(c) = input[i..].chars().next() {
        let clen = c.len_utf8();
        if c == '\n' {
            out.push(sep(Strength::Strong, i, i + clen));
            i += clen;
            continue;
        }
        if c.is_whitespace() {
            i += clen;
            continue;
        }
        if let Some(tok) = quoted(input, i, c) {
            i = tok.end;
            out.push(tok);
            continue;
        }
        let end = input[i..].find(char::is_whitespace).map_or(input.len(), |n| i + n);
        push_word(input, i, end, &mut out);
        i = end;
    }
    out
}

fn sep(strength: Strength, start: usize, end: usize) -> Token {
    Token { kind: TokenKind::Sep(strength), norm: String::new(), start, end, inner_start: start, inner_end: end }
}

/// A quoted token opening at `i` with `open`, if it closes.
fn quoted(input: &str, i: usize, open: char) -> Option<Token> {
    let (_, closes) = QUOTES.iter().find(|(o, _)| *o == open)?;
    let body = i + open.len_utf8();
    let mut from = body;
    while let Some(rel) = input[from..].find(|c: char| closes.contains(&c)) {
        let at = from + rel;
        let close = input[at..].chars().next()?;
        let after = at + close.len_utf8();
        // A single quote closes only before a boundary ("'Sign in' button"),
        // so "'Tom's page'" keeps its apostrophe.
        let boundary = input[after..].chars().next().is_none_or(|n| !n.is_alphanumeric());
        if (open != '\'' && open != '‘') || boundary {
            if at == body {
                return None;
            }
            let text = &input[body..at];
            return Some(Token {
                kind: TokenKind::Quoted,
                norm: text.to_lowercase(),
                start: i,
                end: after,
                inner_start: body,
                inner_end: at,
            });
        }
        from = after;
    }
    None
}

/// Pushes the word in `input[start..end]` and the separators peeled off its end.
fn push_word(input: &str, start: usize, end: usize, out: &mut Vec<Token>) {
    let mut word_end = end;
    let mut seps = Vec::new();
    while let Some(c) = input[start..word_end].chars().next_back() {
        let Some(kind) = trailing_punct(c) else { break };
        word_end -= c.len_utf8();
        if let Some(strength) = kind {
            seps.push(sep(strength, word_end, word_end + c.len_utf8()));
        }
    }
    let word = &input[start..word_end];
    let norm = norm_word(word);
    if !norm.is_empty() {
        out.push(Token { kind: TokenKind::Word, norm, start, end: word_end, inner_start: start, inner_end: word_end });
    }
    // "..." or ",." are one separator; keep the strongest.
    if let Some(strongest) = seps.iter().map(|s| s.kind).max_by_key(|k| match k {
        TokenKind::Sep(s) => *s,
        _ => Strength::Weak,
    }) {
        let first = seps.last().map_or(word_end, |s| s.start);
        let mut s = sep(Strength::Weak, first, end);
        s.kind = strongest;
        out.push(s);
    }
}

/// Whether the input, ignoring trailing spaces, ends with a question mark.
pub fn ends_with_question_mark(input: &str) -> bool {
    input.trim_end().ends_with(['?', '？'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(input: &str) -> Vec<String> {
        tokenize(input)
            .iter()
            .map(|t| match t.kind {
                TokenKind::Word => t.norm.clone(),
                TokenKind::Quoted => format!("«{}»", t.inner(input)),
                TokenKind::Sep(Strength::Weak) => ",".into(),
                TokenKind::Sep(Strength::Strong) => ";".into(),
            })
            .collect()
    }

    #[test]
    fn words_quotes_and_separators() {
        assert_eq!(show(r#"Type "Hello, World" into the box."#), ["type", "«Hello, World»", "into", "the", "box", ","]);
        assert_eq!(show("click 'Sign in' button; reload"), ["click", "«Sign in»", "button", ";", "reload"]);
        assert_eq!(show("type I'm here into notes"), ["type", "i'm", "here", "into", "notes"]);
        assert_eq!(show("open 'Tom's page'"), ["open", "«Tom's page»"]);
        assert_eq!(show("What’s this?"), ["what's", "this"]);
        assert_eq!(show("open example.com/a?b=1."), ["open", "example.com/a?b=1", ","]);
        assert_eq!(show("scroll down\nreload"), ["scroll", "down", ";", "reload"]);
        assert_eq!(show("Terms & Conditions"), ["terms", "conditions"]);
        assert_eq!(show(r#"click "" now"#), ["click", "now"]);
        assert_eq!(show("click “Sign in”."), ["click", "«Sign in»", ","]);
    }

    #[test]
    fn spans_keep_the_original_text() {
        let input = "type \"A b\" into Name";
        let t = tokenize(input);
        assert_eq!(&input[t[1].start..t[1].end], "\"A b\"");
        assert_eq!(t[1].inner(input), "A b");
        assert_eq!(t[3].inner(input), "Name");
    }
}
