//! Browser Copilot core: everything that can be computed without a browser.
//!
//! This crate has no `web-sys`/`js-sys` dependency. It builds natively (and is
//! tested natively, fast) and for `wasm32-unknown-unknown`, where the content,
//! background and ui crates use it. Browser crates only translate between the
//! DOM / `chrome.*` APIs and the types and functions here.
//!
//! - [`types`]: the shared types of seed 000 §4 (MiniPCD, RoleSelector, …),
//!   serialised with exactly the seed's TypeScript field names.
//! - [`tools`]: the tool surface: names, typed calls, `ToolResult`.
//! - [`act`]: DOM actions, their outcome, change detection and retry ladder.
//! - [`capture`]: `capture.candidates`' result types, visibility and crop geometry.
//! - [`protocol`]: one serde enum per channel between extension contexts.
//! - [`settings`]: the user's LLM endpoint configuration and its validation.
//! - [`llm`]: OpenAI-compatible request building, SSE stream decoding and
//!   error classification.
//! - [`digest`]: the compact page text digest sent to the LLM.
//! - [`main_content`]: where the article is on a page without landmarks
//!   (reader-mode scoring over per-block facts).
//! - [`pcd`]: MiniPCD: the DOM facts contract and the builder.
//! - [`summary`]: seed 001's page summary (compact and full), page type,
//!   primary actions and redaction, from facts the content script collects.
//! - [`url_policy`]: which URLs the copilot may not touch.
//! - [`safety`]: the agent's safety rules in code: step risk and
//!   confirmation, refused navigations, per-site write permission, secret
//!   fields, placeholders and scrubbing.
//! - [`nav`]: the tab and navigation tools' pure side: URL normalisation for
//!   "open <site>", refused targets, load detection, seed-001 timings, results.
//! - [`tab_queue`]: the per-tab action queue's bookkeeping (FIFO per tab,
//!   task cancellation); the service worker drives it.
//! - [`knowledge`]: the opt-in index of pages the user read: records,
//!   query analysis, temporal filters, hybrid ranking, answer prompts.
//! - [`kind`]: table-driven inference of action kinds and form purposes.
//! - [`rank`]: deterministic, sliceable ranking of page entries for `pcd.query`.
//! - [`selector`]: the RoleSelector DSL's browser-free rules: name matching,
//!   validation, and the selectors `getDetails` tries for an element.
//! - [`frames`]: routing requests into cross-origin frames (framePath
//!   steps consumed, nonce bookkeeping, boxes into top-page coordinates,
//!   framed MiniPCD ids and the merge of frames' MiniPCDs).
//! - [`agent`]: the LLM agent: task state machine, tools offered to the
//!   model, prompts, context budgets, reply repair, safety gates.
//! - [`command`]: the command grammar that needs no LLM ("click Sign in",
//!   "scroll down then zoom in"): parsing, question routing, step
//!   descriptions and the tool calls each command plans.

pub mod act;
pub mod answer_budget;
pub mod agent;
pub mod capture;
pub mod command;
pub mod css_generated;
pub mod digest;
pub mod explore;
pub mod flows;
pub mod frame_waits;
pub mod frames;
pub mod kind;
pub mod knowledge;
pub mod memo;
pub mod llm;
pub mod main_content;
pub mod nav;
pub mod pcd;
pub mod protocol;
pub mod rank;
pub mod safety;
pub mod selector;
pub mod settings;
pub mod summary;
pub mod tab_queue;
pub mod tools;
pub mod types;
pub mod url_policy;
