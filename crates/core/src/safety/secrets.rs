//! Secrets: which fields hold values the model must never see (passwords,
//! card numbers, CVCs, expiry dates, one-time codes), the placeholder the
//! model types instead of a value, and scrubbing of every text that leaves
//! for a prompt, a log or an export.
//!
//! The model: the LLM never sees a secret. It asks for one by typing
//! `{{secret:password}}` ([`parse_placeholder`]); the service worker fills
//! the value in at execution time, on the origin the user saved it for,
//! and shows [`mask`] in the panel. A placeholder counts only as the whole
//! text: "my password is {{secret:password}}" typed into a comment box
//! would publish it, so the caller refuses text that merely
//! [`contains_placeholder`]. Whatever the page echoes back, [`scrub`]
//! removes the known values (and their JSON- and URL-encoded forms) before
//! it is logged or sent to the model. Peers leaked secrets through logs
//! and plaintext storage; this is the one place that decides.
//!
//! A field's kind comes from [`SECRET_RULES`], first matching row wins:
//! the `autocomplete` token (the page's own statement), then field types
//! that are never typed secrets, then label and `name`/`id` keywords in the
//! languages of `risk`'s tables, with `type=password` between the specific
//! kinds (a CVC is often `type=password`) and the password words. Labels
//! are read with `kind::text`'s normalisation and phrase matching.

use crate::kind::text::{contains_phrase, split_identifier, words};
use crate::summary::redact::{redact, PiiKind};
use serde::{Deserialize, Serialize};

/// What kind of secret a field or value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SecretKind {
    /// A password, passphrase or PIN.
    Password,
    CardNumber,
    CardCvc,
    CardExpiry,
    /// A one-time, verification or 2FA code.
    OneTimeCode,
}

impl SecretKind {
    pub const ALL: &'static [SecretKind] =
        &[SecretKind::Password, SecretKind::CardNumber, SecretKind::CardCvc, SecretKind::CardExpiry, SecretKind::OneTimeCode];

    /// The wire name, as in the placeholder (`card_number`).
    pub fn as_str(self) -> &'static str {
        match self {
            SecretKind::Password => "password",
            SecretKind::CardNumber => "card_number",
            SecretKind::CardCvc => "card_cvc",
            SecretKind::CardExpiry => "card_expiry",
            SecretKind::OneTimeCode => "one_time_code",
        }
    }
}

/// What the DOM side tells about a field. No value.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FieldFacts<'a> {
    /// The `type` attribute (`password`, `text`, `tel`, …), or `select`.
    pub input_type: Option<&'a str>,
    /// The `autocomplete` attribute, space-separated tokens.
    pub autocomplete: Option<&'a str>,
    /// The `name` or `id` attribute.
    pub name_or_id: Option<&'a str>,
    /// Accessible name.
    pub label: &'a str,
}

/// One condition of a secret rule.
#[derive(Debug)]
pub enum SecretWhen {
    /// Some autocomplete token is one of these.
    Autocomplete(&'static [&'static str]),
    /// The input type is one of these.
    InputType(&'static [&'static str]),
    /// The label or the name/id contains one of these phrases.
    Said(&'static [&'static str]),
    /// The name/id (split at `_`, `-` and camel case) contains one of these.
    Name(&'static [&'static str]),
}

/// One heuristic: when every condition holds, the field is `kind` (`None`:
/// not a secret, and no later row is asked).
#[derive(Debug)]
pub struct SecretRule {
    pub id: &'static str,
    pub kind: Option<SecretKind>,
    pub when: &'static [SecretWhen],
}

use SecretKind as S;
use SecretWhen::*;

