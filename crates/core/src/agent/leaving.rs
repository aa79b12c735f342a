//! Leaving the task's sites (issue 41 point 3): where a task may go without
//! asking, and what may go with it.
//!
//! A task's **home sites** are fixed when it starts: the origin of the page
//! it started on, and the sites the user named in the request ("find it on
//! wikipedia.org": that host and its subdomains). Nothing a page says can
//! add to them; only the user can, by confirming a departure.
//!
//! - **Departures** — `nav_go` / `tabs_open` to an address, a click on a
//!   link whose href is another site's (`MiniAction::goes_to`, read from
//!   the element, not from its text) — to an origin outside the home sites
//!   stop for the user's confirmation with the destination shown in full;
//!   a "yes" adds that origin for the rest of the task.
//! - **Data** — an address bound for a non-home origin, or text typed on a
//!   page of one, that carries text the task read (pages, earlier answers,
//!   the system prompt: `safety::exfil`) is refused outright, confirmed
//!   origin or not: the user would be asked to approve something they
//!   cannot see whole, and no task of theirs needs the page's text sent
//!   elsewhere by the agent (they can copy it themselves).
//!
//! Everything here runs on what the worker knows (URLs, hrefs, the task's
//! own record), never on what the model says about it.

use super::gates;
use super::host::{Host, UserPrompt, UserReply};
use super::page::clip;
use super::prompt;
use super::task::{StepStatus, Task, Turn};
use crate::safety::exfil::{Corpus, Leak, Source};
use crate::safety::{origin_of, Risk};
use serde::{Deserialize, Serialize};

/// The sites a task may be on without asking (see the module doc).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TaskSites {
    /// Exact origins: where the task started.
    #[serde(default)]
    pub start: Vec<String>,
    /// Hosts the user named in the request (subdomains included).
    #[serde(default)]
    pub named: Vec<String>,
    /// Origins the user confirmed a departure to during the task.
    #[serde(default)]
    pub confirmed: Vec<String>,
}

impl TaskSites {
    /// The home sites of a task asked for in `goal` on the page at `start_url`.
    pub fn new(goal: &str, start_url: &str) -> TaskSites {
        TaskSites { start: origin_of(start_url).into_iter().collect(), named: named_hosts(goal), confirmed: Vec::new() }
    }

    /// Whether `origin` is one of the home sites.
    pub fn is_home(&self, origin: &str) -> bool {
        if self.start.iter().any(|o| o == origin) {
            return true;
        }
        let host = origin.split_once("://").map_or(origin, |(_, h)| h);
        let host = host.rsplit_once(':').filter(|(_, p)| p.chars().all(|c| c.is_ascii_digit())).map_or(host, |(h, _)| h);
        self.named.iter().any(|n| host == n || host.strip_suffix(n.as_str()).is_some_and(|sub| sub.ends_with('.')))
    }

    /// Whether the task may go to `origin` without asking.
    pub fn may_go(&self, origin: &str) -> bool {
        self.is_home(origin) || self.confirmed.iter().any(|o| o == origin)
    }
}

/// Hosts named in a request: words like `wikipedia.org`,
/// `https://shop.example.com/x`, `www.bbc.co.uk` (a dot, a final label
/// of 2+ letters).
fn named_hosts(goal: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in goal.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '"' | '“' | '”' | '(' | ')' | '<' | '>')) {
        let word = word.trim_matches(|c: char| matches!(c, '.' | '!' | '?' | ':' | '\'' | '’'));
        let with_scheme = if word.contains("://") { word.to_owned() } else { format!("https://{word}") };
        let Ok(url) = url::Url::parse(&with_scheme) else { continue };
        let Some(host) = url.host_str() else { continue };
        let host = host.trim_start_matches("www.").to_ascii_lowercase();
        let tld_ok = host.rsplit('.').next().is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()));
        let ip = host.parse::<std::net::IpAddr>().is_ok();
        if host.contains('.') && (tld_ok || ip) && !out.contains(&host) {
            out.push(host);
        }
    }
    out
}

/// What the task read or was told, as [`Corpus`] sources: page states and
/// read results, earlier answers, the system prompt. The user's own words
/// (the request, answers to questions) are not sources.
pub fn corpus(task: &Task) -> Corpus {
    let mut c = Corpus::new();
    c.add(Source::Page, &task.opening.replace(&task.goal, " "));
    for turn in &task.turns {
        if let Turn::Results { results } = turn {
            for r in results {
                if !r.brief.starts_with("Done:") && !r.brief.starts_with("Failed:") {
                    c.add(Source::Page, &r.brief);
                }
                if let Some(page) = &r.page {
                    c.add(Source::Page, page);
                }
            }
        }
    }
    for turn in &task.earlier {
        c.add(Source::Conversation, &turn.answer);
    }
    c.add(Source::SystemPrompt, &prompt::system(&task.nonce, &|name| super::offer::offers(task, name), &super::offer::hidden(task)));
    c
}

/// Why a step was refused or declined, for the model.
pub struct Refusal {
    pub status: StepStatus,
    pub brief: String,
}

