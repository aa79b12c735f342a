//! The explorer's settings (issue 42 point 2: beam and depth are the
//! user's to choose within the ranges that work; tabs at once; the time
//! budget; keep the goal page's tab instead of navigating the task's).
//! Part of the agent settings (`agentSettings.explore` in storage).

use super::search::ExploreRequest;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ExploreSettings {
    /// Pages expanded per depth, 3–5.
    pub beam: u32,
    /// Links followed from the start page, at most: 3–4.
    pub depth: u32,
    /// Background tabs open at once, 1–6.
    pub max_tabs: u32,
    /// Seconds one search may take, 5–300.
    pub budget_secs: u32,
    /// Switch to the goal page's tab instead of taking the task's tab there.
    pub keep_tab: bool,
    /// Explore without being asked when what the model wanted to act on
    /// is not on the page and the PCD Scout names the page that has it
    /// (seed 000 §9 step 5).
    pub auto: bool,
}

impl Default for ExploreSettings {
    fn default() -> Self {
        ExploreSettings { beam: 3, depth: 3, max_tabs: 3, budget_secs: 45, keep_tab: false, auto: true }
    }
}

/// Why explore settings were refused; the text is for the options page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "code", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum ExploreSettingsError {
    #[error("The exploration beam must be 3 to 5 pages (got {got}).")]
    Beam { got: u32 },
    #[error("The exploration depth must be 3 or 4 links (got {got}).")]
    Depth { got: u32 },
    #[error("Background tabs at once must be 1 to 6 (got {got}).")]
    Tabs { got: u32 },
    #[error("The exploration time limit must be 5 to 300 seconds (got {got}).")]
    Budget { got: u32 },
}

impl ExploreSettings {
    pub fn validated(self) -> Result<ExploreSettings, ExploreSettingsError> {
        if !(3..=5).contains(&self.beam) {
            return Err(ExploreSettingsError::Beam { got: self.beam });
        }
        if !(3..=4).contains(&self.depth) {
            return Err(ExploreSettingsError::Depth { got: self.depth });
        }
        if !(1..=6).contains(&self.max_tabs) {
            return Err(ExploreSettingsError::Tabs { got: self.max_tabs });
        }
        if !(5..=300).contains(&self.budget_secs) {
            return Err(ExploreSettingsError::Budget { got: self.budget_secs });
        }
        Ok(self)
    }

    /// A search for `goal` under these settings.
    pub fn request(&self, goal: &str) -> ExploreRequest {
        ExploreRequest {
            goal: goal.to_owned(),
            beam: self.beam as usize,
            depth: self.depth as usize,
            max_tabs: self.max_tabs as usize,
            max_pages: (self.beam * self.depth * 3) as usize,
            budget_ms: f64::from(self.budget_secs) * 1000.0,
            keep_tab: self.keep_tab,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_outside_their_ranges_say_which_and_why() {
        let ok = ExploreSettings::default();
        assert_eq!(ok.validated(), Ok(ok));
        let cases = [
            (ExploreSettings { beam: 2, ..ok }, "beam must be 3 to 5 pages (got 2)"),
            (ExploreSettings { depth: 5, ..ok }, "depth must be 3 or 4 links (got 5)"),
            (ExploreSettings { max_tabs: 0, ..ok }, "1 to 6 (got 0)"),
            (ExploreSettings { budget_secs: 1, ..ok }, "5 to 300 seconds (got 1)"),
        ];
        for (s, want) in cases {
            let e = s.validated().unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
        }
        let stored: ExploreSettings = serde_json::from_str(r#"{"beam":5,"keepTab":true}"#).unwrap();
        assert_eq!((stored.beam, stored.depth, stored.keep_tab), (5, 3, true));
        assert_eq!(stored.request("x").max_pages, 45);
    }
}
