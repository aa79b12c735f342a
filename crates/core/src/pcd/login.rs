//! `loginState`: `in` when the page offers a way to log out; `out` when it
//! offers a login form or a sign-in action (and no log-out); else `unknown`.
//! Decided over *all* controls and forms, before the budget cut: a "Sign out"
//! item deep in a footer still proves the session.

use crate::kind::{ActionKind, FormPurpose};
use crate::types::LoginState;

pub fn login_state(
    action_kinds: impl IntoIterator<Item = ActionKind>,
    form_purposes: impl IntoIterator<Item = FormPurpose>,
) -> LoginState {
    let (mut logout, mut login) = (false, false);
    for k in action_kinds {
        logout |= k == ActionKind::Logout;
        login |= k == ActionKind::Login;
    }
    login |= form_purposes.into_iter().any(|p| p == FormPurpose::Login);
    match (logout, login) {
        (true, _) => LoginState::In,
        (false, true) => LoginState::Out,
        _ => LoginState::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logout_wins_then_login_then_unknown() {
        use ActionKind::*;
        assert_eq!(login_state([Login, Logout], []), LoginState::In);
        assert_eq!(login_state([Login], []), LoginState::Out);
        assert_eq!(login_state([], [FormPurpose::Login]), LoginState::Out);
        assert_eq!(
            login_state([Search], [FormPurpose::Search]),
            LoginState::Unknown
        );
    }
}