#[rustfmt::skip]
const ONE_TIME_CODE: &[&str] = &[
    "one time code", "one time password", "one time passcode", "otp", "totp", "verification code",
    "2fa", "two factor", "authentication code", "auth code", "authenticator", "code we sent",
    "we sent", "sms code", "login code", "sign in code", "backup code", "recovery code", "mfa code",
    "bestatigungscode", "verifizierungscode", "einmalcode", "einmalpasswort",
    "code de verification", "code a usage unique", "codigo de verificacion", "codigo de un solo uso",
    "codigo de verificacao", "codice di verifica", "verificatiecode", "eenmalige code",
    "kod weryfikacyjny", "kod jednorazowy", "kod sms", "код подтверждения", "код из смс",
    "одноразовый код", "验证码", "驗證碼", "动态码", "認証コード", "確認コード",
    "ワンタイムパスワード", "인증번호", "인증 코드", "인증코드", "일회용 비밀번호",
];
#[rustfmt::skip]
const CARD_CVC: &[&str] = &[
    "cvc", "cvv", "cvv2", "cvc2", "csc", "security code", "card code", "card verification",
    "prufnummer", "kartenprufnummer", "sicherheitscode", "cryptogramme", "code de securite",
    "codigo de seguridad", "codigo de seguranca", "codice di sicurezza", "beveiligingscode",
    "kod bezpieczeństwa", "код безопасности", "安全码", "安全碼", "セキュリティコード", "보안 코드",
    "보안코드",
];
#[rustfmt::skip]
const CARD_NUMBER: &[&str] = &[
    "card number", "card no", "cardnumber", "ccnumber", "cc number", "numero de carte",
    "numero de la carte", "kartennummer", "numero de tarjeta", "numero do cartao",
    "numero della carta", "kaartnummer", "numer karty", "номер карты", "卡号", "卡號",
    "カード番号", "카드 번호", "카드번호",
];
#[rustfmt::skip]
const CARD_EXPIRY: &[&str] = &[
    "expiry", "expiry date", "expiration date", "exp date", "card expiry", "valid thru",
    "valid through", "mm yy", "mm yyyy", "ablaufdatum", "gultig bis", "date d expiration",
    "fecha de caducidad", "fecha de vencimiento", "data de validade", "validade do cartao",
    "data di scadenza", "vervaldatum", "data ważności", "срок действия", "有效期", "有効期限",
    "유효기간", "유효 기간",
];
/// Labels about a password that are not one ("Password hint", "Forgot
/// password?", "Show password").
#[rustfmt::skip]
const NOT_SECRET: &[&str] = &[
    "hint", "forgot", "forgotten", "reminder", "show", "hide", "strength", "requirements",
    "hinweis", "vergessen", "oublie", "indice", "olvidaste", "pista", "esqueceu", "esqueci",
    "dimenticata", "suggerimento", "vergeten", "zapomniałeś", "забыли", "подсказка", "忘记",
    "忘記", "忘れ", "잊으셨나요", "찾기",
];
#[rustfmt::skip]
const PASSWORD: &[&str] = &[
    "password", "passwort", "kennwort", "mot de passe", "contrasena", "senha", "palavra passe",
    "wachtwoord", "hasło", "пароль", "密码", "密碼", "パスワード", "비밀번호", "비밀 번호", "passcode",
    "passphrase", "pin", "pin code", "geheimzahl", "code pin", "codigo pin", "пин код", "暗証番号",
];

/// Types a secret is never typed into (a "Show password" checkbox, an
/// e-mail field).
#[rustfmt::skip]
const NOT_TYPED: &[&str] = &[
    "checkbox", "radio", "submit", "button", "reset", "image", "file", "hidden", "range", "color",
    "date", "datetime-local", "month", "week", "time", "email", "url", "search",
];

/// The rules, first matching row wins.
#[rustfmt::skip]
pub const SECRET_RULES: &[SecretRule] = &[
    SecretRule { id: "autocomplete.password", kind: Some(S::Password), when: &[Autocomplete(&["current-password", "new-password"])] },
    SecretRule { id: "autocomplete.card_number", kind: Some(S::CardNumber), when: &[Autocomplete(&["cc-number"])] },
    SecretRule { id: "autocomplete.card_cvc", kind: Some(S::CardCvc), when: &[Autocomplete(&["cc-csc"])] },
    SecretRule { id: "autocomplete.card_expiry", kind: Some(S::CardExpiry), when: &[Autocomplete(&["cc-exp", "cc-exp-month", "cc-exp-year"])] },
    SecretRule { id: "autocomplete.one_time_code", kind: Some(S::OneTimeCode), when: &[Autocomplete(&["one-time-code"])] },
    SecretRule { id: "not_typed.input_type", kind: None, when: &[InputType(NOT_TYPED)] },
    SecretRule { id: "one_time_code.label", kind: Some(S::OneTimeCode), when: &[Said(ONE_TIME_CODE)] },
    SecretRule { id: "card_cvc.label", kind: Some(S::CardCvc), when: &[Said(CARD_CVC)] },
    SecretRule { id: "card_number.label", kind: Some(S::CardNumber), when: &[Said(CARD_NUMBER)] },
    SecretRule { id: "card_number.name", kind: Some(S::CardNumber), when: &[Name(&["ccnum", "cc num", "cardnum", "card num", "cc no"])] },
    SecretRule { id: "card_expiry.label", kind: Some(S::CardExpiry), when: &[Said(CARD_EXPIRY)] },
    SecretRule { id: "password.input_type", kind: Some(S::Password), when: &[InputType(&["password"])] },
    SecretRule { id: "not_secret.label", kind: None, when: &[Said(NOT_SECRET)] },
    SecretRule { id: "password.label", kind: Some(S::Password), when: &[Said(PASSWORD)] },
    SecretRule { id: "password.name", kind: Some(S::Password), when: &[Name(&["pwd", "passwd", "pass", "pw"])] },
];

