//! Fixture tests for kind and purpose inference: one row per rule (the row
//! names the rule that must decide it), plus negative and context cases.
//! Every rule of the tables must be exercised by some row.

use super::*;
use crate::types::Landmark;
use std::collections::BTreeSet;

/// An action fixture: rule expected to fire ("" for none), label, context in
/// a `key=value; key=value; flag` mini-language, expected kind.
struct Act(&'static str, &'static str, &'static str, Option<ActionKind>);

/// A form fixture: rule expected to fire, fields as `type:label[:name[:autocomplete]]`
/// separated by `|`, form context as `key=value; …`, expected purpose.
struct Form(&'static str, &'static str, &'static str, Option<FormPurpose>);

use ActionKind as K;
use FormPurpose as P;

#[rustfmt::skip]
const ACTIONS: &[Act] = &[
    Act("logout.label", "Sign out", "role=button; landmark=header", Some(K::Logout)),
    Act("password_reset.label", "Forgot password?", "role=link; form=login", Some(K::PasswordReset)),
    Act("signup.label", "Create account", "role=link; landmark=header", Some(K::Signup)),
    Act("login.label", "Log in", "role=link; landmark=header", Some(K::Login)),
    Act("login.form_submit", "Continue", "role=button; type=submit; form=login", Some(K::Login)),
    Act("signup.form_submit", "Continue", "tag=button; form=signup", Some(K::Signup)),
    Act("search.input", "Query", "role=searchbox; type=search", Some(K::Search)),
    Act("search.form_submit", "Go", "role=button; type=submit; form=search_products", Some(K::Search)),
    Act("search.label", "Search", "role=button; landmark=header", Some(K::Search)),
    Act("download_invoice.label", "Download invoice", "role=link", Some(K::DownloadInvoice)),
    Act("download_invoice.pdf_label", "Invoice #1043 (PDF)", "role=link", Some(K::DownloadInvoice)),
    Act("download_invoice.context", "Download", "role=button; collection=invoices; landmark=main", Some(K::DownloadInvoice)),
    Act("download_invoice.href", "Download", "role=link; href=/account/invoices/in_1043/pdf", Some(K::DownloadInvoice)),
    Act("download.label", "Export CSV", "role=button; heading=Reports", Some(K::Download)),
    Act("download.href_file", "Price list", "role=link; href=/files/prices-2024.pdf", Some(K::Download)),
    Act("remove_from_cart.label", "Remove item", "role=button", Some(K::RemoveFromCart)),
    Act("remove_from_cart.context", "×", "role=button; heading=Your basket", Some(K::RemoveFromCart)),
    Act("add_to_cart.label", "Add to bag", "role=button; collection=productGrid", Some(K::AddToCart)),
    Act("checkout.label", "Proceed to checkout", "role=button; heading=Basket", Some(K::Checkout)),
    Act("checkout.form_submit", "Continue", "type=submit; form=checkout", Some(K::Checkout)),
    Act("payment_method.label", "Add card", "role=button; heading=Payment methods", Some(K::PaymentMethod)),
    Act("payment_method.form_submit", "Save", "tag=button; form=payment_method", Some(K::PaymentMethod)),
    Act("cart.label", "Basket (3)", "role=link; landmark=header", Some(K::Cart)),
    Act("cart.href", "(2)", "role=link; landmark=header; href=/cart", Some(K::Cart)),
    Act("billing.label", "Billing", "role=link; landmark=nav", Some(K::Billing)),
    Act("filter.label", "Apply filters", "role=button; landmark=aside", Some(K::Filter)),
    Act("filter.form_submit", "Show 24 results", "type=submit; form=filter", Some(K::Filter)),
    Act("sort.label", "Sort by price", "role=button; popup=listbox", Some(K::Sort)),
    Act("pagination.label", "Next ›", "role=link", Some(K::Pagination)),
    Act("pagination.page_n", "Page 3", "role=link", Some(K::Pagination)),
    Act("pagination.number", "3", "role=link; pagination", Some(K::Pagination)),
    Act("pagination.in_nav", "«", "role=link; pagination", Some(K::Pagination)),
    Act("settings.label", "Preferences", "role=link; landmark=nav", Some(K::Settings)),
    Act("profile.label", "My account", "role=button; landmark=header; popup=menu", Some(K::Profile)),
    Act("subscribe.label", "Subscribe", "role=button; landmark=footer", Some(K::Subscribe)),
    Act("subscribe.form_submit", "Notify me", "type=submit; form=newsletter", Some(K::Subscribe)),
    Act("contact.label", "Contact sales", "role=link; landmark=header", Some(K::Contact)),
    Act("contact.form_submit", "Send", "type=submit; form=contact", Some(K::Contact)),
    Act("help.label", "Help center", "role=link; landmark=footer", Some(K::Help)),
    Act("upload.input", "Avatar", "tag=input; type=file", Some(K::Upload)),
    Act("upload.label", "Upload document", "role=button", Some(K::Upload)),
    Act("schedule.label", "Schedule a call", "role=button", Some(K::Schedule)),
    Act("book.label", "Book now", "role=button; heading=Deluxe room", Some(K::Book)),
    Act("apply.label", "Apply now", "role=link; heading=Senior engineer", Some(K::Apply)),
    Act("share.label", "Copy link", "role=button", Some(K::Share)),
    Act("delete.label", "Delete project", "role=button; heading=Danger zone", Some(K::Delete)),
    Act("cancel.label", "Cancel", "role=button", Some(K::Cancel)),
    Act("edit.label", "Rename", "role=menuitem", Some(K::Edit)),
    Act("save.label", "Save changes", "type=submit; form=settings", Some(K::Save)),
    Act("confirm.label", "Confirm", "role=button; heading=Delete project?", Some(K::Confirm)),
    Act("confirm.exact", "OK", "role=button", Some(K::Confirm)),
    Act("close.label", "×", "role=button", Some(K::Close)),
    Act("menu.label", "☰", "role=button", Some(K::Menu)),
    Act("menu.popup", "Products", "role=button; landmark=nav; popup=true", Some(K::Menu)),
    Act("navigation.landmark_link", "Pricing", "role=link; landmark=nav", Some(K::Navigation)),
    // Context and synonyms.
    Act("login.label", "Sign in", "role=link; landmark=footer", Some(K::Login)),
    Act("login.label", "Sign in with Google", "role=button; landmark=main", Some(K::Login)),
    Act("login.label", "Log in", "role=link; heading=Searching tips", Some(K::Login)),
    Act("login.label", "Anmelden", "role=link; landmark=header", Some(K::Login)),
    Act("signup.label", "Register", "role=link; landmark=header", Some(K::Signup)),
    Act("cart.label", "Warenkorb", "role=link; landmark=header", Some(K::Cart)),
    Act("settings.label", "Paramètres", "role=link; landmark=nav", Some(K::Settings)),
    Act("settings.label", "", "role=button; icon=Settings", Some(K::Settings)),
    Act("billing.label", "Receipts", "role=link; landmark=main", Some(K::Billing)),
    Act("download_invoice.context", "Download", "role=link; heading=Billing history", Some(K::DownloadInvoice)),
    Act("download.label", "Download", "role=button; landmark=main", Some(K::Download)),
    Act("delete.label", "Remove", "role=button; landmark=main", Some(K::Delete)),
    Act("remove_from_cart.context", "Remove", "role=button; collection=cartItems", Some(K::RemoveFromCart)),
    // Other languages: scripts with spaces match whole words, those
    // without (Han, kana) and Hangul with its particles match inside words.
    Act("login.label", "Войти", "role=link; landmark=header", Some(K::Login)),
    Act("login.label", "用户登录", "role=link; landmark=nav", Some(K::Login)),
    Act("login.label", "ログイン", "role=button; landmark=header", Some(K::Login)),
    Act("login.label", "로그인", "role=link; landmark=header", Some(K::Login)),
    Act("login.label", "Zaloguj się", "role=link; landmark=header", Some(K::Login)),
    Act("logout.label", "退出登录", "role=menuitem; landmark=header", Some(K::Logout)),
    Act("logout.label", "Выйти", "role=button; landmark=header", Some(K::Logout)),
    Act("signup.label", "会員登録", "role=link; landmark=header", Some(K::Signup)),
    Act("signup.label", "Cadastre-se", "role=link; landmark=header", Some(K::Signup)),
    Act("search.label", "検索", "role=button; landmark=header", Some(K::Search)),
    Act("search.label", "Поиск", "role=button; landmark=header", Some(K::Search)),
    Act("add_to_cart.label", "加入购物车", "role=button; collection=products", Some(K::AddToCart)),
    Act("add_to_cart.label", "カートに入れる", "role=button; collection=products", Some(K::AddToCart)),
    Act("add_to_cart.label", "장바구니에 담기", "role=button; collection=products", Some(K::AddToCart)),
    Act("add_to_cart.label", "Aggiungi al carrello", "role=button; collection=products", Some(K::AddToCart)),
    Act("cart.label", "购物车 (2)", "role=link; landmark=header", Some(K::Cart)),
    Act("cart.label", "Корзина", "role=link; landmark=header", Some(K::Cart)),
    Act("checkout.label", "去结算", "role=button; heading=购物车", Some(K::Checkout)),
    Act("download_invoice.label", "下载发票", "role=button", Some(K::DownloadInvoice)),
    Act("settings.label", "設定", "role=link; landmark=nav", Some(K::Settings)),
    Act("help.label", "Помощь", "role=link; landmark=footer", Some(K::Help)),
    Act("pagination.label", "下一页 ›", "role=link", Some(K::Pagination)),
    Act("pagination.label", "Siguiente", "role=link", Some(K::Pagination)),
    // Whole words only where words are spaced; a label only holding the word is no pager.
    Act("", "Входящие", "role=link; landmark=main", None),
    Act("", "查看下一页的说明", "role=link; landmark=main", None),
    // Negatives: nothing should fire.
    Act("", "Searching tips", "role=link; landmark=main", None),
    Act("", "Can I cancel anytime?", "role=button; landmark=main; heading=FAQ", None),
    Act("signup.label", "Start free trial", "role=link; landmark=main", Some(K::Signup)),
    Act("", "Read more", "role=link; landmark=main; heading=Searching tips", None),
    Act("", "Leather bag", "role=link; collection=products; href=/products/leather-bag", None),
    Act("", "2", "role=button; landmark=main", None),
    Act("", "2", "role=link; landmark=nav", None),
    Act("", "Next-gen features", "role=link; landmark=main", None),
    Act("", "Pricing", "role=link; landmark=main", None),
    Act("", "", "", None),
];

#[rustfmt::skip]
const FORMS: &[Form] = &[
    Form("password_reset.context", "email:Email", "heading=Forgot your password?; submit=Send link", Some(P::PasswordReset)),
    Form("settings.password_change",
        "password:Current password::current-password|password:New password::new-password|password:Repeat::new-password",
        "submit=Update password", Some(P::Settings)),
    Form("checkout.submit", "email:Email|text:Address::street-address", "submit=Place order", Some(P::Checkout)),
    Form("checkout.card_and_address",
        "text:Card number::cc-number|text:Street::shipping street-address", "submit=Continue", Some(P::Checkout)),
    Form("payment_method.autocomplete",
        "text:Card number::cc-number|text:MM/YY::cc-exp|text:CVC::cc-csc", "submit=Save card", Some(P::PaymentMethod)),
    Form("payment_method.labels", "text:Card number|text:Expiry date|text:CVC", "submit=Add", Some(P::PaymentMethod)),
    Form("newsletter.email_only", "email:Email address", "submit=Subscribe; landmark=footer", Some(P::Newsletter)),
    Form("newsletter.email_label", "text:Your email", "submit=Subscribe", Some(P::Newsletter)),
    Form("signup.new_password", "email:Email::email|password:Password::new-password", "submit=Continue", Some(P::Signup)),
    Form("signup.confirm_password", "email:Email|password:Password|password:Confirm password", "submit=Submit", Some(P::Signup)),
    Form("signup.name_and_password", "text:Full name|email:Email|password:Password", "submit=Submit", Some(P::Signup)),
    Form("signup.submit", "email:Work email|text:Company", "submit=Get started", Some(P::Signup)),
    Form("login.password", "email:Email::username|password:Password::current-password", "submit=Sign in", Some(P::Login)),
    Form("login.submit_or_context", "email:Email", "heading=Sign in to Acme; submit=Continue", Some(P::Login)),
    Form("search_products.context", "search:Search products:q", "role=search; submit=Search", Some(P::SearchProducts)),
    Form("search.role", "text:Query", "role=search", Some(P::Search)),
    Form("search.input", "search:Search docs", "", Some(P::Search)),
    Form("search.label", "text:Keywords:q", "submit=Go", Some(P::Search)),
    Form("filter.context", "checkbox:In stock|select:Brand", "heading=Filter results", Some(P::Filter)),
    Form("filter.checkboxes", "checkbox:Red|checkbox:Blue|checkbox:Green", "landmark=aside", Some(P::Filter)),
    Form("sort.single_field", "select:Sort by:sort", "", Some(P::Sort)),
    Form("contact.message", "text:Name|email:Email|textarea:Message", "submit=Send", Some(P::Contact)),
    Form("contact.context", "text:Company|tel:Phone", "heading=Contact sales", Some(P::Contact)),
    Form("comment.field", "textarea:Add a comment", "submit=Post", Some(P::Comment)),
    Form("upload.file", "file:Resume", "submit=Upload", Some(P::Upload)),
    Form("schedule.datetime", "date:Date|time:Time", "submit=Book appointment", Some(P::Schedule)),
    Form("shipping.autocomplete",
        "text:Street::shipping address-line1|text:City::shipping address-level2", "submit=Continue", Some(P::ShippingAddress)),
    Form("billing.autocomplete",
        "text:Street::billing street-address|text:Postal code::billing postal-code", "", Some(P::Billing)),
    Form("shipping.context", "text:Street address|text:City", "heading=Delivery address", Some(P::ShippingAddress)),
    Form("billing.context", "text:Company name|text:VAT number", "heading=Billing details", Some(P::Billing)),
    Form("profile.context", "text:Display name|textarea:Bio", "heading=Edit profile", Some(P::Profile)),
    Form("settings.context", "checkbox:Product news|checkbox:Weekly digest", "heading=Notification settings", Some(P::Settings)),
    Form("shipping.address_fields", "text:Street::street-address|text:ZIP::postal-code", "", Some(P::ShippingAddress)),
    // Context and near misses.
    Form("login.password", "text:Username:username|password:Password", "submit=Log in", Some(P::Login)),
    Form("newsletter.email_only", "email:Email", "submit=Sign up", Some(P::Newsletter)),
    Form("signup.submit", "email:Email|password:Password", "heading=Create your account; submit=Continue", Some(P::Signup)),
    Form("search_products.context", "search:Search:q", "action=/shop/search", Some(P::SearchProducts)),
    Form("login.submit_or_context", "text:手机号", "submit=登录", Some(P::Login)),
    Form("login.submit_or_context", "email:Адрес почты", "heading=Вход; submit=Продолжить", Some(P::Login)),
    // Negatives.
    Form("", "email:Email", "heading=Searching tips; submit=Send", None),
    Form("", "", "", None),
];

/// Parses `key=value; key=value; flag` into an [`ActionContext`].
fn action_context(spec: &str) -> ActionContext {
    let mut ctx = ActionContext::default();
    for part in spec.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let text = value;
        let value = Some(value.to_owned());
        match key {
            "role" => ctx.role = value,
            "tag" => ctx.tag = value,
            "type" => ctx.input_type = value,
            "href" => ctx.href_path = value,
            "heading" => ctx.heading = value,
            "collection" => ctx.collection = value,
            "popup" => ctx.has_popup = value,
            "icon" => ctx.icon_hint = value,
            "pagination" => ctx.in_pagination = true,
            "landmark" => ctx.landmark = Some(serde_json::from_value(value.into()).unwrap()),
            "form" => ctx.form_purpose = Some(text.parse().unwrap()),
            other => panic!("unknown fixture key {other:?} in {spec:?}"),
        }
    }
    ctx
}

/// Parses the field list and form context of a [`Form`] fixture.
fn form_facts(fields: &str, spec: &str) -> FormFacts {
    let fields = fields
        .split('|')
        .filter(|f| !f.is_empty())
        .map(|f| {
            let mut parts = f.split(':');
            let mut next = || parts.next().filter(|s| !s.is_empty()).map(str::to_owned);
            FieldFacts {
                field_type: next().unwrap(),
                label: next().unwrap_or_default(),
                name: next(),
                autocomplete: next(),
            }
        })
        .collect();
    let mut form = FormFacts { fields, ..FormFacts::default() };
    for part in spec.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').expect("key=value");
        let value = Some(value.to_owned());
        match key {
            "submit" => form.submit_label = value,
            "heading" => form.heading = value,
            "role" => form.role = value,
            "name" => form.name = value,
            "action" => form.action_path = value,
            "landmark" => form.landmark = Some(serde_json::from_value::<Landmark>(value.into()).unwrap()),
            other => panic!("unknown fixture key {other:?} in {spec:?}"),
        }
    }
    form
}