fn leak_refusal(leak: &Leak, whither: &str) -> Refusal {
    Refusal {
        status: StepStatus::Denied,
        brief: format!(
            "Refused: this would send {} (“{}”) to {whither}, outside this task's sites. Do not try it again or another way; \
             finish with done and tell the user what you found instead.",
            leak.source.describe(),
            clip(&leak.excerpt, 40)
        ),
    }
}

/// Before a navigation to `url` (`action` as the user reads it): a
/// non-home destination carrying the task's data is refused; one not yet
/// confirmed asks the user.
pub async fn depart<H: Host>(host: &H, task: &mut Task, url: &str, action: &str) -> Result<(), Refusal> {
    let Some(mut origin) = origin_of(url) else { return Ok(()) };
    if task.sites.is_home(&origin) {
        // A home address that carries another site's address (a redirect:
        // `/out?to=https://elsewhere/…`) may send the page there with
        // whatever it holds: judged as going there.
        let decoded = percent_encoding::percent_decode_str(url).decode_utf8_lossy().into_owned();
        let inner = urls_in(&decoded).skip(1).filter_map(origin_of).find(|o| !task.sites.is_home(o));
        match inner {
            Some(o) => origin = o,
            None => return Ok(()),
        }
    }
    if let Some(leak) = corpus(task).leak(url) {
        return Err(leak_refusal(&leak, &origin));
    }
    if task.sites.confirmed.contains(&origin) {
        return Ok(());
    }
    let prompt = UserPrompt::Confirm {
        action: clip(action, 300),
        site: origin.clone(),
        risk: Risk::High,
        reason: format!("it leaves this task's sites for {origin}"),
    };
    match gates::ask(host, task, prompt).await {
        UserReply::Confirm { allow: true } => {
            task.sites.confirmed.push(origin);
            Ok(())
        }
        UserReply::Cancelled => Err(Refusal { status: StepStatus::Skipped, brief: "The task was stopped.".into() }),
        _ => Err(Refusal {
            status: StepStatus::Denied,
            brief: format!("The user declined going to {origin}. Do not go there another way; finish with done, or go on on this task's sites."),
        }),
    }
}

/// Before typing `text` bound for `dest` (the page's address, or the
/// origin its form is sent to): for a non-home site, text the task read is
/// refused. On any site, an address of a non-home site inside the text
/// may not carry it either: a page that previews what is typed (markdown
/// images, link cards) fetches that address as soon as it is typed.
pub fn check_typed(task: &Task, dest: &str, text: &str) -> Result<(), Refusal> {
    let corpus = std::cell::OnceCell::new();
    let corpus = || corpus.get_or_init(|| self::corpus(task));
    if let Some(origin) = origin_of(dest).filter(|o| !task.sites.is_home(o)) {
        if let Some(leak) = corpus().leak(text) {
            return Err(leak_refusal(&leak, &origin));
        }
    }
    for url in urls_in(text) {
        let Some(origin) = origin_of(url).filter(|o| !task.sites.is_home(o)) else { continue };
        if let Some(leak) = corpus().leak(url) {
            return Err(leak_refusal(&leak, &origin));
        }
    }
    Ok(())
}

/// Before typing `text` that holds addresses of other sites: each is a
/// departure (`depart`): a page that previews what is typed fetches it at
/// once, and a message sent with it invites whoever reads it there.
pub async fn typed_addresses<H: Host>(host: &H, task: &mut Task, text: &str, action: &str) -> Result<(), Refusal> {
    let away: Vec<String> = urls_in(text).filter(|u| origin_of(u).is_some_and(|o| !task.sites.is_home(&o))).map(str::to_owned).collect();
    for url in away {
        depart(host, task, &url, &format!("{action} (it holds the address {})", clip(&url, 200))).await?;
    }
    Ok(())
}

/// The `http(s)://…` addresses in a text (up to whitespace or a closing
/// bracket or quote).
fn urls_in(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("http").filter_map(move |(i, _)| {
        let rest = &text[i..];
        (rest.starts_with("http://") || rest.starts_with("https://"))
            .then(|| &rest[..rest.find(|c: char| c.is_whitespace() || matches!(c, ')' | ']' | '"' | '\'' | '<' | '>')).unwrap_or(rest.len())])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn home_sites_are_the_start_and_what_the_user_named() {
        let s = TaskSites::new("Look the lamp up on wikipedia.org and www.bbc.co.uk, or https://shop.example.com/x.", "http://127.0.0.1:8080/app/");
        assert_eq!(s.start, vec!["http://127.0.0.1:8080"]);
        assert_eq!(s.named, vec!["wikipedia.org", "bbc.co.uk", "shop.example.com"]);
        for home in ["http://127.0.0.1:8080", "https://en.wikipedia.org", "https://wikipedia.org", "https://www.bbc.co.uk", "https://shop.example.com"] {
            assert!(s.is_home(home), "{home}");
        }
        for away in ["http://127.0.0.1:8081", "http://localhost:8080", "https://evilwikipedia.org", "https://wikipedia.org.evil.test", "https://example.com"] {
            assert!(!s.is_home(away), "{away}");
        }
        assert!(TaskSites::new("Buy the cheapest lamp. Then stop.", "https://shop.test/").named.is_empty());
    }
}