/// The kind of secret a field holds, or `None` when it holds none.
pub fn secret_kind(field: &FieldFacts) -> Option<SecretKind> {
    explain_secret_kind(field).and_then(|rule| rule.kind)
}

/// The rule that decides a field (for tests and debugging).
pub fn explain_secret_kind(field: &FieldFacts) -> Option<&'static SecretRule> {
    let label = words(field.label);
    let name = field.name_or_id.map(|n| words(&split_identifier(n))).unwrap_or_default();
    let tokens: Vec<String> =
        field.autocomplete.unwrap_or("").split_ascii_whitespace().map(str::to_ascii_lowercase).collect();
    let input_type = field.input_type.map(|t| t.trim().to_ascii_lowercase());
    let has = |text: &[String], phrases: &[&str]| phrases.iter().any(|p| contains_phrase(text, p));
    let holds = |when: &SecretWhen| match when {
        Autocomplete(set) => tokens.iter().any(|t| set.contains(&t.as_str())),
        InputType(set) => input_type.as_deref().is_some_and(|t| set.contains(&t)),
        Said(phrases) => has(&label, phrases) || has(&name, phrases),
        Name(phrases) => has(&name, phrases),
    };
    SECRET_RULES.iter().find(|rule| rule.when.iter().all(holds))
}

/// `Some(CardNumber)` when the whole text (trimmed) is a payment card
/// number, by the same test the page summary's redaction uses
/// (`summary::redact`: 13–19 digits starting 2–6, plain or grouped as cards
/// are printed, Luhn-valid). For masking what the model or a log would
/// otherwise show; 6–8 digit codes are secrets only in a field known to
/// hold one ([`secret_kind`]), so they are not guessed here.
pub fn looks_like_secret_value(text: &str) -> Option<SecretKind> {
    let text = text.trim();
    let card = PiiKind::Card.placeholder();
    (text.bytes().any(|b| b.is_ascii_digit()) && redact(text) == card).then_some(SecretKind::CardNumber)
}

/// The digits of a text made of digit groups separated by single spaces or
/// dashes (`4111 1111-1111 1111`), or `None` for anything else.
fn grouped_digits(text: &str) -> Option<String> {
    let mut digits = String::with_capacity(text.len());
    let mut after_separator = true;
    for c in text.chars() {
        match c {
            '0'..='9' => {
                digits.push(c);
                after_separator = false;
            }
            ' ' | '-' if !after_separator => after_separator = true,
            _ => return None,
        }
    }
    (!after_separator).then_some(digits)
}

/// What the panel shows for a secret: one `•` per character, at most 8
/// (the length of a long secret is not shown).
pub fn mask(text: &str) -> String {
    "•".repeat(text.chars().count().min(8))
}

/// How a placeholder starts; it ends with `}}`: `{{secret:password}}`.
pub const SECRET_PLACEHOLDER_PREFIX: &str = "{{secret:";
const PLACEHOLDER_SUFFIX: &str = "}}";

/// The placeholder for a kind, as the prompt teaches it.
pub fn placeholder(kind: SecretKind) -> String {
    format!("{SECRET_PLACEHOLDER_PREFIX}{}{PLACEHOLDER_SUFFIX}", kind.as_str())
}

/// Names the model may write besides the wire names.
#[rustfmt::skip]
const ALIASES: &[(&str, SecretKind)] = &[
    ("pin", S::Password), ("passcode", S::Password), ("card", S::CardNumber), ("cc_number", S::CardNumber),
    ("cvc", S::CardCvc), ("cvv", S::CardCvc), ("csc", S::CardCvc), ("security_code", S::CardCvc),
    ("expiry", S::CardExpiry), ("cc_exp", S::CardExpiry), ("otp", S::OneTimeCode), ("2fa", S::OneTimeCode),
    ("totp", S::OneTimeCode), ("verification_code", S::OneTimeCode),
];

