//! Goal predicates (seed 000 §9.5–§9.6, §10 "Goal predicates"; issue 40
//! point 6): what a goal page looks like in a MiniPCD, which of those a
//! user's goal implies, and what that says about progress and `done`.
//!
//! Why: the model decides when a task is finished, and small models say
//! `done(success=true)` on the way there (on the account page, not the
//! invoice; on the product, not the checkout). A goal page is recognisable
//! without a model: a form with a billing, payment, upload, scheduling or
//! checkout purpose; a control that downloads an invoice, confirms, books
//! or applies; a list of invoices with dates and amounts. So:
//! - [`hits`] lists the goal-page signals of a page ([`GOAL_ROWS`], one
//!   row per signal, any number may fire);
//! - [`expected`] reads the user's goal for the predicates it implies
//!   ([`EXPECT_ROWS`]), reusing `kind`'s multilingual label rules on each
//!   clause of the goal (a goal says "download the invoice" as a control
//!   says "Download invoice") plus a few goal words controls never say;
//! - [`progress_floor`] is seed 000 §9.6's "jump ≥ 0.8 on goal page";
//! - [`judge_done`] lets the controller push back once on a success that
//!   no page of the task supported.
//!
//! The controller: `expected(&task.goal)` once; after each page it reads,
//! keep `hits(page)` and raise progress to `progress_floor`; on
//! `done(success=true)`, if `judge_done` is `Doubtful`, answer the call
//! with its text instead of finishing (once per task).
//!
//! Site chrome does not count: a "Billing" link in the header is on every
//! page of the site and is the way to the goal page, not the goal page.

use crate::kind::text::{contains_phrase, split_identifier, words};
use crate::kind::{infer_action_kind, ActionContext, ActionKind, FormPurpose};
use crate::pcd::build::url_path;
use crate::types::{Landmark, MiniAction, MiniCollection, MiniPcd};
use serde::{Deserialize, Serialize};

/// Progress on a page that satisfies an expected predicate (seed 000 §9.6).
pub const GOAL_PAGE_PROGRESS: f32 = 0.8;

/// A kind of goal page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoalKind {
    // Forms (by purpose).
    Billing,
    PaymentMethod,
    Upload,
    Schedule,
    Checkout,
    // Actions (by kind).
    DownloadInvoice,
    Confirm,
    Book,
    Apply,
    // Collections (by name and item fields).
    Invoices,
    Orders,
}

impl GoalKind {
    pub const ALL: &'static [GoalKind] = &[
        GoalKind::Billing,
        GoalKind::PaymentMethod,
        GoalKind::Upload,
        GoalKind::Schedule,
        GoalKind::Checkout,
        GoalKind::DownloadInvoice,
        GoalKind::Confirm,
        GoalKind::Book,
        GoalKind::Apply,
        GoalKind::Invoices,
        GoalKind::Orders,
    ];

    /// What the goal page shows, for the model ("no page showed …").
    pub fn describe(self) -> &'static str {
        match self {
            GoalKind::Billing => "a billing or subscription page",
            GoalKind::PaymentMethod => "a payment method form",
            GoalKind::Upload => "an upload form",
            GoalKind::Schedule => "a scheduling form",
            GoalKind::Checkout => "the checkout",
            GoalKind::DownloadInvoice => "an invoice download",
            GoalKind::Confirm => "a confirmation step",
            GoalKind::Book => "a booking control",
            GoalKind::Apply => "an application control",
            GoalKind::Invoices => "a list of invoices",
            GoalKind::Orders => "a list of orders",
        }
    }
}

