//! Keyword sets of the risk rules ([`super::risk::RISK_RULES`]) for what
//! `kind`'s tables do not say: whether a control *commits* something
//! (places the order, deletes, sends), not only what it is about.
//!
//! Each set is in English, German, French, Spanish, Portuguese, Italian,
//! Dutch, Polish, Russian, Chinese, Japanese and Korean, written as
//! `kind::text::normalize` leaves a label (lower case, common Latin
//! diacritics folded, punctuation as spaces; Polish ą ć ę ł ń ś ź ż are not
//! folded). A test checks that every keyword is written so.
//!
//! Two strengths per reason: the plain sets hold phrases that commit
//! whatever element carries them ("place order", "delete"); the `_BUTTON`
//! sets hold single verbs that commit on a button but name a page or a
//! section on a link ("Buy" on a product card links to the product).

/// Placing an order.
#[rustfmt::skip]
pub const PURCHASE: &[&str] = &[
    "place order", "place your order", "buy now", "buy it now", "complete purchase",
    "complete your purchase", "complete order", "confirm order", "confirm your order",
    "confirm purchase", "submit order", "confirm and pay", "purchase now", "order and pay",
    "jetzt kaufen", "zahlungspflichtig bestellen", "kostenpflichtig bestellen", "kaufen und bezahlen",
    "bestellung abschicken", "bestellung absenden", "kauf abschliessen", "bestellung aufgeben",
    "acheter maintenant", "valider la commande", "valider ma commande", "confirmer la commande",
    "confirmer ma commande", "passer la commande", "passer commande", "finaliser la commande",
    "finaliser ma commande", "confirmer l achat", "commander et payer",
    "comprar ahora", "realizar pedido", "confirmar pedido", "confirmar compra", "finalizar pedido",
    "tramitar pedido", "completar compra", "hacer pedido", "finalizar compra",
    "comprar agora", "fechar pedido", "concluir compra", "concluir pedido",
    "acquista ora", "compra ora", "conferma ordine", "conferma l ordine", "completa l ordine",
    "completa l acquisto", "invia ordine", "conferma acquisto",
    "nu kopen", "koop nu", "bestelling plaatsen", "plaats bestelling", "bestelling afronden",
    "bevestig bestelling", "bestellen en betalen",
    "kup teraz", "złoż zamowienie", "potwierdź zamowienie", "zamawiam i płacę", "kupuję i płacę",
    "купить сейчас", "оформить заказ", "подтвердить заказ", "оплатить заказ", "купить в один клик",
    "立即购买", "提交订单", "确认订单", "确认购买", "立即購買", "提交訂單", "確認訂單",
    "今すぐ購入", "注文を確定", "購入を確定", "注文する", "購入する",
    "바로구매", "구매하기", "주문하기",
];
#[rustfmt::skip]
pub const PURCHASE_BUTTON: &[&str] = &[
    "buy", "purchase", "order now", "kaufen", "bestellen", "acheter", "commander", "comprar",
    "acquista", "acquistare", "kopen", "kup", "kupić", "купить", "заказать", "购买", "購買",
    "購入", "구매",
];

/// Paying, or handing over payment details.
#[rustfmt::skip]
pub const PAYMENT: &[&str] = &[
    "pay now", "make payment", "make a payment", "submit payment", "confirm payment",
    "complete payment", "authorize payment", "pay invoice", "pay bill", "pay securely",
    "jetzt bezahlen", "zahlung bestatigen", "zahlung abschliessen",
    "payer maintenant", "confirmer le paiement", "effectuer le paiement",
    "pagar ahora", "confirmar pago", "realizar pago", "efectuar pago",
    "pagar agora", "confirmar pagamento", "efetuar pagamento",
    "paga ora", "conferma pagamento", "effettua pagamento",
    "nu betalen", "betaling bevestigen",
    "zapłać teraz", "potwierdź płatność",
    "оплатить сейчас", "подтвердить оплату",
    "立即支付", "确认支付", "确认付款", "立即付款", "去支付", "去付款", "確認付款",
    "支払いを確定", "支払う", "결제하기", "지불하기",
];
#[rustfmt::skip]
pub const PAYMENT_BUTTON: &[&str] = &[
    "pay", "bezahlen", "payer", "pagar", "paga", "betalen", "zapłać", "оплатить", "支付",
    "付款", "결제",
];

