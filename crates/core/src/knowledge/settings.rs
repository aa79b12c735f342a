//! The user's choices for the knowledge index: on or off (off until the
//! user turns it on), and sites never to index. Also the one rule for
//! whether a page may be indexed at all.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeSettings {
    /// Off by default: nothing is indexed until the user opts in.
    #[serde(default)]
    pub enabled: bool,
    /// Sites ([`site_of`]) never indexed, sorted.
    #[serde(default)]
    pub excluded: Vec<String>,
}

/// Why a page is not indexed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Skip {
    #[error("the knowledge index is off")]
    Off,
    #[error("incognito tabs are never indexed")]
    Incognito,
    #[error("only http(s) pages are indexed")]
    NotWeb,
    #[error("{0} is excluded")]
    Excluded(String),
}

/// A URL's site: its host in lower case without a leading `www.`, for
/// http(s) URLs only. The port is kept (two local test servers are two sites).
pub fn site_of(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    if !matches!(u.scheme(), "http" | "https") {
        return None;
    }
    let host = u.host_str()?.to_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_owned();
    Some(match u.port() {
        Some(p) => format!("{host}:{p}"),
        None => host,
    })
}

impl KnowledgeSettings {
    /// Whether a page at `url` in a tab (`incognito` or not) may be indexed.
    pub fn may_index(&self, url: &str, incognito: bool) -> Result<String, Skip> {
        if !self.enabled {
            return Err(Skip::Off);
        }
        if incognito {
            return Err(Skip::Incognito);
        }
        let site = site_of(url).ok_or(Skip::NotWeb)?;
        if self.is_excluded(&site) {
            return Err(Skip::Excluded(site));
        }
        Ok(site)
    }

    /// Whether `site` or a site it is a subdomain of is excluded.
    pub fn is_excluded(&self, site: &str) -> bool {
        self.excluded.iter().any(|e| site == e || site.strip_suffix(e.as_str()).is_some_and(|p| p.ends_with('.')))
    }

    /// Adds `site`; false when it was already there.
    pub fn exclude(&mut self, site: &str) -> bool {
        let site = normalise(site);
        if site.is_empty() || self.excluded.contains(&site) {
            return false;
        }
        self.excluded.push(site);
        self.excluded.sort();
        true
    }

    /// Removes `site`; false when it was not there.
    pub fn include(&mut self, site: &str) -> bool {
        let site = normalise(site);
        let before = self.excluded.len();
        self.excluded.retain(|e| *e != site);
        before != self.excluded.len()
    }
}

/// A site as typed or taken from a URL.
pub fn normalise(site: &str) -> String {
    let s = site.trim();
    site_of(s).unwrap_or_else(|| {
        let s = s.to_lowercase();
        s.strip_prefix("www.").unwrap_or(&s).trim_end_matches('/').to_owned()
    })
}

/// What the options page and the side panel show of the index.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeView {
    pub enabled: bool,
    pub excluded: Vec<String>,
    /// Pages stored and their size in bytes.
    pub pages: u32,
    pub bytes: u64,
    /// The site just forgotten and how many of its pages were deleted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forgot: Option<Forgot>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Forgot {
    pub site: String,
    pub pages: u32,
}
