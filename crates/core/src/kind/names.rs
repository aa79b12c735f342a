//! The inferred kinds and purposes as closed enums whose wire names (serde,
//! `as_str`, `FromStr`) are written once, in the macro invocation.

use serde::{Deserialize, Serialize};

/// A kind or purpose name that is not in the table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {name:?}")]
pub struct UnknownName {
    pub what: &'static str,
    pub name: String,
}

/// Declares a fieldless enum with one wire name per variant.
macro_rules! named_enum {
    ($(#[$meta:meta])* $name:ident, $what:literal { $($variant:ident = $wire:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $wire)] $variant,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The wire name, as in `MiniAction.kind` / `MiniForm.purpose`.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $wire,)* }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl std::str::FromStr for $name {
            type Err = UnknownName;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|k| k.as_str() == s)
                    .ok_or_else(|| UnknownName { what: $what, name: s.to_owned() })
            }
        }
    };
}

named_enum! {
    /// What activating a control does (`MiniAction.kind`).
    ActionKind, "action kind" {
        Search = "search",
        Login = "login",
        Signup = "signup",
        Logout = "logout",
        PasswordReset = "password_reset",
        Billing = "billing",
        Checkout = "checkout",
        PaymentMethod = "payment_method",
        DownloadInvoice = "download_invoice",
        Download = "download",
        Cart = "cart",
        AddToCart = "add_to_cart",
        RemoveFromCart = "remove_from_cart",
        Pagination = "pagination",
        Filter = "filter",
        Sort = "sort",
        Settings = "settings",
        Profile = "profile",
        Confirm = "confirm",
        Cancel = "cancel",
        Delete = "delete",
        Upload = "upload",
        Schedule = "schedule",
        Book = "book",
        Apply = "apply",
        Subscribe = "subscribe",
        Contact = "contact",
        Help = "help",
        Share = "share",
        Edit = "edit",
        Save = "save",
        Close = "close",
        Menu = "menu",
        Navigation = "navigation",
    }
}

named_enum! {
    /// What a form is for (`MiniForm.purpose`).
    FormPurpose, "form purpose" {
        SearchProducts = "search_products",
        Search = "search",
        Login = "login",
        Signup = "signup",
        PasswordReset = "password_reset",
        Filter = "filter",
        Sort = "sort",
        Checkout = "checkout",
        PaymentMethod = "payment_method",
        ShippingAddress = "shipping_address",
        Billing = "billing",
        Settings = "settings",
        Profile = "profile",
        Contact = "contact",
        Newsletter = "newsletter",
        Comment = "comment",
        Upload = "upload",
        Schedule = "schedule",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_agree_with_serde_and_parse_back() {
        for k in ActionKind::ALL {
            assert_eq!(serde_json::to_value(k).unwrap(), k.as_str());
            assert_eq!(k.as_str().parse::<ActionKind>().unwrap(), *k);
        }
        for p in FormPurpose::ALL {
            assert_eq!(serde_json::to_value(p).unwrap(), p.as_str());
            assert_eq!(p.as_str().parse::<FormPurpose>().unwrap(), *p);
        }
        let err = "teleport".parse::<ActionKind>().unwrap_err();
        assert_eq!(err.to_string(), "unknown action kind \"teleport\"");
    }
}
