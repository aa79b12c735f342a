//! Action kind inference: what a button or link does, from its label and the
//! cheap context the DOM side reads around it (seed 000 §5 "Kind/purpose").
//!
//! Every heuristic is one row of [`ACTION_RULES`]; the first row whose
//! conditions all hold decides. Rows are ordered from specific to generic
//! ("Download" under an "Invoices" heading before plain "Download"; label
//! rules before the landmark fallback, so "Sign in" in a footer link list is
//! still `login`).

use super::names::{ActionKind, FormPurpose};
use super::phrases::{CompiledRules, Matches, PhraseIndex, SetBits, SetId};
use super::text::{normalize, split_identifier, split_words};
use crate::memo::StringMemo;
use crate::types::Landmark;
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// What the DOM side can cheaply tell about a control besides its label.
/// Every field is optional: an empty context still infers from the label.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ActionContext {
    /// ARIA role, explicit or implicit (`button`, `link`, `searchbox`, …).
    pub role: Option<String>,
    /// Lower-case tag name.
    pub tag: Option<String>,
    /// The `type` attribute of an `<input>` or `<button>`.
    pub input_type: Option<String>,
    /// Path of a link's target only: no origin, query or fragment, which can
    /// carry tokens or personal data.
    pub href_path: Option<String>,
    pub landmark: Option<Landmark>,
    /// Text of the nearest preceding heading.
    pub heading: Option<String>,
    /// Inferred purpose of the containing form.
    pub form_purpose: Option<FormPurpose>,
    /// Name of the containing collection (`invoices`, `cart items`, …).
    pub collection: Option<String>,
    /// `aria-haspopup` value (`menu`, `true`, `listbox`, `dialog`, …).
    pub has_popup: Option<String>,
    /// Inside a pagination `nav` (e.g. `aria-label="Pagination"`).
    pub in_pagination: bool,
    /// `title` or `aria-label` of an icon-only control.
    pub icon_hint: Option<String>,
}