/// One condition of a goal row.
#[derive(Debug)]
pub enum GoalWhen {
    /// A form with one of these purposes.
    Form(&'static [FormPurpose]),
    /// An action of one of these kinds outside the site chrome (nav,
    /// header, footer) whose label says none of `not`.
    Action { kinds: &'static [ActionKind], not: &'static [&'static str] },
    /// The title or the URL path says one of these phrases.
    Page(&'static [&'static str]),
    /// A collection whose name says one of `name` (or any name when
    /// empty), whose items have a field of every group of `fields`, and,
    /// when `control` is not empty, with a per-item control of those kinds.
    List {
        name: &'static [&'static str],
        fields: &'static [&'static [&'static str]],
        control: &'static [ActionKind],
    },
}

/// One goal-page signal: when `when` holds, the page shows `goal`.
#[derive(Debug)]
pub struct GoalRow {
    /// Stable name, used by the fixture tests and in [`GoalHit::row`].
    pub id: &'static str,
    pub goal: GoalKind,
    pub when: GoalWhen,
}

/// A goal-page signal a page showed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GoalHit {
    pub goal: GoalKind,
    /// The [`GoalRow::id`] that fired.
    pub row: String,
    /// The entries that show it (forms, actions, lists); empty when the
    /// page's title or address does.
    pub ids: Vec<String>,
    pub url: String,
}

use ActionKind as K;
use FormPurpose as P;
use GoalKind as G;

#[rustfmt::skip]
const INVOICE_WORDS: &[&str] = &[
    "invoice", "receipt", "bill", "statement", "billing history", "rechnung", "quittung", "facture",
    "recu", "factura", "recibo", "fattura", "ricevuta", "faktura", "发票", "發票", "請求書",
    "領収書", "영수증",
];
#[rustfmt::skip]
const ORDER_WORDS: &[&str] = &[
    "order", "purchase", "bestellung", "commande", "pedido", "ordine", "zamowienie", "bestelling",
    "заказ", "订单", "訂單", "注文", "주문",
];
const DATE: &[&str] = &["date"];
const MONEY: &[&str] = &["amount", "price", "total"];
/// Confirm controls every site shows (cookie and consent banners).
const CONSENT: &[&str] = &["cookie", "accept all", "allow all", "consent", "got it", "i agree"];

/// The goal-page signals, grouped by goal. Every row that holds is a hit.
#[rustfmt::skip]
pub const GOAL_ROWS: &[GoalRow] = &[
    GoalRow { id: "billing.form", goal: G::Billing, when: GoalWhen::Form(&[P::Billing]) },
    GoalRow { id: "billing.page", goal: G::Billing, when: GoalWhen::Page(&[
        "billing", "subscription", "membership", "invoices", "abrechnung", "abonnement", "facturation",
        "facturacion", "suscripcion", "assinatura", "abbonamento", "fatturazione",
    ]) },
    GoalRow { id: "payment_method.form", goal: G::PaymentMethod, when: GoalWhen::Form(&[P::PaymentMethod]) },
    GoalRow { id: "payment_method.action", goal: G::PaymentMethod,
        when: GoalWhen::Action { kinds: &[K::PaymentMethod], not: &[] } },
    GoalRow { id: "upload.form", goal: G::Upload, when: GoalWhen::Form(&[P::Upload]) },
    GoalRow { id: "upload.action", goal: G::Upload, when: GoalWhen::Action { kinds: &[K::Upload], not: &[] } },
    GoalRow { id: "schedule.form", goal: G::Schedule, when: GoalWhen::Form(&[P::Schedule]) },
    GoalRow { id: "schedule.action", goal: G::Schedule, when: GoalWhen::Action { kinds: &[K::Schedule], not: &[] } },
    GoalRow { id: "checkout.form", goal: G::Checkout, when: GoalWhen::Form(&[P::Checkout]) },
    GoalRow { id: "checkout.page", goal: G::Checkout, when: GoalWhen::Page(&[
        "checkout", "check out", "kasse", "caisse", "finalizar compra", "结算", "結帳", "レジ",
    ]) },
    GoalRow { id: "download_invoice.action", goal: G::DownloadInvoice,
        when: GoalWhen::Action { kinds: &[K::DownloadInvoice], not: &[] } },
    GoalRow { id: "confirm.action", goal: G::Confirm, when: GoalWhen::Action { kinds: &[K::Confirm], not: CONSENT } },
    GoalRow { id: "book.action", goal: G::Book, when: GoalWhen::Action { kinds: &[K::Book], not: &[] } },
    GoalRow { id: "apply.action", goal: G::Apply, when: GoalWhen::Action { kinds: &[K::Apply], not: &[] } },
    GoalRow { id: "invoices.named", goal: G::Invoices,
        when: GoalWhen::List { name: INVOICE_WORDS, fields: &[DATE, MONEY], control: &[] } },
    GoalRow { id: "invoices.download", goal: G::Invoices,
        when: GoalWhen::List { name: &[], fields: &[DATE, MONEY], control: &[K::DownloadInvoice, K::Download] } },
    GoalRow { id: "orders.named", goal: G::Orders,
        when: GoalWhen::List { name: ORDER_WORDS, fields: &[&["date", "status"]], control: &[] } },
];

/// The goal-page signals `page` shows, in [`GOAL_ROWS`] order.
pub fn hits(page: &MiniPcd) -> Vec<GoalHit> {
    GOAL_ROWS
        .iter()
        .filter_map(|row| {
            let ids = matching(page, &row.when)?;
            Some(GoalHit { goal: row.goal, row: row.id.to_owned(), ids, url: page.url.clone() })
        })
        .collect()
}

/// The ids of what satisfies `when` on `page`; `None` when nothing does.
fn matching(page: &MiniPcd, when: &GoalWhen) -> Option<Vec<String>> {
    let ids: Vec<String> = match when {
        GoalWhen::Form(purposes) => page
            .forms
            .iter()
            .filter(|f| f.purpose.as_deref().and_then(|p| p.parse().ok()).is_some_and(|p| purposes.contains(&p)))
            .map(|f| f.id.clone())
            .collect(),
        GoalWhen::Action { kinds, not } => page
            .actions
            .iter()
            .filter(|a| in_content(a) && kind_of(a).is_some_and(|k| kinds.contains(&k)) && !says(&a.label, not))
            .map(|a| a.id.clone())
            .collect(),
        GoalWhen::Page(phrases) => {
            let path = url_path(&page.url).replace('/', " ");
            return (says(&page.title, phrases) || says(&path, phrases)).then(Vec::new);
        }
        GoalWhen::List { name, fields, control } => page
            .collections
            .iter()
            .filter(|c| name.is_empty() || says(&split_identifier(&c.name), name))
            .filter(|c| fields.iter().all(|group| c.item_fields.iter().any(|f| group.contains(&f.as_str()))))
            .filter(|c| control.is_empty() || per_item(page, c).any(|a| kind_of(a).is_some_and(|k| control.contains(&k))))
            .map(|c| c.id.clone())
            .collect(),
    };
    (!ids.is_empty()).then_some(ids)
}

/// Not in the site chrome, which links to every goal page from every page.
fn in_content(a: &MiniAction) -> bool {
    !matches!(a.landmark, Some(Landmark::Nav | Landmark::Header | Landmark::Footer))
}

fn kind_of(a: &MiniAction) -> Option<ActionKind> {
    a.kind.as_deref().and_then(|k| k.parse().ok())
}

/// The per-item controls of a collection (template actions).
fn per_item<'a>(page: &'a MiniPcd, c: &'a MiniCollection) -> impl Iterator<Item = &'a MiniAction> {
    page.actions.iter().filter(move |a| a.applies_to_collection_id.as_deref() == Some(c.id.as_str()))
}

/// Whether `text` holds one of the phrases as whole words (plurals too).
fn says(text: &str, phrases: &[&str]) -> bool {
    let w = words(text);
    phrases.iter().any(|p| contains_phrase(&w, p))
}

/// One condition of an expectation row.
#[derive(Debug)]
pub enum ExpectWhen {
    /// A clause of the goal, read as a control's label by `kind`'s rules,
    /// is a control of one of these kinds ("download the invoice").
    Kind(&'static [ActionKind]),
    /// The goal says one of these phrases.
    Says(&'static [&'static str]),
}

/// One reading of a goal: when `when` holds, the goal expects `goals`.
#[derive(Debug)]
pub struct ExpectRow {
    pub id: &'static str,
    pub when: ExpectWhen,
    pub goals: &'static [GoalKind],
}

/// What goals imply. Every row that holds adds its predicates.
#[rustfmt::skip]
pub const EXPECT_ROWS: &[ExpectRow] = &[
    ExpectRow { id: "kind.download_invoice", when: ExpectWhen::Kind(&[K::DownloadInvoice]), goals: &[G::DownloadInvoice, G::Invoices] },
    ExpectRow { id: "kind.billing", when: ExpectWhen::Kind(&[K::Billing]), goals: &[G::Billing] },
    ExpectRow { id: "kind.payment_method", when: ExpectWhen::Kind(&[K::PaymentMethod]), goals: &[G::PaymentMethod] },
    ExpectRow { id: "kind.checkout", when: ExpectWhen::Kind(&[K::Checkout]), goals: &[G::Checkout] },
    ExpectRow { id: "kind.upload", when: ExpectWhen::Kind(&[K::Upload]), goals: &[G::Upload] },
    ExpectRow { id: "kind.booking", when: ExpectWhen::Kind(&[K::Book, K::Schedule]), goals: &[G::Book, G::Schedule] },
    ExpectRow { id: "kind.apply", when: ExpectWhen::Kind(&[K::Apply]), goals: &[G::Apply] },
    ExpectRow { id: "kind.confirm", when: ExpectWhen::Kind(&[K::Confirm]), goals: &[G::Confirm] },
    ExpectRow { id: "says.invoices", when: ExpectWhen::Says(INVOICE_WORDS), goals: &[G::Invoices] },
    ExpectRow { id: "says.orders", when: ExpectWhen::Says(&[
        "my orders", "my order", "order history", "past orders", "track my order", "meine bestellungen",
        "mes commandes", "mis pedidos", "meus pedidos", "i miei ordini", "moje zamowienia", "мои заказы",
        "我的订单", "注文履歴",
    ]), goals: &[G::Orders] },
    // Words a control seldom says but goals do, in more languages than
    // `kind`'s billing row.
    ExpectRow { id: "says.subscription", when: ExpectWhen::Says(&[
        "subscription", "membership", "abo", "abonnement", "kundigen", "resilier", "suscripcion",
        "membresia", "assinatura", "abbonamento", "disdire", "opzeggen", "subskrypcja", "подписка",
        "订阅", "訂閱", "サブスク", "解約", "구독",
    ]), goals: &[G::Billing] },
    ExpectRow { id: "says.pay_bill", when: ExpectWhen::Says(&[
        "pay my bill", "pay the bill", "pay bill", "pay my invoice", "pay the invoice", "pay invoice",
        "rechnung bezahlen", "payer la facture", "pagar la factura", "pagar a fatura", "pagare la fattura",
    ]), goals: &[G::PaymentMethod, G::Checkout, G::Billing] },
    ExpectRow { id: "says.buy", when: ExpectWhen::Says(&[
        "buy", "purchase", "order a", "order an", "order the", "order some", "kaufen", "bestellen",
        "acheter", "commander", "comprar", "acquistare", "comprare", "kopen", "kupić", "купить",
        "заказать", "购买", "買", "購入", "구매",
    ]), goals: &[G::Checkout] },
    ExpectRow { id: "says.appointment", when: ExpectWhen::Says(&[
        "appointment", "reservation", "table for", "termin", "rendez vous", "cita", "reserva",
        "prenotazione", "prenotare", "afspraak", "wizyta", "запись", "预约", "预订", "予約", "예약",
    ]), goals: &[G::Book, G::Schedule] },
];

/// The clauses of a goal ("log in and download the invoice" → "log in",
/// "download the invoice"): `kind`'s rules decide one kind per label, and a
/// goal may name several steps.
fn clauses(goal: &str) -> Vec<String> {
    const JOINS: &[&str] = &["and", "then", "und", "dann", "et", "puis", "y", "luego", "e", "poi", "en", "и", "потом"];
    let mut out = Vec::new();
    for part in goal.split([',', ';', '.', '\n', '、', '，', '。']) {
        let mut clause: Vec<String> = Vec::new();
        for w in words(part) {
            if JOINS.contains(&w.as_str()) {
                out.push(clause.join(" "));
                clause.clear();
            } else {
                clause.push(w);
            }
        }
        out.push(clause.join(" "));
    }
    out.retain(|c| !c.is_empty());
    out
}

/// The rows that hold for `goal`, in table order (for tests and logs).
pub fn explain_expected(goal: &str) -> Vec<&'static ExpectRow> {
    let kinds: Vec<ActionKind> = clauses(goal).iter().filter_map(|c| infer_action_kind(c, &ActionContext::default())).collect();
    EXPECT_ROWS
        .iter()
        .filter(|row| match &row.when {
            ExpectWhen::Kind(wanted) => kinds.iter().any(|k| wanted.contains(k)),
            ExpectWhen::Says(phrases) => says(goal, phrases),
        })
        .collect()
}