/// Compares one inference with its fixture; returns a failure line.
fn check<T: PartialEq + std::fmt::Debug>(
    what: &str,
    (got_rule, got): (&str, Option<T>),
    (want_rule, want): (&str, Option<T>),
) -> Option<String> {
    (got != want || got_rule != want_rule)
        .then(|| format!("{what}: got {got:?} by {got_rule:?}, want {want:?} by {want_rule:?}"))
}

#[test]
fn action_fixtures() {
    let failures: Vec<String> = ACTIONS
        .iter()
        .filter_map(|Act(rule, label, spec, want)| {
            let got = explain_action_kind(label, &action_context(spec));
            check(&format!("{label:?} [{spec}]"), (got.map_or("", |r| r.id), got.map(|r| r.kind)), (rule, *want))
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn form_fixtures() {
    let failures: Vec<String> = FORMS
        .iter()
        .filter_map(|Form(rule, fields, spec, want)| {
            let got = explain_form_purpose(&form_facts(fields, spec));
            check(&format!("[{fields}] [{spec}]"), (got.map_or("", |r| r.id), got.map(|r| r.purpose)), (rule, *want))
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

/// Rule ids that are duplicated or have no fixture row.
fn uncovered<'a>(rules: impl Iterator<Item = &'a str>, fixtures: impl Iterator<Item = &'a str>) -> Vec<String> {
    let covered: BTreeSet<&str> = fixtures.collect();
    let mut seen = BTreeSet::new();
    rules
        .filter_map(|id| {
            if !seen.insert(id) {
                Some(format!("duplicate {id}"))
            } else {
                (!covered.contains(id)).then(|| format!("no fixture for {id}"))
            }
        })
        .collect()
}

#[test]
fn every_rule_has_a_fixture_and_a_unique_id() {
    let actions = uncovered(ACTION_RULES.iter().map(|r| r.id), ACTIONS.iter().map(|a| a.0));
    assert!(actions.is_empty(), "action rules: {actions:?}");
    let forms = uncovered(FORM_RULES.iter().map(|r| r.id), FORMS.iter().map(|f| f.0));
    assert!(forms.is_empty(), "form rules: {forms:?}");
    assert!(ACTIONS.len() + FORMS.len() >= 60);
}

/// A keyword not written as `normalize` leaves a label ("Cadastre-se" →
/// "cadastre se", "Configurações" → "configuracoes") would never match.
#[test]
fn keywords_are_written_normalised() {
    fn collect(w: &ActionWhen, out: &mut Vec<&'static str>) {
        match w {
            ActionWhen::Label(p) | ActionWhen::LabelIs(p) | ActionWhen::Context(p) | ActionWhen::Href(p) => out.extend(p.iter()),
            ActionWhen::Any(o) => o.iter().for_each(|w| collect(w, out)),
            _ => {}
        }
    }
    let mut keywords = Vec::new();
    ACTION_RULES.iter().flat_map(|r| r.when).for_each(|w| collect(w, &mut keywords));
    let odd: Vec<&&str> = keywords.iter().filter(|k| text::normalize(k) != **k).collect();
    assert!(odd.is_empty(), "{odd:?}");
}

#[test]
fn context_deserialises_from_camel_case_json() {
    let ctx: ActionContext = serde_json::from_value(serde_json::json!({
        "role": "button", "formPurpose": "login", "inPagination": false, "hrefPath": "/x"
    }))
    .unwrap();
    assert_eq!(ctx.form_purpose, Some(FormPurpose::Login));
    assert_eq!(infer_action_kind("Continue", &ctx), Some(ActionKind::Login));
}

/// The rules evaluated phrase by phrase, as written (the reference for the
/// compiled, indexed evaluation of `explain_action_kind`).
fn explain_naive(label: &str, ctx: &ActionContext) -> Option<&'static str> {
    use super::text::{contains_phrase, is_phrase, split_identifier, words};
    let label_w = words(label);
    let icon = ctx.icon_hint.as_deref().map(words).unwrap_or_default();
    let context: Vec<Vec<String>> =
        [&ctx.heading, &ctx.collection].into_iter().flatten().map(|s| words(&split_identifier(s))).collect();
    let segments: Vec<Vec<String>> =
        ctx.href_path.as_deref().unwrap_or("").split('/').filter(|s| !s.is_empty()).map(words).collect();
    let raw = label.trim();
    let eq = |v: &Option<String>, set: &[&str]| v.as_deref().is_some_and(|v| set.iter().any(|s| v.eq_ignore_ascii_case(s)));
    fn holds(w: &ActionWhen, f: &dyn Fn(&ActionWhen) -> bool) -> bool {
        match w {
            ActionWhen::Any(o) => o.iter().any(|w| holds(w, f)),
            ActionWhen::Not(i) => !holds(i, f),
            w => f(w),
        }
    }
    let leaf = |w: &ActionWhen| -> bool {
        use ActionWhen::*;
        match w {
            Label(p) => p.iter().any(|p| contains_phrase(&label_w, p) || contains_phrase(&icon, p)),
            LabelIs(p) => p.iter().any(|p| is_phrase(&label_w, p)),
            Symbol(s) => s.contains(&raw),
            Number => !raw.is_empty() && raw.chars().all(|c| c.is_ascii_digit()),
            Question => raw.trim_end().ends_with('?'),
            HasNumber => label_w.iter().any(|w| w.chars().all(|c| c.is_ascii_digit())),
            Href(s) => segments.iter().any(|seg| s.iter().any(|p| is_phrase(seg, p))),
            HrefExt(e) => ctx.href_path.as_deref().is_some_and(|p| p.rsplit_once('.').is_some_and(|(_, x)| e.iter().any(|e| x.eq_ignore_ascii_case(e)))),
            Context(p) => context.iter().any(|c| p.iter().any(|p| contains_phrase(c, p))),
            Form(p) => ctx.form_purpose.is_some_and(|x| p.contains(&x)),
            Button => eq(&ctx.role, &["button"]) || eq(&ctx.tag, &["button"]) || eq(&ctx.input_type, &["submit", "button", "image"]),
            Role(r) => eq(&ctx.role, r) || eq(&ctx.tag, r),
            InputType(t) => eq(&ctx.input_type, t),
            Popup(v) => eq(&ctx.has_popup, v),
            InLandmark(m) => ctx.landmark.is_some_and(|l| m.contains(&l)),
            InPagination => ctx.in_pagination,
            Any(_) | Not(_) => unreachable!(),
        }
    };
    ACTION_RULES.iter().find(|r| r.when.iter().all(|w| holds(w, &leaf))).map(|r| r.id)
}

#[test]
fn indexed_rules_decide_as_the_rules_read() {
    let mut labels: Vec<String> = ACTIONS.iter().map(|a| a.1.to_owned()).collect();
    // Every keyword of every rule as a label, plural, inside a sentence, and
    // cut short: each phrase's own edge cases.
    let mut keywords = Vec::new();
    fn collect(w: &ActionWhen, out: &mut Vec<&'static str>) {
        match w {
            ActionWhen::Label(p) | ActionWhen::LabelIs(p) | ActionWhen::Context(p) | ActionWhen::Href(p) | ActionWhen::Symbol(p) => out.extend(p.iter()),
            ActionWhen::Any(o) => o.iter().for_each(|w| collect(w, out)),
            ActionWhen::Not(_) => {}
            _ => {}
        }
    }
    ACTION_RULES.iter().flat_map(|r| r.when).for_each(|w| collect(w, &mut keywords));
    for k in &keywords {
        labels.extend([k.to_string(), format!("{k}s"), format!("{k}es"), format!("Please {k} now"), k.split(' ').next().unwrap_or("").to_owned()]);
    }
    let contexts: Vec<ActionContext> = ACTIONS
        .iter()
        .map(|a| action_context(a.2))
        .chain(keywords.iter().map(|k| ActionContext { heading: Some(format!("Your {k}")), href_path: Some(format!("/a/{}/b", k.replace(' ', "-"))), icon_hint: Some(k.to_string()), ..Default::default() }))
        .collect();
    const STRIDE: usize = 16;
    let mut checked = 0;
    for (i, label) in labels.iter().enumerate() {
        // Each label with a few contexts (all would be ~10⁶ pairs).
        for ctx in contexts.iter().skip(i % STRIDE).step_by(STRIDE) {
            assert_eq!(explain_action_kind(label, ctx).map(|r| r.id), explain_naive(label, ctx), "{label:?} in {ctx:?}");
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked} pairs");
}

/// The form rules evaluated phrase by phrase, as written (the reference for
/// the compiled, indexed evaluation of `explain_form_purpose`).
fn explain_form_naive(form: &FormFacts) -> Option<&'static str> {
    use super::text::{contains_phrase, split_identifier, words};
    let texts: Vec<Vec<String>> = form
        .fields
        .iter()
        .flat_map(|f| [words(&f.label), f.name.as_deref().map(|n| words(&split_identifier(n))).unwrap_or_default()])
        .collect();
    let submit = form.submit_label.as_deref().map(words).unwrap_or_default();
    let context: Vec<Vec<String>> =
        [&form.heading, &form.name, &form.action_path].into_iter().flatten().map(|s| words(&split_identifier(s))).collect();
    let types: Vec<String> = form.fields.iter().map(|f| f.field_type.to_ascii_lowercase()).collect();
    let tokens: Vec<String> = form
        .fields
        .iter()
        .flat_map(|f| f.autocomplete.as_deref().unwrap_or("").split_ascii_whitespace().map(str::to_ascii_lowercase))
        .collect();
    let any = |seq: &[String], phrases: &[&str]| phrases.iter().any(|p| contains_phrase(seq, p));
    fn holds(w: &FormWhen, leaf: &dyn Fn(&FormWhen) -> bool) -> bool {
        match w {
            FormWhen::Any(o) => o.iter().any(|w| holds(w, leaf)),
            w => leaf(w),
        }
    }
    let leaf = |w: &FormWhen| -> bool {
        use FormWhen::*;
        match w {
            Autocomplete(t) => tokens.iter().any(|x| t.contains(&x.as_str())),
            FieldType(t) => types.iter().any(|x| t.contains(&x.as_str())),
            FieldTypeCount(ty, n) => types.iter().filter(|x| x == ty).count() >= *n,
            NoFieldType(t) => !types.iter().any(|x| t.contains(&x.as_str())),
            Field(p) => texts.iter().any(|t| any(t, p)),
            Submit(p) => any(&submit, p),
            Context(p) => context.iter().any(|c| any(c, p)),
            SearchRole => form.role.as_deref().is_some_and(|r| r.eq_ignore_ascii_case("search")),
            MaxFields(n) => types.iter().filter(|x| !["hidden", "submit", "button", "image", "reset"].contains(&x.as_str())).count() <= *n,
            Any(_) => unreachable!(),
        }
    };
    FORM_RULES.iter().find(|r| r.when.iter().all(|w| holds(w, &leaf))).map(|r| r.id)
}

#[test]
fn indexed_form_rules_decide_as_the_rules_read() {
    let mut keywords = Vec::new();
    fn collect(w: &FormWhen, out: &mut Vec<&'static str>) {
        match w {
            FormWhen::Field(p) | FormWhen::Submit(p) | FormWhen::Context(p) => out.extend(p.iter()),
            FormWhen::Any(o) => o.iter().for_each(|w| collect(w, out)),
            _ => {}
        }
    }
    FORM_RULES.iter().flat_map(|r| r.when).for_each(|w| collect(w, &mut keywords));
    let mut forms: Vec<FormFacts> = FORMS.iter().map(|Form(_, fields, spec, _)| form_facts(fields, spec)).collect();
    // Every keyword as a field label, a field name, a submit label and a
    // heading, plural and inside a sentence, on forms of a few shapes.
    let shapes = ["", "email:Email", "password:Password|email:Email", "text:Name|email:Email|textarea:Message", "checkbox:A|checkbox:B"];
    let mut checked = 0;
    for (i, k) in keywords.iter().enumerate() {
        for variant in [k.to_string(), format!("{k}s"), format!("Your {k} here"), k.split(' ').next().unwrap_or("").to_owned()] {
            let shape = shapes[i % shapes.len()];
            let base = form_facts(shape, "");
            let mut with_label = base.clone();
            with_label.fields.push(FieldFacts { field_type: "text".into(), label: variant.clone(), ..Default::default() });
            let mut with_name = base.clone();
            with_name.fields.push(FieldFacts { field_type: "text".into(), name: Some(variant.replace(' ', "_")), ..Default::default() });
            let with_submit = FormFacts { submit_label: Some(variant.clone()), ..base.clone() };
            let with_heading = FormFacts { heading: Some(variant.clone()), action_path: Some(format!("/{}", variant.replace(' ', "-"))), ..base.clone() };
            forms.extend([with_label, with_name, with_submit, with_heading]);
        }
    }
    for form in &forms {
        assert_eq!(explain_form_purpose(form).map(|r| r.id), explain_form_naive(form), "{form:?}");
        checked += 1;
    }
    assert!(checked > 500, "{checked} forms");
}