/// One condition of an action rule.
#[derive(Debug)]
pub enum ActionWhen {
    /// The label or icon hint contains one of these phrases as whole words.
    Label(&'static [&'static str]),
    /// The whole label, ignoring symbols and punctuation, is one of these.
    LabelIs(&'static [&'static str]),
    /// The trimmed raw label is one of these symbols (`›`, `×`, `☰`, …).
    Symbol(&'static [&'static str]),
    /// The label is a number (a page link).
    Number,
    /// The label is a question ("Can I cancel anytime?"): an FAQ toggle or
    /// a help link about the thing, never the action itself.
    Question,
    /// Some word of the label is a number ("Page 3").
    HasNumber,
    /// A segment of the href path is one of these (`-`/`_` read as spaces).
    Href(&'static [&'static str]),
    /// The href path ends with one of these file extensions.
    HrefExt(&'static [&'static str]),
    /// The nearest heading or the collection name contains one of these.
    Context(&'static [&'static str]),
    /// The containing form has one of these purposes.
    Form(&'static [FormPurpose]),
    /// The control is a button (role, tag or submit/button input).
    Button,
    /// The role or tag is one of these.
    Role(&'static [&'static str]),
    /// The input type is one of these.
    InputType(&'static [&'static str]),
    /// `aria-haspopup` is one of these.
    Popup(&'static [&'static str]),
    /// The landmark is one of these.
    InLandmark(&'static [Landmark]),
    InPagination,
    /// At least one of these holds.
    Any(&'static [ActionWhen]),
    /// This does not hold.
    Not(&'static ActionWhen),
}

/// One heuristic: when every condition holds, the control is of `kind`.
#[derive(Debug)]
pub struct ActionRule {
    /// Stable name, used by the fixture tests.
    pub id: &'static str,
    pub kind: ActionKind,
    pub when: &'static [ActionWhen],
}

use ActionKind as K;
use ActionWhen::*;

// Keyword sets used by several rows.
#[rustfmt::skip]
const DOWNLOAD: &[&str] = &[
    "download", "export", "herunterladen", "telecharger", "descargar", "baixar", "scarica",
    "pobierz", "downloaden", "скачать", "下载", "下載", "ダウンロード", "다운로드",
];
#[rustfmt::skip]
const INVOICE: &[&str] = &[
    "invoice", "receipt", "statement", "bill", "billing history", "rechnung", "facture",
    "factura", "fattura", "faktura", "发票", "發票", "請求書", "領収書", "영수증",
];
#[rustfmt::skip]
const CART: &[&str] = &[
    "cart", "basket", "shopping bag", "trolley", "warenkorb", "panier", "carrito", "carrinho",
    "carrello", "koszyk", "winkelwagen", "корзина", "购物车", "購物車", "カート", "장바구니",
];
#[rustfmt::skip]
const REMOVE: &[&str] = &["remove", "delete", "trash", "entfernen", "supprimer"];
#[rustfmt::skip]
const PAGER_WORDS: &[&str] = &[
    "next", "previous", "prev", "next page", "previous page", "first", "last", "load more",
    "show more", "older posts", "newer posts", "weiter", "suivant", "siguiente", "proximo",
    "successivo", "avanti", "dalej", "volgende", "далее", "следующая", "下一页", "下一頁",
    "次へ", "次のページ", "다음",
];

/// The rules, most specific first. The first row whose conditions all hold
/// decides the kind.
#[rustfmt::skip]
pub const ACTION_RULES: &[ActionRule] = &[
    ActionRule { id: "logout.label", kind: K::Logout, when: &[Label(&[
        "log out", "logout", "sign out", "signout", "log off", "abmelden", "ausloggen",
        "deconnexion", "se deconnecter", "cerrar sesion", "sair", "esci", "wyloguj", "uitloggen",
        "выйти", "выход", "退出登录", "登出", "ログアウト", "로그아웃",
    ])] },
    ActionRule { id: "password_reset.label", kind: K::PasswordReset, when: &[Label(&[
        "forgot password", "forgot your password", "reset password", "reset your password",
        "passwort vergessen", "mot de passe oublie",
    ])] },
    ActionRule { id: "signup.label", kind: K::Signup, when: &[Label(&[
        "sign up", "signup", "register", "create account", "create an account",
        "create your account", "join now", "join free", "registrieren", "konto erstellen",
        "s inscrire", "registrarse", "crear cuenta", "cadastre se", "criar conta", "registrati",
        "zarejestruj", "registreren", "регистрация", "зарегистрироваться", "注册", "註冊",
        "新規登録", "会員登録", "회원가입",
        // Trials start by creating an account.
        "free trial", "start trial", "start your trial", "try for free", "try it free",
    ])] },
    ActionRule { id: "login.label", kind: K::Login, when: &[Label(&[
        "sign in", "signin", "log in", "login", "logon", "anmelden", "einloggen", "connexion",
        "se connecter", "iniciar sesion", "entrar", "accedi", "zaloguj", "inloggen", "войти",
        "вход", "登录", "登入", "登錄", "ログイン", "로그인",
    ])] },
    ActionRule { id: "login.form_submit", kind: K::Login,
        when: &[Button, Form(&[FormPurpose::Login])] },
    ActionRule { id: "signup.form_submit", kind: K::Signup,
        when: &[Button, Form(&[FormPurpose::Signup])] },
    ActionRule { id: "search.input", kind: K::Search,
        when: &[Any(&[InputType(&["search"]), Role(&["searchbox"])])] },
    ActionRule { id: "search.form_submit", kind: K::Search,
        when: &[Button, Form(&[FormPurpose::Search, FormPurpose::SearchProducts])] },
    ActionRule { id: "search.label", kind: K::Search, when: &[Label(&[
        "search", "find", "look up", "suche", "suchen", "rechercher", "recherche", "buscar",
        "pesquisar", "ricerca", "szukaj", "zoeken", "поиск", "найти", "搜索", "搜尋", "検索", "검색",
    ])] },
    ActionRule { id: "download_invoice.label", kind: K::DownloadInvoice,
        when: &[Label(DOWNLOAD), Label(INVOICE)] },
    ActionRule { id: "download_invoice.pdf_label", kind: K::DownloadInvoice,
        when: &[Label(INVOICE), Label(&["pdf"])] },
    ActionRule { id: "download_invoice.context", kind: K::DownloadInvoice,
        when: &[Any(&[Label(DOWNLOAD), LabelIs(&["pdf"])]), Context(INVOICE)] },
    ActionRule { id: "download_invoice.href", kind: K::DownloadInvoice,
        when: &[Label(DOWNLOAD), Href(&["invoice", "invoices", "receipt", "receipts", "statement", "statements", "bills"])] },
    ActionRule { id: "download.label", kind: K::Download, when: &[Label(DOWNLOAD)] },
    ActionRule { id: "download.href_file", kind: K::Download,
        when: &[HrefExt(&["pdf", "zip", "csv", "dmg", "exe", "msi", "xlsx", "docx"])] },
    ActionRule { id: "remove_from_cart.label", kind: K::RemoveFromCart, when: &[Label(&[
        "remove from cart", "remove from basket", "remove from bag", "remove item",
        "delete item",
    ])] },
    ActionRule { id: "remove_from_cart.context", kind: K::RemoveFromCart,
        when: &[Any(&[Label(REMOVE), Symbol(&["×", "✕", "🗑"])]), Context(CART)] },
    ActionRule { id: "add_to_cart.label", kind: K::AddToCart, when: &[Label(&[
        "add to cart", "add to basket", "add to bag", "add to trolley", "in den warenkorb",
        "ajouter au panier", "anadir al carrito", "agregar al carrito", "adicionar ao carrinho",
        "aggiungi al carrello", "dodaj do koszyka", "in winkelwagen", "в корзину", "加入购物车",
        "加入購物車", "カートに入れる", "カートに追加", "장바구니 담기",
    ])] },
    ActionRule { id: "checkout.label", kind: K::Checkout, when: &[Label(&[
        "checkout", "check out", "place order", "place your order", "complete purchase",
        "complete order", "buy now", "pay now", "zur kasse", "commander", "finalizar compra",
        "afrekenen", "оформить заказ", "结算", "結帳", "レジに進む", "購入手続き", "주문하기", "결제하기",
    ])] },
    ActionRule { id: "checkout.form_submit", kind: K::Checkout,
        when: &[Button, Form(&[FormPurpose::Checkout])] },
    ActionRule { id: "payment_method.label", kind: K::PaymentMethod, when: &[Label(&[
        "payment method", "payment methods", "add card", "update card", "credit card",
        "add payment", "payment details", "zahlungsmethode",
    ])] },
    ActionRule { id: "payment_method.form_submit", kind: K::PaymentMethod,
        when: &[Button, Form(&[FormPurpose::PaymentMethod])] },
    ActionRule { id: "cart.label", kind: K::Cart, when: &[Label(CART)] },
    ActionRule { id: "cart.href", kind: K::Cart,
        when: &[Href(&["cart", "basket", "bag", "warenkorb", "panier"])] },
    ActionRule { id: "billing.label", kind: K::Billing, when: &[Any(&[
        Label(&["billing", "invoice", "receipt", "statement", "subscription", "manage plan", "facturation"]),
        Href(&["billing", "invoices"]),
    ])] },
    ActionRule { id: "filter.label", kind: K::Filter, when: &[Label(&[
        "filter", "refine", "apply filters", "clear filters", "filtern", "filtrer",
    ])] },
    ActionRule { id: "filter.form_submit", kind: K::Filter,
        when: &[Button, Form(&[FormPurpose::Filter])] },
    ActionRule { id: "sort.label", kind: K::Sort, when: &[Label(&[
        "sort", "sort by", "order by", "sortieren", "trier",
    ])] },
    ActionRule { id: "pagination.label", kind: K::Pagination, when: &[LabelIs(PAGER_WORDS)] },
    ActionRule { id: "pagination.page_n", kind: K::Pagination,
        when: &[Label(&["page"]), HasNumber] },
    ActionRule { id: "pagination.number", kind: K::Pagination, when: &[Number, InPagination] },
    ActionRule { id: "pagination.in_nav", kind: K::Pagination, when: &[InPagination] },
    ActionRule { id: "settings.label", kind: K::Settings, when: &[Any(&[
        Label(&["settings", "preferences", "configuration", "account settings",
            "einstellungen", "parametres", "configuracion", "configuracoes", "impostazioni",
            "ustawienia", "instellingen", "настройки", "设置", "設定", "설정"]),
        Href(&["settings", "preferences"]),
    ])] },
    ActionRule { id: "profile.label", kind: K::Profile, when: &[Any(&[
        Label(&["profile", "my account", "your account", "account", "mein konto", "mon compte"]),
        Href(&["profile", "account"]),
    ])] },
    ActionRule { id: "subscribe.label", kind: K::Subscribe, when: &[Label(&[
        "subscribe", "newsletter", "abonnieren", "s abonner",
    ])] },
    ActionRule { id: "subscribe.form_submit", kind: K::Subscribe,
        when: &[Button, Form(&[FormPurpose::Newsletter])] },
    ActionRule { id: "contact.label", kind: K::Contact, when: &[Label(&[
        "contact", "contact us", "get in touch", "talk to sales", "kontakt",
    ])] },
    ActionRule { id: "contact.form_submit", kind: K::Contact,
        when: &[Button, Form(&[FormPurpose::Contact])] },
    ActionRule { id: "help.label", kind: K::Help, when: &[Label(&[
        "help", "support", "faq", "faqs", "help center", "documentation", "docs", "hilfe", "aide",
        "ayuda", "ajuda", "aiuto", "pomoc", "помощь", "帮助", "幫助", "ヘルプ", "도움말",
    ])] },
    ActionRule { id: "upload.input", kind: K::Upload, when: &[InputType(&["file"])] },
    ActionRule { id: "upload.label", kind: K::Upload, when: &[Label(&[
        "upload", "attach", "choose file", "browse files", "import", "hochladen",
    ])] },
    ActionRule { id: "schedule.label", kind: K::Schedule, when: &[Label(&[
        "schedule", "reschedule", "pick a time", "set up a meeting", "schedule a call",
    ])] },
    ActionRule { id: "book.label", kind: K::Book, when: &[Label(&[
        "book", "book now", "reserve", "reservation", "buchen", "reserver",
    ])] },
    ActionRule { id: "apply.label", kind: K::Apply, when: &[Label(&[
        "apply", "apply now", "submit application", "bewerben", "postuler",
    ])] },
    ActionRule { id: "share.label", kind: K::Share, when: &[Label(&[
        "share", "copy link", "teilen", "partager",
    ])] },
    ActionRule { id: "delete.label", kind: K::Delete, when: &[Label(REMOVE)] },
    ActionRule { id: "cancel.label", kind: K::Cancel, when: &[Label(&[
        "cancel", "abort", "abbrechen", "annuler",
    ]), Not(&Question)] },
    ActionRule { id: "edit.label", kind: K::Edit, when: &[Label(&[
        "edit", "modify", "rename", "bearbeiten", "modifier",
    ])] },
    ActionRule { id: "save.label", kind: K::Save, when: &[Label(&[
        "save", "save changes", "speichern", "enregistrer",
    ])] },
    ActionRule { id: "confirm.label", kind: K::Confirm, when: &[Label(&[
        "confirm", "i agree", "accept all", "bestatigen", "confirmer",
    ])] },
    ActionRule { id: "confirm.exact", kind: K::Confirm, when: &[LabelIs(&[
        "ok", "okay", "yes", "continue", "proceed", "agree", "accept", "got it", "done",
    ])] },
    ActionRule { id: "close.label", kind: K::Close, when: &[Any(&[
        LabelIs(&["close", "dismiss", "x", "schliessen", "fermer"]),
        Symbol(&["×", "✕", "✖"]),
    ])] },
    ActionRule { id: "menu.label", kind: K::Menu, when: &[Any(&[
        Label(&["menu", "more options", "more actions", "open navigation", "toggle navigation"]),
        Symbol(&["☰", "⋮", "⋯", "…"]),
    ])] },
    ActionRule { id: "menu.popup", kind: K::Menu, when: &[Popup(&["menu", "true"])] },
    ActionRule { id: "navigation.landmark_link", kind: K::Navigation, when: &[
        Role(&["link", "a", "menuitem", "tab"]),
        InLandmark(&[Landmark::Nav, Landmark::Header, Landmark::Footer]),
        Not(&Number),
    ] },
];

/// The kind of a control, or `None` when no rule holds.
pub fn infer_action_kind(label: &str, ctx: &ActionContext) -> Option<ActionKind> {
    explain_action_kind(label, ctx).map(|rule| rule.kind)
}

/// The rule that decides the kind of a control (for tests and debugging).
pub fn explain_action_kind(label: &str, ctx: &ActionContext) -> Option<&'static ActionRule> {
    let compiled = compiled();
    let facts = Facts::new(label, ctx, &compiled.index);
    ACTION_RULES.get(compiled.first(|c| facts.holds(c))?)
}

/// What a label matches, and whether some word of it is a number.
fn label_matches(label: &str, index: &PhraseIndex) -> (Matches, bool) {
    let normalized = normalize(label);
    let words = split_words(&normalized);
    let number_word = words.iter().any(|w| w.chars().all(|c| c.is_ascii_digit()));
    (index.matches(&words), number_word)
}

/// Matches of the strings controls share, kept across calls: a page's
/// controls repeat labels ("Add to cart" per card), headings (every row of
/// a table under one) and link paths, and normalising and matching them
/// was most of the MiniPCD build (on the 10k-element pages, ~4 of every
/// 10 instructions). Each entry is a pure function of its string and the
/// static rule tables, so the memo never changes an answer.
#[derive(Default)]
struct Memo {
    label: StringMemo<(Matches, bool)>,
    context: StringMemo<SetBits>,
    href: StringMemo<SetBits>,
}

thread_local! {
    static MEMO: std::cell::RefCell<Memo> = std::cell::RefCell::new(Memo::default());
}

/// A condition of [`ACTION_RULES`] with its keyword sets replaced by their
/// ids in the [`PhraseIndex`]: a control's words are matched against all
/// sets at once ([`PhraseIndex::matches`]), then each keyword condition is
/// a bit test.
#[derive(Debug)]
enum Cond {
    Label(SetId),
    LabelIs(SetId),
    Context(SetId),
    Href(SetId),
    Any(Vec<Cond>),
    Not(Box<Cond>),
    /// A condition without keywords, evaluated as written.
    Plain(&'static ActionWhen),
}

/// [`ACTION_RULES`], compiled once (same order).
fn compiled() -> &'static CompiledRules<Cond> {
    static COMPILED: LazyLock<CompiledRules<Cond>> = LazyLock::new(|| CompiledRules::new(ACTION_RULES.iter().map(|r| r.when), compile));
    &COMPILED
}

fn compile(when: &'static ActionWhen, index: &mut PhraseIndex) -> Cond {
    match when {
        Label(phrases) => Cond::Label(index.add(phrases)),
        LabelIs(phrases) => Cond::LabelIs(index.add(phrases)),
        Context(phrases) => Cond::Context(index.add(phrases)),
        Href(segments) => Cond::Href(index.add(segments)),
        Any(options) => Cond::Any(options.iter().map(|w| compile(w, index)).collect()),
        Not(inner) => Cond::Not(Box::new(compile(inner, index))),
        plain => Cond::Plain(plain),
    }
}

/// The control's strings, normalised and matched once for all rules.
struct Facts<'a> {
    ctx: &'a ActionContext,
    raw_label: &'a str,
    /// Some word of the label is a number (`HasNumber`).
    number_word: bool,
    /// Sets with a phrase in the label or the icon hint (`Label`).
    label_contains: SetBits,
    /// Sets with a phrase that is the whole label (`LabelIs`).
    label_is: SetBits,
    /// Sets with a phrase in the heading or the collection name (`Context`).
    context: SetBits,
    /// Sets with a phrase that is a whole href path segment (`Href`;
    /// "payment-methods" reads as the words payment, methods).
    href: SetBits,
}