/// Buying a paid plan: the confirmation itself.
#[rustfmt::skip]
pub const PAID_PLAN: &[&str] = &[
    "start subscription", "start membership", "confirm subscription", "confirm upgrade",
    "buy plan", "purchase plan", "abo abschliessen", "kostenpflichtig abonnieren",
    "confirmer l abonnement", "confirmar suscripcion", "confirmar assinatura",
    "conferma abbonamento", "abonnement afsluiten", "wykup subskrypcję", "оформить подписку",
    "开通会员", "立即开通", "有料プランに登録",
];
/// Upgrading: on a button it often charges the card on file; on a link it
/// opens the pricing page.
#[rustfmt::skip]
pub const PAID_PLAN_BUTTON: &[&str] = &[
    "upgrade", "subscribe now", "upgraden", "s abonner maintenant", "suscribirse ahora",
    "assinar agora", "abbonati ora", "升级", "アップグレード", "업그레이드",
];

/// Deleting something.
#[rustfmt::skip]
pub const DELETE: &[&str] = &[
    "delete", "permanently delete", "erase", "wipe", "destroy", "empty trash", "empty bin",
    "clear history", "clear all history", "clear browsing data", "clear all data", "purge",
    "loschen", "supprimer", "effacer", "eliminar", "borrar", "suprimir", "excluir", "elimina",
    "cancella", "verwijderen", "verwijder", "wissen", "usuń", "skasuj", "удалить", "стереть",
    "删除", "刪除", "削除", "삭제",
];
#[rustfmt::skip]
pub const DELETE_BUTTON: &[&str] = &[
    "remove", "trash", "discard", "entfernen", "verwerfen", "retirer", "quitar", "descartar",
    "remover", "apagar", "rimuovi", "weghalen", "odrzuć", "убрать", "移除", "除去", "제거",
];

/// Ending a subscription or a plan.
#[rustfmt::skip]
pub const CANCEL_SUBSCRIPTION: &[&str] = &[
    "cancel subscription", "cancel my subscription", "cancel your subscription",
    "cancel membership", "cancel my membership", "cancel plan", "cancel my plan", "cancel trial",
    "end subscription", "end membership", "stop subscription", "turn off auto renew",
    "turn off automatic renewal", "disable auto renew", "downgrade",
    "abo kundigen", "abonnement kundigen", "mitgliedschaft kundigen", "vertrag kundigen", "kundigen",
    "resilier", "annuler l abonnement", "annuler mon abonnement",
    "cancelar suscripcion", "cancelar la suscripcion", "cancelar mi suscripcion", "cancelar membresia",
    "cancelar assinatura", "cancelar a assinatura", "cancelar plano",
    "annulla abbonamento", "annulla l abbonamento", "disdici", "disdire",
    "abonnement opzeggen", "lidmaatschap opzeggen", "opzeggen",
    "anuluj subskrypcję", "anuluj subskrypcje", "zrezygnuj z subskrypcji",
    "отменить подписку", "отказаться от подписки",
    "取消订阅", "取消訂閱", "取消自动续费", "取消自動續費", "解約",
    "구독 취소", "구독취소", "구독 해지", "해지",
];

