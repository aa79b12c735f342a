//! Table tests for secrets: one field fixture per rule (and near misses),
//! card-number values, masking, placeholders and scrubbing.

use super::secrets::*;
use crate::kind::text;
use std::collections::BTreeSet;

/// A field fixture: rule expected to decide ("" for none), input type,
/// autocomplete, name/id, label, expected kind.
struct F(&'static str, &'static str, &'static str, &'static str, &'static str, Option<SecretKind>);

use SecretKind as S;

#[rustfmt::skip]
const FIELDS: &[F] = &[
    F("autocomplete.password", "text", "current-password", "", "Passphrase", Some(S::Password)),
    F("autocomplete.password", "password", "section-login new-password", "", "Choose one", Some(S::Password)),
    F("autocomplete.card_number", "tel", "cc-number", "f1", "", Some(S::CardNumber)),
    F("autocomplete.card_cvc", "text", "CC-CSC", "", "Code", Some(S::CardCvc)),
    F("autocomplete.card_expiry", "select", "cc-exp-month", "", "Month", Some(S::CardExpiry)),
    F("autocomplete.one_time_code", "text", "one-time-code", "", "Code", Some(S::OneTimeCode)),
    F("not_typed.input_type", "checkbox", "", "", "Show password", None),
    F("not_typed.input_type", "email", "", "", "Email or phone", None),
    F("one_time_code.label", "text", "", "", "Enter the 6-digit code we sent to your phone", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "2FA code", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "otp", "", Some(S::OneTimeCode)),
    F("one_time_code.label", "password", "", "", "Verification code", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "Bestätigungscode", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "Code de vérification", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "Código de verificación", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "Код подтверждения", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "短信验证码", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "認証コード", Some(S::OneTimeCode)),
    F("one_time_code.label", "text", "", "", "인증번호 6자리", Some(S::OneTimeCode)),
    F("card_cvc.label", "password", "", "", "CVV", Some(S::CardCvc)),
    F("card_cvc.label", "text", "", "", "Security code", Some(S::CardCvc)),
    F("card_cvc.label", "text", "", "cardCvc", "", Some(S::CardCvc)),
    F("card_cvc.label", "text", "", "", "Kartenprüfnummer", Some(S::CardCvc)),
    F("card_cvc.label", "text", "", "", "Cryptogramme visuel", Some(S::CardCvc)),
    F("card_cvc.label", "text", "", "", "セキュリティコード", Some(S::CardCvc)),
    F("card_number.label", "tel", "", "", "Card number", Some(S::CardNumber)),
    F("card_number.label", "text", "", "cardNumber", "", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Numéro de carte", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Kartennummer", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Número de tarjeta", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Número do cartão", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Numero della carta", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Kaartnummer", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Numer karty", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "Номер карты", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "银行卡号", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "カード番号", Some(S::CardNumber)),
    F("card_number.label", "text", "", "", "카드 번호", Some(S::CardNumber)),
    F("card_number.name", "text", "", "billing_ccnum", "Number", Some(S::CardNumber)),
    F("card_expiry.label", "text", "", "", "MM / YY", Some(S::CardExpiry)),
    F("card_expiry.label", "text", "", "", "Expiry date", Some(S::CardExpiry)),
    F("card_expiry.label", "text", "", "", "Gültig bis", Some(S::CardExpiry)),
    F("password.input_type", "password", "", "", "", Some(S::Password)),
    F("password.input_type", "PASSWORD", "off", "", "Secret", Some(S::Password)),
    F("not_secret.label", "text", "", "", "Password hint", None),
    F("not_secret.label", "", "", "", "Forgot password?", None),
    F("not_secret.label", "", "", "", "Passwort vergessen?", None),
    F("not_secret.label", "", "", "", "Mot de passe oublié ?", None),
    F("password.label", "text", "", "", "Password", Some(S::Password)),
    F("password.label", "text", "", "", "Confirm password", Some(S::Password)),
    F("password.label", "text", "", "", "Passwort", Some(S::Password)),
    F("password.label", "text", "", "", "Mot de passe", Some(S::Password)),
    F("password.label", "text", "", "", "Contraseña", Some(S::Password)),
    F("password.label", "text", "", "", "Senha", Some(S::Password)),
    F("password.label", "text", "", "", "Wachtwoord", Some(S::Password)),
    F("password.label", "text", "", "", "Hasło", Some(S::Password)),
    F("password.label", "text", "", "", "Пароль", Some(S::Password)),
    F("password.label", "text", "", "", "密码", Some(S::Password)),
    F("password.label", "text", "", "", "パスワード", Some(S::Password)),
    F("password.label", "text", "", "", "비밀번호", Some(S::Password)),
    F("password.label", "tel", "", "", "PIN", Some(S::Password)),
    F("password.name", "text", "", "txtPwd", "", Some(S::Password)),
    // Near misses: nothing fires.
    F("", "text", "username", "login", "Username", None),
    F("", "text", "", "", "Pinned posts", None),
    F("", "text", "", "", "Passport number", None),
    F("", "text", "", "", "Confirmation code (booking reference)", None),
    F("", "", "", "", "", None),
];

#[test]
fn field_fixtures() {
    let opt = |s: &'static str| (!s.is_empty()).then_some(s);
    let failures: Vec<String> = FIELDS
        .iter()
        .filter_map(|F(rule, ty, ac, name, label, want)| {
            let field = FieldFacts { input_type: opt(ty), autocomplete: opt(ac), name_or_id: opt(name), label };
            let got = explain_secret_kind(&field);
            let (got_rule, got_kind) = (got.map_or("", |r| r.id), secret_kind(&field));
            (got_rule != *rule || got_kind != *want)
                .then(|| format!("{field:?}: got {got_kind:?} by {got_rule:?}, want {want:?} by {rule:?}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_secret_rule_has_a_fixture_and_keywords_are_normalised() {
    let covered: BTreeSet<&str> = FIELDS.iter().map(|f| f.0).collect();
    let ids: BTreeSet<&str> = SECRET_RULES.iter().map(|r| r.id).collect();
    assert_eq!(ids.len(), SECRET_RULES.len(), "duplicate rule ids");
    let missing: Vec<&&str> = ids.iter().filter(|id| !covered.contains(*id)).collect();
    assert!(missing.is_empty(), "no fixture for {missing:?}");
    let mut odd: Vec<&str> = Vec::new();
    for rule in SECRET_RULES {
        for when in rule.when {
            if let SecretWhen::Said(phrases) | SecretWhen::Name(phrases) = when {
                odd.extend(phrases.iter().filter(|k| text::normalize(k) != **k));
            }
        }
    }
    assert!(odd.is_empty(), "{odd:?}");
}

#[test]
fn card_numbers_are_recognised_by_shape_and_checksum() {
    for (text, want) in [
        ("4111111111111111", true),
        ("4111 1111 1111 1111", true),
        (" 4111-1111-1111-1111 ", true),
        ("378282246310005", true), // Amex, 15 digits
        ("6011111111111117", true),
        ("4111111111111112", false), // checksum
        ("4111  1111 1111 1111", false), // double space: not one number
        ("4111 1111-1111 1111", false), // mixed separators
        ("-4111111111111111", false),
        ("0000000000000000", false), // no payment network starts with 0
        ("[card]", false),
        ("411111111111", false), // 12 digits
        ("41111111111111111111", false), // 20 digits
        ("Card 4111111111111111", false), // the whole text only
        ("123456", false), // codes are secrets by field, not by shape
        ("", false),
    ] {
        assert_eq!(looks_like_secret_value(text) == Some(S::CardNumber), want, "{text:?}");
    }
}

#[test]
fn masks_show_length_up_to_eight() {
    for (text, want) in [("", ""), ("abc", "•••"), ("hunter22", "••••••••"), ("correct horse battery", "••••••••"), ("пароль", "••••••")] {
        assert_eq!(mask(text), want, "{text:?}");
    }
}

#[test]
fn placeholders_parse_only_as_the_whole_text() {
    for kind in SecretKind::ALL {
        assert_eq!(parse_placeholder(&placeholder(*kind)), Some(*kind));
        assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
    }
    assert_eq!(SECRET_PLACEHOLDER_PREFIX, "{{secret:");
    for (text, want) in [
        ("{{secret:password}}", Some(S::Password)),
        ("  {{ secret: card-number }} ", Some(S::CardNumber)),
        ("{{SECRET:CVV}}", Some(S::CardCvc)),
        ("{{secret:otp}}", Some(S::OneTimeCode)),
        ("{{secret:expiry}}", Some(S::CardExpiry)),
        ("{{secret:pin}}", Some(S::Password)),
        ("{{secret:ssn}}", None),
        ("{{secret:password}", None),
        ("{secret:password}", None),
        ("my password is {{secret:password}}", None),
        ("{{secret:password}}{{secret:password}}", None),
        ("password", None),
    ] {
        assert_eq!(parse_placeholder(text), want, "{text:?}");
    }
    assert!(contains_placeholder("my password is {{ secret:password }}"));
    assert!(contains_placeholder("{{Secret:cvc}}"));
    assert!(!contains_placeholder("{{not a secret}}"));
}

#[test]
fn scrub_replaces_every_form_of_each_secret() {
    let card = "4111111111111111";
    for (text, secrets, want) in [
        ("pw=hunter22 and hunter22", vec!["hunter22"], "pw=[secret] and [secret]"),
        // Short values are left alone (and would say which digits they hold).
        ("pin 123 at 1234", vec!["123"], "pin 123 at 1234"),
        ("code 4821 sent", vec!["4821"], "code [secret] sent"),
        // Longest first: a secret inside another is not left half-replaced.
        ("abcdefgh", vec!["cdef", "abcdefgh"], "[secret]"),
        // A replacement is never matched again.
        ("cret!", vec!["cret"], "[secret]!"),
        // JSON-escaped and URL-encoded forms.
        (r#"{"text":"p\"w d\\x"}"#, vec![r#"p"w d\x"#], r#"{"text":"[secret]"}"#),
        ("/login?pw=p%22w+d%5Cx", vec![r#"p"w d\x"#], "/login?pw=[secret]"),
        ("q=a%20b%26cd", vec!["a b&cd"], "q=[secret]"),
        // Card numbers however grouped, even inside longer digit runs.
        ("card 4111 1111 1111 1111 exp", vec![card], "card [secret] exp"),
        ("card 4111-1111-1111-1111.", vec![card], "card [secret]."),
        ("id 94111111111111111", vec![card], "id 9[secret]"),
        ("id 9-4111-1111-1111-1111", vec![card], "id 9-[secret]"),
        ("4111 1111 1111 111", vec![card], "4111 1111 1111 111"),
        ("4111 1111 1111 1111 12/25", vec![card], "[secret] 12/25"),
        ("nothing here", vec![], "nothing here"),
        ("ünïcödé hunter22 ✓", vec!["hunter22"], "ünïcödé [secret] ✓"),
    ] {
        assert_eq!(scrub(text, &secrets), want, "{text:?} {secrets:?}");
    }
}