impl<'a> Facts<'a> {
    fn new(label: &'a str, ctx: &'a ActionContext, index: &PhraseIndex) -> Self {
        MEMO.with(|memo| {
            let memo = &mut *memo.borrow_mut();
            let context = [&ctx.heading, &ctx.collection]
                .into_iter()
                .flatten()
                .map(|s| memo.context.get(s, || index.matches(&split_words(&normalize(&split_identifier(s)))).contains))
                .fold(SetBits::default(), SetBits::union);
            let href = ctx.href_path.as_deref().map_or_else(SetBits::default, |path| {
                memo.href.get(path, || {
                    path.split('/')
                        .filter(|s| !s.is_empty())
                        .map(|seg| index.matches(&split_words(&normalize(seg))).is)
                        .fold(SetBits::default(), SetBits::union)
                })
            });
            let (on_label, number_word) = memo.label.get(label, || label_matches(label, index));
            let on_icon = ctx.icon_hint.as_deref().map(|i| memo.label.get(i, || label_matches(i, index)).0).unwrap_or_default();
            Facts {
                ctx,
                raw_label: label.trim(),
                number_word,
                label_contains: on_label.contains.union(on_icon.contains),
                label_is: on_label.is,
                context,
                href,
            }
        })
    }

    fn holds(&self, cond: &Cond) -> bool {
        match cond {
            Cond::Label(id) => self.label_contains.has(*id),
            Cond::LabelIs(id) => self.label_is.has(*id),
            Cond::Context(id) => self.context.has(*id),
            Cond::Href(id) => self.href.has(*id),
            Cond::Any(options) => options.iter().any(|c| self.holds(c)),
            Cond::Not(inner) => !self.holds(inner),
            Cond::Plain(when) => self.holds_plain(when),
        }
    }