/// Closing or deactivating the account.
#[rustfmt::skip]
pub const CLOSE_ACCOUNT: &[&str] = &[
    "close account", "close my account", "close your account", "deactivate", "terminate account",
    "konto schliessen", "konto deaktivieren", "konto kundigen",
    "fermer le compte", "fermer mon compte", "desactiver le compte", "desactiver mon compte",
    "cerrar cuenta", "cerrar mi cuenta", "desactivar cuenta", "desactivar mi cuenta",
    "encerrar conta", "encerrar minha conta", "desativar conta",
    "chiudi account", "chiudi il mio account", "disattiva account",
    "account sluiten", "account opheffen", "account deactiveren",
    "zamknij konto", "dezaktywuj konto", "закрыть аккаунт", "деактивировать аккаунт",
    "注销账户", "注销账号", "注銷帳戶", "注銷帳號", "关闭账户", "退会", "회원 탈퇴", "회원탈퇴", "탈퇴",
];

/// Cancelling an order or a booking.
#[rustfmt::skip]
pub const CANCEL_ORDER: &[&str] = &[
    "cancel order", "cancel my order", "cancel this order", "cancel booking", "cancel reservation",
    "cancel appointment", "bestellung stornieren", "buchung stornieren", "stornieren",
    "annuler la commande", "annuler ma commande", "annuler la reservation",
    "cancelar pedido", "cancelar el pedido", "cancelar reserva", "cancelar la reserva",
    "annulla ordine", "annulla l ordine", "annulla prenotazione",
    "bestelling annuleren", "reservering annuleren", "anuluj zamowienie", "anuluj rezerwację",
    "отменить заказ", "отменить бронирование", "取消订单", "取消訂單", "取消预订",
    "注文をキャンセル", "予約をキャンセル", "주문 취소", "주문취소", "예약 취소",
];

/// Sending a message or an application to someone.
#[rustfmt::skip]
pub const SEND: &[&str] = &[
    "send message", "send email", "send e mail", "send now", "send reply", "send invoice",
    "submit application", "send application",
    "nachricht senden", "e mail senden", "jetzt senden", "bewerbung absenden", "bewerbung abschicken",
    "envoyer le message", "envoyer maintenant", "envoyer ma candidature",
    "enviar mensaje", "enviar correo", "enviar solicitud", "enviar mensagem", "enviar agora",
    "enviar candidatura", "invia messaggio", "invia email", "invia candidatura",
    "bericht verzenden", "bericht versturen", "sollicitatie versturen",
    "wyślij wiadomość", "отправить сообщение", "отправить письмо", "отправить заявку",
    "发送消息", "傳送訊息", "提交申请", "メッセージを送信", "応募する", "메시지 보내기", "지원하기",
];
#[rustfmt::skip]
pub const SEND_BUTTON: &[&str] = &[
    "send", "senden", "absenden", "abschicken", "envoyer", "enviar", "invia", "inviare",
    "verzenden", "versturen", "verstuur", "wyślij", "отправить", "发送", "發送", "傳送", "送信",
    "보내기", "전송",
];

/// Publishing something others can see.
#[rustfmt::skip]
pub const PUBLISH: &[&str] = &[
    "publish", "post comment", "post reply", "post now", "publish now", "submit post", "make public",
    "go live", "post to", "retweet", "repost", "share publicly", "add comment",
    "veroffentlichen", "kommentar posten", "kommentar absenden", "publier", "publicar",
    "pubblica", "publiceren", "opublikuj", "publikuj", "опубликовать",
];
#[rustfmt::skip]
pub const PUBLISH_BUTTON: &[&str] = &[
    "post", "tweet", "reply", "posten", "antworten", "kommentieren", "repondre", "commenter",
    "responder", "comentar", "rispondi", "commenta", "plaatsen", "reageren", "odpowiedz",
    "skomentuj", "ответить", "发布", "發佈", "發布", "发表", "發表", "回复", "回覆", "评论",
    "評論", "投稿", "返信", "公開する", "게시", "발행", "답글",
];

