//! Fixture tests for the risk rules: one row per rule at least (the row
//! names the rule that must decide it), near misses, and the languages of
//! the keyword sets. A rule without a fixture fails
//! `every_rule_has_a_fixture_and_a_unique_id`.

use super::risk::*;
use crate::kind::{text, ActionKind, FormPurpose};
use std::collections::BTreeSet;

/// A fixture: rule expected to decide, verb (serde name), label, context
/// as `key=value; …` (role, kind, form, submit, url, title), risk, reason.
struct S(&'static str, &'static str, &'static str, &'static str, Risk, Option<RiskReason>);

use Risk::{High, Low, Medium};
use RiskReason as R;

#[rustfmt::skip]
const STEPS: &[S] = &[
    // 1. Verbs.
    S("verb.navigate", "navigate", "https://shop.example/checkout", "", Low, None),
    S("verb.navigate", "open_tab", "Pay now", "", Low, None),
    S("verb.download", "download", "Invoice #1043.pdf", "", Low, None),
    S("verb.other", "other", "Delete account", "role=button", Low, None),
    S("type.secret", "type", "Password", "form=login", Medium, Some(R::EnterSecret)),
    S("type.secret", "type", "CVC", "form=checkout; submit=Place order", Medium, Some(R::EnterSecret)),
    S("type.field", "type", "Search products", "", Low, None),
    // Typing never commits, even into a checkout form: the submit does.
    S("type.field", "type", "Name on card", "form=checkout; submit=Place order", Low, None),
    S("toggle.access_control", "check", "Make profile public", "", Medium, Some(R::SecurityChange)),
    S("toggle.access_control", "select", "Role", "", Medium, Some(R::SecurityChange)),
    S("toggle.field", "check", "I agree to the terms", "form=checkout", Low, None),
    S("toggle.field", "select", "Quantity", "form=checkout", Low, None),
    // Clicking into a field of a checkout form whose submit is unknown.
    S("toggle.field", "click", "Card number", "role=textbox; form=checkout", Low, None),
    S("toggle.field", "click", "Delete", "role=checkbox", Low, None),
    S("toggle.access_control", "click", "Two-factor authentication", "role=switch", Medium, Some(R::SecurityChange)),
    // Enter in a combobox of a checkout form still submits it.
    S("form.checkout", "press_enter", "Country", "role=combobox; form=checkout; submit=Place order", High, Some(R::Purchase)),
    // 2. Forms whose fields say they commit.
    S("form.checkout", "click", "Continue", "role=button; form=checkout; submit=Continue", High, Some(R::Purchase)),
    S("form.checkout", "click", "Keep going →", "role=button; form=checkout; submit=Keep going →", High, Some(R::Purchase)),
    // Enter in a field of a checkout form submits it.
    S("form.checkout", "press_enter", "Card number", "form=checkout; submit=Place order", High, Some(R::Purchase)),
    // A button of a checkout form whose submit is not known may be it.
    S("form.checkout", "click", "Weiter", "role=button; form=checkout", High, Some(R::Purchase)),
    S("form.payment_method", "click", "Save card", "role=button; form=payment_method; submit=Save card", High, Some(R::PaymentMethod)),
    S("form.payment_method", "press_enter", "Expiry date", "form=payment_method; submit=Add", High, Some(R::PaymentMethod)),
    S("form.comment", "submit", "Add a comment", "form=comment; submit=Post", High, Some(R::Publish)),
    S("form.account_routing", "press_enter", "Forward all mail to", "form=settings; submit=Save forwarding", High, Some(R::SecurityChange)),
    S("form.account_routing", "click", "Save forwarding", "role=button; form=settings; submit=Save forwarding", High, Some(R::SecurityChange)),
    S("form.account_routing", "press_enter", "Webhook URL", "", High, Some(R::SecurityChange)),
    // 3. Near misses.
    S("near.tab", "click", "Payment", "role=tab", Low, None),
    S("near.decline", "click", "Keep my subscription", "role=button", Low, None),
    S("near.decline", "click", "Nicht löschen", "role=button", Low, None),
    S("near.decline", "click", "Don't delete", "role=button", Low, None),
    S("near.decline", "click", "Keep shopping", "role=link", Low, None),
    S("near.decline", "click", "Не удалять", "role=button", Low, None),
    S("near.dismiss", "click", "Cancel", "role=button; title=Delete repository?", Low, None),
    S("near.dismiss", "click", "Abbrechen", "role=button", Low, None),
    S("near.dismiss", "click", "Cancel", "role=button; form=payment_method; submit=Save card", Low, None),
    S("near.dismiss", "click", "Annuler", "role=button", Low, None),
    S("near.dismiss", "click", "Cancelar", "role=button", Low, None),
    S("near.dismiss", "click", "Annulla", "role=button", Low, None),
    S("near.dismiss", "click", "Annuleren", "role=button", Low, None),
    S("near.dismiss", "click", "Anuluj", "role=button", Low, None),
    S("near.dismiss", "click", "Отмена", "role=button", Low, None),
    S("near.dismiss", "click", "取消", "role=button", Low, None),
    S("near.dismiss", "click", "キャンセル", "role=button", Low, None),
    S("near.dismiss", "click", "취소", "role=button", Low, None),
    S("near.question", "click", "How do I delete my account?", "role=button", Low, None),
    S("near.question", "click", "Can I cancel my subscription anytime?", "role=button", Low, None),
    S("near.question", "click", "Forgot password?", "role=link; form=login", Low, None),
    S("near.remove_view_object", "click", "Remove filter: Red", "role=button", Low, None),
    S("near.remove_view_object", "click", "Delete filter", "role=button", Low, None),
    S("near.remove_view_object", "click", "Remove coupon", "role=button; form=checkout; submit=Place order", Low, None),
    S("near.remove_view_object", "click", "Remove", "role=button; kind=filter", Low, None),
    S("near.search_submit", "press_enter", "Search messages", "", Low, None),
    S("near.search_submit", "submit", "Site search", "form=search_products; submit=Go", Low, None),
    S("near.copy", "click", "Copy link", "role=button", Low, None),
    S("near.composer_open", "click", "New message", "role=button", Low, None),
    S("near.composer_open", "click", "Compose", "role=button", Low, None),
    S("near.cart_remove", "click", "Remove from cart", "role=button", Medium, Some(R::CartChange)),
    S("near.cart_remove", "click", "Remove", "role=button; kind=remove_from_cart", Medium, Some(R::CartChange)),
    S("near.send_to_self", "click", "Send verification code", "role=button", Medium, Some(R::FormSubmit)),
    S("near.send_to_self", "submit", "Reset your password", "form=password_reset; submit=Send reset link", Medium, Some(R::FormSubmit)),
    S("near.feedback", "click", "Send feedback", "role=button", Medium, Some(R::FormSubmit)),
    S("near.consent", "click", "Allow all", "role=button", Medium, Some(R::Confirm)),
    S("near.consent", "click", "Accept all cookies", "role=button", Medium, Some(R::Confirm)),
    // 4. Forms that stay with the site; chat boxes.
    S("form.newsletter", "submit", "Newsletter", "form=newsletter; submit=Subscribe now", Medium, Some(R::Subscribe)),
    S("form.contact", "click", "Send message", "role=button; form=contact; submit=Send message", Medium, Some(R::FormSubmit)),
    S("enter.composer", "press_enter", "Message #general", "", High, Some(R::Send)),
    S("enter.composer", "press_enter", "Написать комментарий", "", High, Some(R::Send)),
    // 5. Phrases that commit on any element, in every language.
    S("purchase.label", "click", "Place order", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Buy now", "role=button; kind=checkout", High, Some(R::Purchase)),
    S("purchase.label", "click", "Buy now", "role=link", High, Some(R::Purchase)),
    S("purchase.label", "click", "Zahlungspflichtig bestellen", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Valider ma commande", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Realizar pedido", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Finalizar compra", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Acquista ora", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Bestelling plaatsen", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Złóż zamówienie", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "Оформить заказ", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "提交订单", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "注文を確定する", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "click", "주문하기", "role=button", High, Some(R::Purchase)),
    S("purchase.label", "submit", "Order summary", "submit=Complete purchase", High, Some(R::Purchase)),
    S("payment.label", "click", "Pay now", "role=button", High, Some(R::Payment)),
    S("payment.label", "click", "Jetzt bezahlen", "role=button", High, Some(R::Payment)),
    S("payment.label", "click", "立即支付", "role=button", High, Some(R::Payment)),
    S("payment.label", "click", "결제하기", "role=button", High, Some(R::Payment)),
    S("paid_plan.label", "click", "Confirm upgrade", "role=button", High, Some(R::PaidPlan)),
    S("booking.label", "click", "Confirm booking", "role=button", High, Some(R::Booking)),
    S("booking.label", "click", "Verbindlich buchen", "role=button", High, Some(R::Booking)),
    S("transfer.label", "click", "Send money", "role=button", High, Some(R::Transfer)),
    S("transfer.label", "click", "Faire un don", "role=button", High, Some(R::Transfer)),
    S("close_account.label", "click", "Deactivate account", "role=button", High, Some(R::CloseAccount)),
    S("close_account.label", "click", "회원탈퇴", "role=link", High, Some(R::CloseAccount)),
    S("cancel_subscription.label", "click", "Cancel subscription", "role=button; kind=cancel", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Downgrade to Free", "role=button", High, Some(R::CancelSubscription)),
    // A retention dialog's way on: it cancels.
    S("cancel_subscription.label", "click", "No thanks, cancel my subscription", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Abo kündigen", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Résilier", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Cancelar suscripción", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Cancelar assinatura", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Disdici", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Abonnement opzeggen", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Anuluj subskrypcję", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "Отменить подписку", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "取消订阅", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "解約する", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_subscription.label", "click", "구독 해지", "role=button", High, Some(R::CancelSubscription)),
    S("cancel_order.label", "click", "Cancel order", "role=link", High, Some(R::CancelOrder)),
    S("security.label", "click", "Disable two-factor authentication", "role=button", High, Some(R::SecurityChange)),
    S("security.label", "click", "Sign out of all sessions", "role=button; kind=logout", High, Some(R::SecurityChange)),
    S("security.label", "click", "Revoke", "role=button; title=Personal access tokens", High, Some(R::SecurityChange)),
    S("grant_access.label", "click", "Add collaborator", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.label", "click", "Authorize Acme", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.label", "click", "Add authorized buyer", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.label", "click", "Make moderator", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.label", "click", "Link account", "role=button", High, Some(R::GrantAccess)),
    S("send.label", "click", "Send email", "role=button", High, Some(R::Send)),
    S("send.label", "click", "Submit application", "role=button", High, Some(R::Send)),
    S("publish.label", "click", "Publish", "role=button", High, Some(R::Publish)),
    S("publish.label", "click", "Veröffentlichen", "role=button", High, Some(R::Publish)),
    S("publish.label", "click", "Publier", "role=button", High, Some(R::Publish)),
    S("publish.label", "click", "Publicar", "role=button", High, Some(R::Publish)),
    S("publish.label", "click", "Pubblica", "role=button", High, Some(R::Publish)),
    S("publish.label", "click", "Publiceren", "role=button", High, Some(R::Publish)),
    S("publish.label", "click", "Opublikuj", "role=button", High, Some(R::Publish)),
    S("publish.label", "click", "Опубликовать", "role=button", High, Some(R::Publish)),
    S("delete.label", "click", "Delete repository", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Clear all history", "role=button", High, Some(R::Delete)),
    // `kind` reads "account" first; the risk reads the deletion.
    S("delete.label", "click", "Delete account", "role=button; kind=profile", High, Some(R::Delete)),
    // Links delete too (`<a data-method="delete">`).
    S("delete.label", "click", "Delete", "role=link", High, Some(R::Delete)),
    S("delete.label", "click", "Löschen", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Supprimer le fichier", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Eliminar", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Excluir", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Elimina", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Verwijderen", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Usuń", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "Удалить", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "删除", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "削除", "role=button", High, Some(R::Delete)),
    S("delete.label", "click", "삭제", "role=button", High, Some(R::Delete)),
    // 6. Sections and links.
    S("view.info", "click", "Purchase history", "role=button", Low, None),
    S("view.info", "click", "Payment options", "role=button", Low, None),
    S("view.link", "click", "Buy", "role=link; url=https://shop.example/products", Low, None),
    S("view.link", "click", "Change password", "role=link", Low, None),
    S("view.link", "click", "Checkout", "role=link", Low, None),
    S("view.link", "click", "Reply", "role=link", Low, None),
    S("view.link", "click", "Transfers", "role=link", Low, None),
    S("view.link", "click", "Upgrade", "role=link", Low, None),
    S("view.link", "click", "Sign in", "role=link", Low, None),
    S("view.link", "click", "Deleted items", "role=link", Low, None),
    // 7. Verbs that commit on a button.
    S("purchase.button", "click", "Buy", "role=button", High, Some(R::Purchase)),
    S("purchase.button", "click", "Buy – $9.99", "role=button", High, Some(R::Purchase)),
    S("purchase.button", "click", "Kaufen", "role=button", High, Some(R::Purchase)),
    S("payment.button", "click", "Pay", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "Bezahlen", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "Payer", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "Pagar", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "Paga", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "Betalen", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "Zapłać", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "Оплатить", "role=button", High, Some(R::Payment)),
    S("payment.button", "click", "支付", "role=button", High, Some(R::Payment)),
    S("paid_plan.button", "click", "Upgrade", "role=button", High, Some(R::PaidPlan)),
    S("transfer.button", "click", "Transfer", "role=button", High, Some(R::Transfer)),
    S("transfer.button", "click", "Überweisen", "role=button", High, Some(R::Transfer)),
    S("password.button", "click", "Change password", "role=button; form=settings", High, Some(R::SecurityChange)),
    S("password.button", "click", "Passwort ändern", "role=button", High, Some(R::SecurityChange)),
    S("password.button", "click", "Изменить пароль", "role=button", High, Some(R::SecurityChange)),
    S("account_change.button", "click", "Change email", "role=button", High, Some(R::AccountChange)),
    S("grant_access.button", "click", "Share", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "", "role=button; kind=share", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Invite", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Teilen", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Partager", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Compartir", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Condividi", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Delen", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Udostępnij", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "Поделиться", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "分享", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "共有", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.button", "click", "공유", "role=button", High, Some(R::GrantAccess)),
    S("grant_access.allow", "click", "Allow", "role=button; title=Acme wants to access your account", High, Some(R::GrantAccess)),
    S("send.button", "click", "Send", "role=button", High, Some(R::Send)),
    S("send.button", "click", "Senden", "role=button", High, Some(R::Send)),
    S("send.button", "click", "Envoyer", "role=button", High, Some(R::Send)),
    S("send.button", "click", "Enviar", "role=button", High, Some(R::Send)),
    S("send.button", "click", "Invia", "role=button", High, Some(R::Send)),
    S("send.button", "click", "Verzenden", "role=button", High, Some(R::Send)),
    S("send.button", "click", "Wyślij", "role=button", High, Some(R::Send)),
    S("send.button", "click", "Отправить", "role=button", High, Some(R::Send)),
    S("send.button", "click", "发送", "role=button", High, Some(R::Send)),
    S("send.button", "click", "送信", "role=button", High, Some(R::Send)),
    S("send.button", "click", "보내기", "role=button", High, Some(R::Send)),
    S("publish.button", "click", "Reply", "role=button", High, Some(R::Publish)),
    S("publish.button", "click", "Tweet", "role=button", High, Some(R::Publish)),
    S("publish.button", "click", "发布", "role=button", High, Some(R::Publish)),
    S("publish.button", "click", "投稿する", "role=button", High, Some(R::Publish)),
    S("publish.button", "click", "게시", "role=button", High, Some(R::Publish)),
    S("delete.button", "click", "Remove", "role=menuitem", High, Some(R::Delete)),
    S("delete.button", "click", "", "role=button; kind=delete", High, Some(R::Delete)),
    S("delete.button", "click", "Remove member", "role=button", High, Some(R::Delete)),
    S("page.checkout_confirm", "click", "Confirm", "role=button; url=https://shop.example/checkout/review; title=Review your order", High, Some(R::Purchase)),
    S("page.checkout_confirm", "click", "Submit", "role=button; url=https://app.example/#/checkout/review", High, Some(R::Purchase)),
    S("page.delete_confirm", "click", "Yes", "role=button; title=Delete this project?", High, Some(R::Delete)),
    S("page.cancel_confirm", "click", "OK", "role=button; url=https://stream.example/account/cancel-subscription", High, Some(R::CancelSubscription)),
    // 8. Inferred kinds and other submits.
    S("kind.checkout", "click", "Proceed to checkout", "role=button", Medium, Some(R::Checkout)),
    // A checkout form's other buttons do not place the order.
    S("kind.checkout", "click", "Apply code", "role=button; form=checkout; submit=Place order", Medium, Some(R::Checkout)),
    S("kind.add_to_cart", "click", "Add to cart", "role=button", Medium, Some(R::CartChange)),
    S("kind.add_to_cart", "click", "In den Warenkorb", "role=button", Medium, Some(R::CartChange)),
    S("kind.add_to_cart", "click", "カートに入れる", "role=button", Medium, Some(R::CartChange)),
    S("saved_list.button", "click", "Add to wishlist", "role=button", Medium, Some(R::CartChange)),
    S("kind.payment_method", "click", "Add card", "role=button", Medium, Some(R::PaymentMethod)),
    S("kind.upload", "click", "Upload document", "role=button", Medium, Some(R::Upload)),
    S("form.upload", "submit", "Resume", "form=upload; submit=Continue", Medium, Some(R::Upload)),
    S("form.login", "press_enter", "Password", "form=login; submit=Continue", Medium, Some(R::SignIn)),
    S("kind.login", "click", "Sign in with Google", "role=button", Medium, Some(R::SignIn)),
    S("kind.login", "click", "Anmelden", "role=button", Medium, Some(R::SignIn)),
    S("form.signup", "submit", "Create your account", "form=signup; submit=Continue", Medium, Some(R::SignUp)),
    S("kind.signup", "click", "Start free trial", "role=button", Medium, Some(R::SignUp)),
    S("kind.logout", "click", "Sign out", "role=button", Medium, Some(R::SignOut)),
    S("kind.subscribe", "click", "Subscribe", "role=button", Medium, Some(R::Subscribe)),
    S("form.settings", "click", "Save changes", "role=button; form=settings; submit=Save changes", Medium, Some(R::SaveChanges)),
    S("kind.save", "click", "Save", "role=button", Medium, Some(R::SaveChanges)),
    S("kind.booking", "click", "Book now", "role=button", Medium, Some(R::Booking)),
    S("kind.confirm", "click", "I agree", "role=button", Medium, Some(R::Confirm)),
    // "Continue" is not a confirmation, even on a checkout page.
    S("kind.confirm", "click", "Continue", "role=button; url=https://shop.example/checkout/shipping", Medium, Some(R::Confirm)),
    S("kind.confirm", "click", "Yes", "role=button; title=Newsletter preferences", Medium, Some(R::Confirm)),
    S("form.other", "submit", "Appointment request", "form=schedule; submit=Request", Medium, Some(R::FormSubmit)),
    S("form.other", "press_enter", "Postcode", "", Medium, Some(R::FormSubmit)),
    S("kind.view", "click", "Next", "role=button", Low, None),
    S("kind.view", "click", "Sort by price", "role=button", Low, None),
    S("kind.view", "click", "Apply", "role=button; title=Filters", Low, None),
    S("kind.view", "click", "Menu", "role=button", Low, None),
    S("kind.view", "click", "Red ×", "role=button; kind=filter", Low, None),
    S("kind.view", "click", "No, keep my subscription", "role=button", Low, None),
    S("button.unknown", "click", "Generate report", "role=button", Medium, None),
    S("button.unknown", "click", "Comments (12)", "role=button", Medium, None),
    S("button.unknown", "click", "Unsubscribe", "role=button", Medium, None),
];

/// The owned parts of a fixture's context.
#[derive(Default)]
struct Context {
    role: Option<String>,
    kind: Option<ActionKind>,
    form: Option<FormPurpose>,
    submit: Option<String>,
    url: String,
    title: String,
}

fn context(spec: &str) -> Context {
    let mut ctx = Context::default();
    for part in spec.split("; ").map(str::trim).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or_else(|| panic!("key=value in {spec:?}"));
        match key {
            "role" => ctx.role = Some(value.to_owned()),
            "kind" => ctx.kind = Some(value.parse().unwrap()),
            "form" => ctx.form = Some(value.parse().unwrap()),
            "submit" => ctx.submit = Some(value.to_owned()),
            "url" => ctx.url = value.to_owned(),
            "title" => ctx.title = value.to_owned(),
            other => panic!("unknown fixture key {other:?} in {spec:?}"),
        }
    }
    ctx
}

fn facts<'a>(verb: &str, label: &'a str, ctx: &'a Context) -> StepFacts<'a> {
    StepFacts {
        role: ctx.role.as_deref(),
        kind: ctx.kind,
        form_purpose: ctx.form,
        form_submit_label: ctx.submit.as_deref(),
        page_url: &ctx.url,
        page_title: &ctx.title,
        ..StepFacts::new(serde_json::from_value(verb.into()).unwrap(), label)
    }
}

#[test]
fn step_fixtures() {
    let failures: Vec<String> = STEPS
        .iter()
        .filter_map(|S(rule, verb, label, spec, risk, reason)| {
            let ctx = context(spec);
            let facts = facts(verb, label, &ctx);
            let got = explain(&facts);
            let verdict = assess(&facts);
            let want = RiskVerdict { risk: *risk, reason: *reason };
            (got.id != *rule || verdict != want).then(|| {
                format!("{verb} {label:?} [{spec}]: got {verdict:?} by {:?}, want {want:?} by {rule:?}", got.id)
            })
        })
        .collect();
    assert!(failures.is_empty(), "{} failing:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_rule_has_a_fixture_and_a_unique_id() {
    let covered: BTreeSet<&str> = STEPS.iter().map(|s| s.0).collect();
    let mut seen = BTreeSet::new();
    let problems: Vec<String> = RISK_RULES
        .iter()
        .filter_map(|r| match (seen.insert(r.id), covered.contains(r.id)) {
            (false, _) => Some(format!("duplicate {}", r.id)),
            (true, false) => Some(format!("no fixture for {}", r.id)),
            (true, true) => None,
        })
        .collect();
    assert!(problems.is_empty(), "{problems:?}");
    let unknown: Vec<&&str> = covered.iter().filter(|id| !RISK_RULES.iter().any(|r| r.id == **id)).collect();
    assert!(unknown.is_empty(), "fixtures name no rule: {unknown:?}");
}

/// Every keyword set of the rules that pass `keep`.
fn keyword_sets(keep: impl Fn(&RiskRule) -> bool) -> Vec<&'static [&'static str]> {
    fn collect(w: &'static RiskWhen, out: &mut Vec<&'static [&'static str]>) {
        match w {
            RiskWhen::Said(p) | RiskWhen::SaidIs(p) | RiskWhen::Leads(p) | RiskWhen::Page(p) => out.push(p),
            RiskWhen::Any(o) | RiskWhen::All(o) => o.iter().for_each(|w| collect(w, out)),
            RiskWhen::Not(w) => collect(w, out),
            _ => {}
        }
    }
    let mut sets = Vec::new();
    RISK_RULES.iter().filter(|r| keep(r)).flat_map(|r| r.when).for_each(|w| collect(w, &mut sets));
    sets
}

/// A keyword not written as `normalize` leaves a label ("Résilier" →
/// "resilier", "Złóż" → "złoż") would never match.
#[test]
fn keywords_are_written_normalised() {
    let odd: Vec<&&str> = keyword_sets(|_| true).into_iter().flatten().filter(|k| text::normalize(k) != **k).collect();
    assert!(odd.is_empty(), "{odd:?}");
}

/// Each committing reason has keywords in every script of the twelve
/// languages (Latin, Cyrillic, Han/kana, Hangul); the fixtures above show
/// each language for the common reasons.
#[test]
fn committing_sets_cover_the_scripts() {
    type Script = (&'static str, fn(char) -> bool);
    let scripts: [Script; 4] = [
        ("cyrillic", |c| ('\u{400}'..='\u{4ff}').contains(&c)),
        ("han or kana", |c| ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c)),
        ("hangul", |c| ('\u{ac00}'..='\u{d7af}').contains(&c)),
        ("latin", |c| c.is_ascii_alphabetic()),
    ];
    for reason in [R::Purchase, R::Payment, R::Delete, R::CancelSubscription, R::Send, R::Publish, R::Transfer, R::GrantAccess, R::SecurityChange] {
        let words: Vec<&str> = keyword_sets(|r| r.reason == Some(reason)).into_iter().flatten().copied().collect();
        for (name, is) in scripts {
            assert!(words.iter().any(|w| w.chars().any(is)), "{reason:?} has no {name} keyword");
        }
    }
}

#[test]
fn high_rules_say_why_and_every_reason_is_used() {
    for rule in RISK_RULES {
        assert!(rule.risk != High || rule.reason.is_some(), "{} is High without a reason", rule.id);
    }
    for reason in RiskReason::ALL {
        assert!(RISK_RULES.iter().any(|r| r.reason == Some(*reason)), "{reason:?} is never given");
        assert!(!reason.describe().is_empty());
    }
    let last = RISK_RULES.last().unwrap();
    assert!(last.when.is_empty(), "the last row must hold for every step");
}

#[test]
fn wire_names() {
    assert!(Risk::Low < Risk::Medium && Risk::Medium < Risk::High);
    assert!(Risk::High.needs_confirmation() && !Risk::Medium.needs_confirmation());
    assert_eq!(serde_json::to_value(Risk::High).unwrap(), "high");
    assert_eq!(serde_json::to_value(R::CancelSubscription).unwrap(), "cancel_subscription");
    assert_eq!(serde_json::to_value(ActionVerb::PressEnter).unwrap(), "press_enter");
    let verdict = RiskVerdict { risk: Risk::High, reason: Some(R::Payment) };
    let json = serde_json::to_value(verdict).unwrap();
    assert_eq!(json, serde_json::json!({"risk": "high", "reason": "payment"}));
    assert_eq!(serde_json::from_value::<RiskVerdict>(json).unwrap(), verdict);
    assert_eq!(R::Payment.describe(), "a payment");
}

/// The same step read from the kind the MiniPCD gave or from its label
/// alone decides the same for the common cases (the agent may not always
/// have `MiniAction.kind`).
#[test]
fn kind_is_inferred_when_missing() {
    for (label, kind, want) in [
        ("Add to cart", ActionKind::AddToCart, Risk::Medium),
        ("Next", ActionKind::Pagination, Risk::Low),
        ("Sign out", ActionKind::Logout, Risk::Medium),
    ] {
        let bare = StepFacts { role: Some("button"), ..StepFacts::new(ActionVerb::Click, label) };
        let with_kind = StepFacts { kind: Some(kind), ..bare };
        assert_eq!(assess(&bare), assess(&with_kind), "{label}");
        assert_eq!(assess(&bare).risk, want, "{label}");
    }
}