/// The predicates a user's goal implies, without repeats; empty when the
/// goal names no goal page (a question, "log in", "scroll down").
pub fn expected(goal: &str) -> Vec<GoalKind> {
    let mut out: Vec<GoalKind> = Vec::new();
    for g in explain_expected(goal).into_iter().flat_map(|row| row.goals) {
        if !out.contains(g) {
            out.push(*g);
        }
    }
    out
}

/// Seed 000 §9.6: [`GOAL_PAGE_PROGRESS`] when `page` shows one of the
/// expected predicates; `None` otherwise (progress follows the steps).
pub fn progress_floor(goal: &[GoalKind], page: &MiniPcd) -> Option<f32> {
    hits(page).iter().any(|h| goal.contains(&h.goal)).then_some(GOAL_PAGE_PROGRESS)
}

/// Whether a `done(success=true)` is believable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DoneVerdict {
    Plausible,
    /// No page of the task showed what the goal needs; the text is for the
    /// model (the controller sends it back once instead of finishing).
    Doubtful(String),
}

/// Judges a success claim against the goal-page signals `seen` on the
/// task's pages. Plausible when the goal implies no predicate (nothing to
/// check) or some page showed one.
pub fn judge_done(goal: &[GoalKind], seen: &[GoalHit]) -> DoneVerdict {
    if goal.is_empty() || seen.iter().any(|h| goal.contains(&h.goal)) {
        return DoneVerdict::Plausible;
    }
    let wanted: Vec<&str> = goal.iter().map(|g| g.describe()).collect();
    DoneVerdict::Doubtful(format!(
        "Not finished yet? The task needs {}, and no page of this task showed that. \
         If it is done, call done again and say what on the page shows it; \
         otherwise keep going, or call done with success=false and say what is missing.",
        wanted.join(" or ")
    ))
}

#[cfg(test)]
#[path = "goals_tests.rs"]
mod tests;