/// Moving money out of the account.
#[rustfmt::skip]
pub const TRANSFER: &[&str] = &[
    "send money", "transfer money", "transfer funds", "make transfer", "make a transfer",
    "confirm transfer", "withdraw funds", "confirm withdrawal", "donate now", "make a donation",
    "geld senden", "jetzt uberweisen", "jetzt spenden", "uberweisung ausfuhren",
    "effectuer le virement", "confirmer le virement", "faire un don",
    "enviar dinero", "realizar transferencia", "confirmar transferencia", "donar ahora",
    "enviar dinheiro", "fazer transferencia", "doar agora",
    "effettua bonifico", "conferma bonifico", "dona ora",
    "geld overmaken", "overboeking bevestigen", "doneer nu",
    "wyślij przelew", "zatwierdź przelew", "перевести деньги", "подтвердить перевод",
    "вывести средства", "确认转账", "立即转账", "确认提现", "立即捐款",
    "送金する", "振込を確定", "寄付する", "송금하기", "이체하기", "기부하기",
];
#[rustfmt::skip]
pub const TRANSFER_BUTTON: &[&str] = &[
    "transfer", "withdraw", "donate", "uberweisen", "spenden", "virement", "transferir", "retirar",
    "donar", "doar", "trasferisci", "bonifico", "preleva", "overmaken", "doneren", "przelej",
    "wypłać", "перевести", "вывести", "пожертвовать", "转账", "轉帳", "提现", "捐款", "捐赠",
    "送金", "振込", "出金", "寄付", "송금", "이체", "출금", "기부",
];

/// Security settings that protect the account (whatever the element:
/// these are never mere section names).
#[rustfmt::skip]
pub const SECURITY: &[&str] = &[
    "disable two factor", "turn off two factor", "disable 2fa", "turn off 2fa", "remove 2fa",
    "disable two step", "turn off two step", "disable mfa", "revoke", "sign out of all",
    "sign out all", "log out of all", "log out all", "sign out everywhere", "log out everywhere",
    "sign out other sessions", "end all sessions", "regenerate key", "regenerate token",
    "regenerate api key", "regenerate secret", "regenerate recovery codes", "generate new token",
    "generate token", "create api key", "new api key", "create token", "rotate key",
    "rotate secret", "add ssh key", "remove passkey", "add passkey",
    "2fa deaktivieren", "zwei faktor authentifizierung deaktivieren", "alle sitzungen beenden",
    "desactiver la double authentification", "desactiver l authentification a deux facteurs",
    "desactivar la verificacion en dos pasos", "desativar a verificacao em duas etapas",
    "disattiva la verifica in due passaggi", "tweestapsverificatie uitschakelen",
    "wyłącz weryfikację dwuetapową", "отключить двухфакторную", "关闭两步验证", "关闭双重认证",
    "二段階認証を無効", "2단계 인증 해제", "2단계 인증 끄기",
];
/// Changing the password: the button that does it (the link to the page
/// that does it is only a link).
#[rustfmt::skip]
pub const PASSWORD_CHANGE_BUTTON: &[&str] = &[
    "change password", "update password", "set new password", "reset password", "save password",
    "passwort andern", "kennwort andern", "passwort zurucksetzen",
    "changer le mot de passe", "modifier le mot de passe", "reinitialiser le mot de passe",
    "cambiar contrasena", "cambiar la contrasena", "restablecer contrasena",
    "alterar senha", "mudar senha", "trocar senha", "redefinir senha",
    "cambia password", "modifica password", "reimposta password",
    "wachtwoord wijzigen", "wachtwoord opnieuw instellen", "zmień hasło",
    "изменить пароль", "сменить пароль", "修改密码", "更改密码", "重置密码", "修改密碼", "更改密碼",
    "パスワードを変更", "パスワード変更", "비밀번호 변경",
];