/// The kind the text asks for when the whole text (trimmed) is a
/// placeholder: `{{secret:password}}`, `{{ secret: card-number }}`,
/// `{{secret:CVV}}`. `None` for anything else, including a placeholder
/// inside other text.
pub fn parse_placeholder(text: &str) -> Option<SecretKind> {
    let compact: String = text.trim().chars().filter(|c| !c.is_whitespace()).collect();
    let lower = compact.to_ascii_lowercase();
    let name = lower.strip_prefix(SECRET_PLACEHOLDER_PREFIX)?.strip_suffix(PLACEHOLDER_SUFFIX)?.replace('-', "_");
    SecretKind::ALL
        .iter()
        .copied()
        .find(|k| k.as_str() == name)
        .or_else(|| ALIASES.iter().find(|(alias, _)| *alias == name).map(|(_, k)| *k))
}

/// Whether a placeholder appears anywhere in the text (spaces inside the
/// braces allowed): the caller refuses to type such text unless it is
/// exactly one placeholder.
pub fn contains_placeholder(text: &str) -> bool {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    compact.to_ascii_lowercase().contains(SECRET_PLACEHOLDER_PREFIX)
}

/// What [`scrub`] writes instead of a secret.
pub const SCRUBBED: &str = "[secret]";
/// Shorter values are not scrubbed: replacing every "123" would garble text
/// and say which digits the secret has.
pub const MIN_SCRUB_CHARS: usize = 4;

/// The text with every occurrence of each known secret (of at least
/// [`MIN_SCRUB_CHARS`] characters) replaced by [`SCRUBBED`]. Also the forms
/// a secret takes once serialised: JSON-escaped, URL-encoded (`+` and
/// `%20` for spaces), and, for card numbers, the same digits grouped
/// otherwise (`4111111111111111` as `4111 1111 1111 1111`). Longest secrets
/// first, in one pass, so no replacement is matched again.
pub fn scrub(text: &str, secrets: &[&str]) -> String {
    let mut needles: Vec<String> = secrets.iter().filter(|s| s.chars().count() >= MIN_SCRUB_CHARS).flat_map(|s| encoded_forms(s)).collect();
    needles.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    needles.dedup();
    let cards: Vec<String> = secrets
        .iter()
        .filter_map(|s| grouped_digits(s.trim()))
        .filter(|d| d.len() >= 12)
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    while let Some(c) = text[at..].chars().next() {
        let rest = &text[at..];
        let matched = needles
            .iter()
            .find(|n| rest.starts_with(n.as_str()))
            .map(String::len)
            .or_else(|| card_digits_at(text, at, &cards));
        match matched {
            Some(len) => {
                out.push_str(SCRUBBED);
                at += len;
            }
            None => {
                out.push(c);
                at += c.len_utf8();
            }
        }
    }
    out
}

/// A secret as written, trimmed, JSON-escaped and URL-encoded.
fn encoded_forms(secret: &str) -> Vec<String> {
    let json = serde_json::to_string(secret).unwrap_or_default();
    let json = json.trim_matches('"').to_owned();
    let form: String = url::form_urlencoded::byte_serialize(secret.as_bytes()).collect();
    let percent = form.replace('+', "%20");
    vec![secret.to_owned(), secret.trim().to_owned(), json, form, percent]
}

/// The byte length of a card number among `cards` (digits only) written at
/// `at` with single spaces or dashes between any of its digits. Digits
/// around it do not matter: scrubbing too much is the safe side.
fn card_digits_at(text: &str, at: usize, cards: &[String]) -> Option<usize> {
    let bytes = text.as_bytes();
    let longest = cards.iter().map(String::len).max()?;
    let mut digits = String::new();
    let mut end = at;
    while end < bytes.len() && digits.len() < longest {
        match bytes[end] {
            b @ b'0'..=b'9' => {
                digits.push(char::from(b));
                end += 1;
                if cards.contains(&digits) {
                    return Some(end - at);
                }
            }
            b' ' | b'-' if end > at && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) => end += 1,
            _ => return None,
        }
    }
    None
}