    /// A condition that reads no keyword set.
    fn holds_plain(&self, when: &ActionWhen) -> bool {
        let ctx = self.ctx;
        let eq = |value: &Option<String>, set: &[&str]| {
            value.as_deref().is_some_and(|v| set.iter().any(|s| v.eq_ignore_ascii_case(s)))
        };
        match when {
            Symbol(symbols) => symbols.contains(&self.raw_label),
            Number => !self.raw_label.is_empty() && self.raw_label.chars().all(|c| c.is_ascii_digit()),
            Question => self.raw_label.trim_end().ends_with('?'),
            HasNumber => self.number_word,
            HrefExt(exts) => ctx.href_path.as_deref().is_some_and(|p| {
                p.rsplit_once('.').is_some_and(|(_, ext)| exts.iter().any(|e| ext.eq_ignore_ascii_case(e)))
            }),
            Form(purposes) => ctx.form_purpose.is_some_and(|p| purposes.contains(&p)),
            Button => {
                eq(&ctx.role, &["button"])
                    || eq(&ctx.tag, &["button"])
                    || eq(&ctx.input_type, &["submit", "button", "image"])
            }
            Role(roles) => eq(&ctx.role, roles) || eq(&ctx.tag, roles),
            InputType(types) => eq(&ctx.input_type, types),
            Popup(values) => eq(&ctx.has_popup, values),
            InLandmark(marks) => ctx.landmark.is_some_and(|l| marks.contains(&l)),
            InPagination => ctx.in_pagination,
            // Compiled into `Cond`s, never plain.
            Label(_) | LabelIs(_) | Context(_) | Href(_) | Any(_) | Not(_) => {
                unreachable!("keyword and nested conditions are compiled")
            }
        }
    }
}