/// Changing how the account is reached (e-mail, phone, user name).
#[rustfmt::skip]
pub const ACCOUNT_CHANGE_BUTTON: &[&str] = &[
    "change email", "update email", "change e mail", "change username", "change user name",
    "change phone", "update phone number", "change mobile number", "make primary", "set as primary",
    "e mail andern", "e mail adresse andern", "benutzernamen andern", "telefonnummer andern",
    "modifier l adresse e mail", "changer d adresse e mail", "modifier l e mail",
    "cambiar correo", "cambiar email", "cambiar el correo", "alterar email", "alterar e mail",
    "cambia email", "cambia indirizzo email", "e mailadres wijzigen", "zmień e mail",
    "zmień adres e mail", "изменить email", "изменить почту", "изменить номер телефона",
    "更改邮箱", "修改邮箱", "更换手机号", "修改手机号", "メールアドレスを変更", "メールアドレス変更",
    "이메일 변경", "전화번호 변경",
];

/// Where the account's mail, alerts or events go: saving one of these to
/// an address of someone else's hands them everything that follows (the
/// injection's favourite account setting: nothing looks different).
#[rustfmt::skip]
pub const ACCOUNT_ROUTING: &[&str] = &[
    "forward all mail", "forwarding", "forward to", "auto forward", "automatic forwarding",
    "recovery email", "recovery phone", "backup email", "backup phone", "alternate email",
    "webhook", "callback url", "redirect uri", "redirect url", "notification email",
    "weiterleitung", "transfert automatique", "reenvio", "inoltro", "doorsturen", "переадресация", "转发",
];

/// Giving someone (or an app) access to the account or its data.
#[rustfmt::skip]
pub const GRANT_ACCESS: &[&str] = &[
    "grant access", "give access", "allow access", "add collaborator", "add member", "add people",
    "add user", "add to team", "add to organization", "send invite", "send invitation",
    "make admin", "make an admin", "make owner", "transfer ownership", "change role",
    "change permission", "set as admin", "promote to admin", "authorize", "approve access",
    "add authorized", "authorized buyer", "authorized user", "make moderator", "add moderator",
    "promote to moderator", "link account", "link accounts", "connect account", "add delegate",
    "delegate access",
    "zugriff gewahren", "zugriff erteilen", "berechtigungen andern", "zum admin machen", "autorisieren",
    "donner acces", "donner l acces", "autoriser", "ajouter un collaborateur", "ajouter un membre",
    "dar acceso", "autorizar", "anadir colaborador", "agregar miembro",
    "conceder acesso", "adicionar membro", "concedi accesso", "autorizza", "aggiungi collaboratore",
    "toegang geven", "toegang verlenen", "autoriseren", "nadaj dostęp", "autoryzuj",
    "предоставить доступ", "авторизовать", "разрешить доступ", "授权", "授權", "添加成员",
    "アクセスを許可", "権限を付与", "권한 부여", "액세스 허용",
];
#[rustfmt::skip]
pub const GRANT_ACCESS_BUTTON: &[&str] = &[
    "share", "invite", "teilen", "freigeben", "einladen", "partager", "inviter", "compartir",
    "invitar", "compartilhar", "partilhar", "convidar", "condividi", "invita", "delen",
    "uitnodigen", "udostępnij", "zaproś", "поделиться", "пригласить", "分享", "共享", "邀请",
    "邀請", "共有", "招待", "공유", "초대",
];
/// "Allow", as the whole label: an OAuth or permission prompt's yes
/// ("Allow all" is a cookie banner's, see [`CONSENT`]).
#[rustfmt::skip]
pub const ALLOW_EXACT: &[&str] = &[
    "allow", "zulassen", "erlauben", "permitir", "consenti", "consentire", "toestaan", "zezwol",
    "разрешить", "允许", "許可", "허용",
];

/// A booking that commits (the last step, not "Book" on a listing).
#[rustfmt::skip]
pub const BOOKING: &[&str] = &[
    "confirm booking", "complete booking", "confirm reservation", "complete reservation",
    "book and pay", "reserve and pay", "confirm and book", "buchung bestatigen", "verbindlich buchen",
    "zahlungspflichtig buchen", "confirmer la reservation", "confirmar reserva", "completar reserva",
    "conferma prenotazione", "boeking bevestigen", "reservering bevestigen", "potwierdź rezerwację",
    "подтвердить бронирование", "确认预订", "確認預訂", "予約を確定", "예약 확정",
];

/// Opening an editor: the send or post comes later and is asked then.
#[rustfmt::skip]
pub const COMPOSER_OPEN: &[&str] = &[
    "new post", "write a post", "create post", "start a post", "new message", "compose",
    "new tweet", "write a comment", "new email", "neue nachricht", "verfassen", "nouveau message",
    "nuevo mensaje", "redactar", "nova mensagem", "escrever", "nuovo messaggio", "scrivi",
    "nieuw bericht", "nowa wiadomość", "новое сообщение", "написать", "写邮件", "新規作成",
    "새 메시지",
];

/// Codes and links the site sends to the user's own inbox or phone.
#[rustfmt::skip]
pub const SEND_TO_SELF: &[&str] = &[
    "send code", "send a code", "send verification code", "send me a code", "resend", "send link",
    "send reset link", "send magic link", "send login link", "email me", "text me", "send me",
    "send otp", "code senden", "code erneut senden", "link senden", "envoyer le code", "renvoyer",
    "enviar codigo", "reenviar", "enviar link", "invia codice", "code versturen",
    "opnieuw versturen", "wyślij kod", "wyślij ponownie", "отправить код", "отправить ещё раз",
    "发送验证码", "获取验证码", "重新发送", "コードを送信", "再送信", "인증번호 받기",
    "인증번호 전송", "재전송",
];

/// Feedback and reports to the site itself.
#[rustfmt::skip]
pub const FEEDBACK: &[&str] = &[
    "feedback", "report a problem", "report a bug", "report bug", "report issue", "ruckmeldung",
    "отзыв", "反馈", "意見", "フィードバック", "피드백",
];

/// Cookie and consent banners.
#[rustfmt::skip]
pub const CONSENT: &[&str] = &[
    "cookie", "cookies", "consent", "allow all", "accept all", "reject all", "alle akzeptieren",
    "alle ablehnen", "tout accepter", "tout refuser", "aceptar todo", "rechazar todo",
    "aceitar todos", "accetta tutto", "rifiuta tutto", "alles accepteren", "akceptuję",
    "принять все", "全部接受", "すべて同意", "모두 동의",
];

/// Things whose removal is a view change or an edit of the step itself,
/// not a deletion ("Remove filter", "Remove coupon").
#[rustfmt::skip]
pub const VIEW_OBJECTS: &[&str] = &[
    "filter", "facet", "search", "query", "selection", "sort", "coupon", "promo code", "voucher",
    "discount code", "gift card", "filtre", "filtro", "filtri", "suche", "recherche", "busqueda",
    "ricerca", "zoekopdracht", "фильтр", "筛选", "篩選", "フィルタ", "필터", "gutschein",
    "rabattcode", "code promo", "cupon", "cupom", "buono", "kortingscode",
];

/// Lists the user keeps for later (wishlist, favourites).
#[rustfmt::skip]
pub const SAVED_LISTS: &[&str] = &[
    "wishlist", "wish list", "favorites", "favourites", "saved items", "watchlist", "watch list",
    "save for later", "saved for later", "merkzettel", "wunschliste", "favoris", "liste d envies",
    "favoritos", "lista de deseos", "lista de desejos", "preferiti", "lista dei desideri",
    "verlanglijst", "favorieten", "ulubione", "lista życzeń", "избранное", "收藏", "お気に入り",
    "찜", "관심상품",
];

/// Section and information names: a button with one of these shows
/// something ("Purchase history", "Payment options").
#[rustfmt::skip]
pub const INFO_NOUNS: &[&str] = &[
    "history", "details", "options", "policy", "terms", "learn more", "how to", "where to",
    "guide", "info", "information", "status", "verlauf", "historique", "historial", "historico",
    "cronologia", "storico", "geschiedenis", "historia", "история", "历史", "记录", "記錄",
    "履歴", "내역",
];

/// A label that starts by negating its verb ("Don't delete", "Nicht
/// löschen", "Keep my plan"). Not a bare "No": retention dialogs say "No
/// thanks, cancel my subscription", and that one cancels.
#[rustfmt::skip]
pub const DECLINE_LEAD: &[&str] = &[
    "don t", "do not", "dont", "never mind", "nevermind", "not now", "keep", "go back", "nicht",
    "behalten", "ne pas", "garder", "conserver", "mantener", "manter", "mantieni", "niet",
    "behouden", "zachowaj", "не", "оставить", "不要",
];

/// A dialog's way out, as the whole label.
#[rustfmt::skip]
pub const DISMISS_EXACT: &[&str] = &[
    "cancel", "abort", "close", "dismiss", "not now", "no thanks", "maybe later", "later", "back",
    "abbrechen", "schliessen", "annuler", "fermer", "cancelar", "cerrar", "fechar", "annulla",
    "chiudi", "annuleren", "sluiten", "anuluj", "zamknij", "отмена", "отменить", "закрыть",
    "取消", "关闭", "關閉", "キャンセル", "閉じる", "취소", "닫기",
];

/// A generic yes, as the whole label: what it commits depends on the page.
#[rustfmt::skip]
pub const CONFIRM_EXACT: &[&str] = &[
    "confirm", "yes", "ok", "okay", "submit", "complete", "finish", "proceed", "i understand",
    "bestatigen", "ja", "confirmer", "oui", "valider", "confirmar", "si", "sim", "conferma",
    "bevestigen", "potwierdź", "tak", "подтвердить", "да", "确认", "確認", "确定", "確定", "はい",
    "확인", "예",
];

/// Pages where a generic yes places the order.
#[rustfmt::skip]
pub const CHECKOUT_PAGE: &[&str] = &[
    "checkout", "check out", "order review", "review your order", "review order", "payment",
    "kasse", "zahlung", "paiement", "pago", "pagamento", "afrekenen", "betaling", "płatność",
    "оплата", "оформление заказа", "结算", "结账", "收银台", "結帳", "お支払い", "注文確認", "결제",
];

/// Labels of fields where Enter sends what was typed (chat and comment
/// boxes, which are often not forms).
#[rustfmt::skip]
pub const COMPOSER_FIELD: &[&str] = &[
    "message", "type a message", "write a message", "reply", "write a reply", "post your reply",
    "add a comment", "comment", "what s happening", "what s on your mind", "chat", "nachricht",
    "kommentar", "commentaire", "mensaje", "comentario", "mensagem", "messaggio", "commento",
    "bericht", "reactie", "wiadomość", "komentarz", "сообщение", "комментарий", "消息", "訊息",
    "评论", "メッセージ", "コメント", "메시지", "댓글",
];

/// Toggles and selects that may save at once and open the account up.
#[rustfmt::skip]
pub const ACCESS_CONTROLS: &[&str] = &[
    "two factor", "2fa", "two step", "mfa", "public", "visibility", "role", "permission",
    "access level", "admin", "auto renew", "autopay", "sichtbarkeit", "rolle", "berechtigung",
    "visibilite", "visibilidad", "visibilidade", "visibilita", "zichtbaarheid", "widoczność",
    "видимость", "роль", "公开", "权限", "権限", "公開", "권한", "공개",
];

/// Copying to the clipboard.
#[rustfmt::skip]
pub const COPY: &[&str] = &[
    "copy", "copy link", "copy url", "copy to clipboard", "kopieren", "copier", "copiar", "copia",
    "kopieer", "kopiuj", "копировать", "复制", "複製", "コピー", "복사",
];
