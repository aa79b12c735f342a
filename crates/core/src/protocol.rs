//! The typed messages between extension contexts: one serde enum per channel
//! and direction. Everything that crosses a `chrome.runtime` boundary is one
//! of these; nothing is a raw string.
//!
//! | channel | transport | direction | type |
//! |---|---|---|---|
//! | extension page ↔ worker | `chrome.runtime.connect({name: PANEL_PORT})` | page → worker | [`PanelRequest`] |
//! | | | worker → page | [`PanelEvent`] |
//! | worker → content script | `chrome.tabs.sendMessage(tabId, req, {frameId})` | request | [`ContentRequest`] |
//! | | | response | [`ContentResponse`] |
//! | content script → worker | `chrome.runtime.sendMessage(ev)` | event | [`ContentEvent`] |
//!
//! Trust is decided by the receiver from the sender (see [`SenderClass`]), not
//! from the message: the worker decodes a [`PanelRequest`] only from a port
//! opened by one of the extension's own pages, and a [`ContentEvent`] only
//! from our content script, whose one event can only name a frame
//! (`bc_core::frames`), never ask for anything.

use crate::digest::PageDigest;
use crate::llm::{ChatTurn, LlmError};
use crate::settings::{SettingsError, SettingsInput, SettingsView};
use crate::summary::{PageSummary, SummaryMode};
use crate::url_policy::Restriction;
use serde::{Deserialize, Serialize};

/// Name of the port extension pages open to the service worker.
pub const PANEL_PORT: &str = "panel";

/// Page-chosen id that ties a request to its events.
pub type RequestId = u32;

/// Extension page → service worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum PanelRequest {
    GetSettings { id: RequestId },
    SaveSettings { id: RequestId, settings: SettingsInput },
    /// Tests the given (possibly unsaved) settings; an empty key means the stored key.
    TestConnection { id: RequestId, settings: SettingsInput },
    /// A question about the active tab of the last-focused normal window.
    Ask { id: RequestId, question: String, history: Vec<ChatTurn> },
    Cancel { id: RequestId },
    /// The side panel is open and the page in front may have changed (the
    /// panel opened, a tab was activated, the active tab finished loading):
    /// have that page perceived ahead, in its idle time, so the first
    /// request about it finds the work done. No id, never answered.
    Prefetch,
    /// The user answered prompt `prompt_id` of task `task_id` (a card in
    /// the panel: a question, a confirmation, a site, a secret). `id` is
    /// the request that started the task.
    TaskReply { id: RequestId, task_id: String, prompt_id: u32, reply: PanelReply },
    /// The task history, newest first (answered with [`PanelEvent::Tasks`]).
    ListTasks { id: RequestId },
    /// One task whole, for reading it again or exporting it (answered
    /// with [`PanelEvent::TaskRecord`]; it never holds a secret value).
    GetTask { id: RequestId, task_id: String },
    /// Forgets every finished task (answered with [`PanelEvent::Tasks`]).
    ClearTasks { id: RequestId },
    /// The agent's settings (answered with [`PanelEvent::AgentSettings`]).
    GetAgentSettings { id: RequestId },
    SaveAgentSettings { id: RequestId, settings: crate::agent::settings::AgentSettings },
    /// The sites the agent may act on without asking (answered with
    /// [`PanelEvent::Sites`]); `ForgetSite` removes one.
    ListSites { id: RequestId },
    ForgetSite { id: RequestId, origin: String },
    /// What exploring learnt of each site (answered with
    /// [`PanelEvent::SiteGraphs`]); cleared with the task history.
    ListSiteGraphs { id: RequestId },
    /// The knowledge index's settings and size (issue 43 point 4;
    /// answered with [`PanelEvent::Knowledge`], as are the next four).
    GetKnowledge { id: RequestId },
    /// Turns indexing the pages the user reads on or off (off keeps what
    /// is stored; `ClearKnowledge` deletes it).
    SetKnowledgeEnabled { id: RequestId, enabled: bool },
    /// Deletes every stored page of `site` and never indexes it again;
    /// `None`: the site of the active tab (the side panel's button).
    ForgetKnowledgeSite { id: RequestId, site: Option<String> },
    /// Indexes an excluded site again.
    IncludeKnowledgeSite { id: RequestId, site: String },
    /// Deletes every stored page.
    ClearKnowledge { id: RequestId },
    /// Recorded flows (issue 43), answered with [`PanelEvent::Flows`]:
    /// the list, the recording in progress, healed steps to accept.
    ListFlows { id: RequestId },
    /// Start recording the active tab (empty name: "flow N").
    StartRecording { id: RequestId, name: String },
    /// Stop and save: answered with [`PanelEvent::FlowSaved`] (the review).
    StopRecording { id: RequestId },
    /// A review edit of flow `name`: answered with [`PanelEvent::FlowSaved`].
    EditFlow { id: RequestId, name: String, edit: crate::flows::FlowEdit },
    DeleteFlow { id: RequestId, name: String },
    /// Answered with [`PanelEvent::FlowsExport`].
    ExportFlows { id: RequestId },
    /// A flows JSON file's text (answered with [`PanelEvent::Flows`]).
    ImportFlows { id: RequestId, text: String },
    /// Store what the last replay's healed steps bound to.
    AcceptHealing { id: RequestId },
    /// Removes every site command (a discovered flow) of `site`, a host
    /// (answered with [`PanelEvent::Flows`]).
    ForgetSiteCommands { id: RequestId, site: String },
}

/// The user's answer to a task's prompt, as the panel sends it.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum PanelReply {
    Answer { text: String },
    Confirm { allow: bool },
    Site { answer: crate::safety::SiteAnswer },
    /// A secret typed in the panel (masked): it goes into the field and
    /// nowhere else — never to the model, a log or lasting storage.
    /// `remember`: keep it for this site until the browser closes
    /// (`chrome.storage.session`, memory only, extension pages and the
    /// worker only), so the next task there does not ask again.
    Secret {
        value: String,
        #[serde(default)]
        remember: bool,
    },
    /// The user would not give the secret.
    Decline,
}

/// Never prints a secret's value (a `{:?}` in a log must not leak it).
impl std::fmt::Debug for PanelReply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PanelReply::Answer { text } => f.debug_struct("Answer").field("text", text).finish(),
            PanelReply::Confirm { allow } => f.debug_struct("Confirm").field("allow", allow).finish(),
            PanelReply::Site { answer } => f.debug_struct("Site").field("answer", answer).finish(),
            PanelReply::Secret { .. } => f.write_str("Secret { value: [secret] }"),
            PanelReply::Decline => f.write_str("Decline"),
        }
    }
}

/// Service worker → extension page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum PanelEvent {
    Settings { id: RequestId, settings: Option<SettingsView> },
    Saved { id: RequestId, settings: SettingsView },
    ConnectionOk { id: RequestId, message: String },
    /// Any request failed; `id` says which.
    Failed { id: RequestId, error: CopilotError },
    /// The question is being answered about this page.
    AnswerStarted { id: RequestId, page: PageRef },
    AnswerDelta { id: RequestId, text: String },
    AnswerDone { id: RequestId },
    /// The input was read as commands, run without an LLM (issue 4 point 6):
    /// one line per command (`Command::describe`), in the order they run.
    /// `StepStarted`/`StepDone` follow for each, then `CommandsDone`.
    CommandsStarted { id: RequestId, steps: Vec<String> },
    /// Step `index` of `CommandsStarted::steps` is running.
    StepStarted { id: RequestId, index: u32 },
    /// Step `index` ended; a failed step is the last one that ran.
    StepDone { id: RequestId, index: u32, outcome: StepOutcome },
    /// No more steps run: all succeeded, one failed, or the run was stopped.
    CommandsDone { id: RequestId },
    /// An answer made without the LLM: input that needs one when none is
    /// configured (`needs_llm`: the panel offers the options page), with
    /// what the commands can do.
    LocalReply { id: RequestId, text: String, needs_llm: bool },
    /// The agent's progress on the task request `id` started (issue 40):
    /// steps, prompts, the answer, the end.
    Task { id: RequestId, task_id: String, event: crate::agent::TaskEvent },
    Tasks { id: RequestId, tasks: Vec<crate::agent::task::TaskBrief> },
    TaskRecord { id: RequestId, task: Box<crate::agent::Task> },
    AgentSettings { id: RequestId, settings: crate::agent::settings::AgentSettings },
    /// Origins allowed "always", sorted.
    Sites { id: RequestId, sites: Vec<String> },
    /// Site graphs, the most recently explored site first.
    SiteGraphs { id: RequestId, graphs: Vec<crate::explore::SiteGraph> },
    Knowledge { id: RequestId, state: crate::knowledge::settings::KnowledgeView },
    /// A question about what the user read: the pages found, with
    /// snippets. `answering`: a model writes the answer from them next,
    /// as `AnswerDelta`s and `AnswerDone`; otherwise this is the reply.
    KnowledgeFound { id: RequestId, found: crate::knowledge::answer::Found, answering: bool },
    /// The saved flows and what waits (answer to the flow requests).
    Flows { id: RequestId, flows: FlowsView },
    /// A flow just saved or edited, for the review card.
    FlowSaved { id: RequestId, flow: crate::flows::WebFlow },
    /// The flows as an export file's text (`flows::export`).
    FlowsExport { id: RequestId, text: String },
}

/// The flows screen's data.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowsView {
    pub flows: Vec<crate::flows::WebFlow>,
    /// The name of the flow being recorded, if one is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recording: Option<String>,
    /// The last replay's healed steps, one line each, waiting for Accept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub healed: Vec<String>,
    /// What the last request changed or why it failed ("Imported 2 flows").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How one command ended, as the panel shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepOutcome {
    pub ok: bool,
    /// One line: what happened ("Clicked “Sign in” → now on “Dashboard”
    /// (/app/dashboard/)"), or why it failed.
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attachment: Option<StepAttachment>,
}

/// More than a line, shown under the step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum StepAttachment {
    /// The help, a page summary, what the page offers, extracted items.
    Text { text: String },
    /// A picture of the visible tab (`data:image/png;base64,…`), shown in
    /// the panel and saved only when the user clicks its link; it is never
    /// sent anywhere else.
    Image { data_url: String, file_name: String },
    /// "What can I do here" (issue 43 point 5): the list as text, and the
    /// page's capabilities as suggestions the panel runs when pressed,
    /// with "Remember these for this site".
    Offers { text: String, suggestions: Vec<crate::flows::Suggestion> },
}

impl PanelEvent {
    pub fn id(&self) -> RequestId {
        match self {
            PanelEvent::Settings { id, .. }
            | PanelEvent::Saved { id, .. }
            | PanelEvent::ConnectionOk { id, .. }
            | PanelEvent::Failed { id, .. }
            | PanelEvent::AnswerStarted { id, .. }
            | PanelEvent::AnswerDelta { id, .. }
            | PanelEvent::AnswerDone { id }
            | PanelEvent::CommandsStarted { id, .. }
            | PanelEvent::StepStarted { id, .. }
            | PanelEvent::StepDone { id, .. }
            | PanelEvent::CommandsDone { id }
            | PanelEvent::LocalReply { id, .. }
            | PanelEvent::Task { id, .. }
            | PanelEvent::Tasks { id, .. }
            | PanelEvent::TaskRecord { id, .. }
            | PanelEvent::AgentSettings { id, .. }
            | PanelEvent::Sites { id, .. }
            | PanelEvent::SiteGraphs { id, .. }
            | PanelEvent::Knowledge { id, .. }
            | PanelEvent::KnowledgeFound { id, .. }
            | PanelEvent::Flows { id, .. }
            | PanelEvent::FlowSaved { id, .. }
            | PanelEvent::FlowsExport { id, .. } => *id,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PageRef {
    pub url: String,
    pub title: String,
}

/// Everything that can go wrong for a panel request, each with a message the
/// user can act on (its `Display`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", content = "error", rename_all = "snake_case", rename_all_fields = "camelCase")]
pub enum CopilotError {
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Llm(#[from] LlmError),
    #[error(transparent)]
    Restricted(#[from] Restriction),
    #[error("There is no open tab to read. Open a web page in a normal browser window and ask again.")]
    NoActiveTab,
    #[error("Could not read the page: {detail}")]
    PageUnavailable { detail: String },
    #[error("The message was not understood by the service worker: {detail}")]
    BadRequest { detail: String },
    #[error("Internal error: {detail}")]
    Internal { detail: String },
    #[error(transparent)]
    AgentSettings(#[from] crate::agent::settings::AgentSettingsError),
}

/// Service worker → content script.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ContentRequest {
    /// Loads the content module if needed and reports which build runs.
    Ping,
    /// The compact text digest of the page.
    Digest,
    /// The page summary of seed 001, computed in the page so only the
    /// (redacted) summary leaves it.
    Summary { mode: SummaryMode },
    /// The MiniPCD of the page (seed 000 §5), rebuilt from the live DOM.
    MiniPcd,
    /// Ranked MiniPCD entries for a query (seed 000 §5 Query API).
    Query { query: crate::rank::RankQuery },
    /// What a selector matches, without acting (`dom.resolve`).
    Resolve { selector: crate::types::RoleSelector },
    /// Selectors and context for MiniPCD ids (`getDetails`).
    Details { ids: Vec<String> },
    /// One action on the element `selector` binds to (`dom.click`, …);
    /// `id` is the MiniPCD id it came from, for re-binding on retry.
    Act { selector: crate::types::RoleSelector, id: Option<String>, action: crate::act::DomAction },
    /// Scrolls the page or its main scrolling panel (`dom.scroll` without a selector).
    Scroll { to: crate::act::PageScroll },
    /// A collection's items as records of `fields` (`dom.extract`);
    /// `load` says whether to scroll for more (absent: only what is rendered).
    Extract {
        collection_id: String,
        fields: Vec<String>,
        #[serde(default)]
        load: crate::pcd::extract::LoadOptions,
    },
    /// Waits for a condition (`dom.waitFor`).
    WaitFor { event: crate::tools::WaitEvent, value: Option<String>, timeout_ms: u32 },
    /// Where the MiniPCD ids' elements are, and the viewport
    /// (`capture.candidates`, before the worker takes the screenshot).
    CandidateBoxes { ids: Vec<String> },
    /// Reach the cross-origin frame whose path from this frame has this
    /// tag (`frames::path_tag`; `getDetails` of a framed id): answered
    /// with [`ContentResponse::EnterFrame`].
    EnterFrame { tag: String },
    /// Prepare the first MiniPCD in the page's idle time (the side panel
    /// is open on this page): answered with [`ContentResponse::Prefetching`]
    /// at once, the work goes on in idle slices.
    Prefetch,
    /// A tab whose opener is this page appeared while an action runs here
    /// (the worker sees it, the page cannot): the action's effect is that
    /// tab, so it is not retried (a `window.open` popup would open again).
    /// Answered with [`ContentResponse::Noted`].
    TabOpened,
    /// Start (`on`) or stop reporting the user's own events in this page
    /// as [`ContentEvent::Recorded`] (issue 43, `bc_core::flows::record`);
    /// answered with [`ContentResponse::Recording`].
    Record { on: bool },
    /// What the page's controls are called, and its dropdowns' options
    /// (`bc_core::command::read_against`); answered with
    /// [`ContentResponse::Vocabulary`].
    Vocabulary,
}

/// Content script → service worker, the answer to a [`ContentRequest`].
/// It travels as JSON text ([`ContentResponse::to_wire`]), not as a tree
/// of JS objects: one string crosses each JS↔WASM boundary. Decoded value
/// by value from JS objects, a 10k-element page's MiniPCD took the worker
/// 10–13 ms on its first request (every value a boundary crossing through
/// glue not yet compiled), more than the message itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ContentResponse {
    /// `recording`: whether the page's flow recorder is armed.
    Pong {
        url: String,
        build: ContentBuild,
        fallback_reason: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        recording: bool,
    },
    Digest { digest: PageDigest },
    Summary { summary: PageSummary },
    /// `frames`: the page's visible cross-origin frames (at most
    /// `frames::MAX_PCD_FRAMES`), each already sent its nonce, for the
    /// worker to ask and merge.
    MiniPcd {
        mini: crate::types::MiniPcd,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        frames: Vec<crate::frames::FrameHop>,
    },
    /// `frames`: as for `MiniPcd`; the worker asks them for their own hits
    /// and merges (`frames::merge_hits`).
    Hits {
        hits: Vec<crate::types::QueryHit>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        frames: Vec<crate::frames::FrameHop>,
    },
    Resolved { resolution: crate::types::Resolution },
    Details { details: Vec<crate::types::PcdActionDetail> },
    Acted { outcome: crate::act::ActOutcome },
    Waited { outcome: crate::act::WaitOutcome },
    Extracted { extraction: crate::pcd::extract::Extraction },
    CandidateBoxes { viewport: crate::capture::Viewport, boxes: Vec<crate::capture::CandidateBox> },
    /// The request was understood but cannot be carried out, for a reason
    /// the tool reports as is (bad selector, unknown id, missing frame).
    Refused { error: crate::tools::ToolError },
    /// The request could not be decoded or the page has no document.
    Failed { error: String },
    /// The request's framePath goes into a cross-origin frame: the worker
    /// must send it there (see `bc_core::frames`).
    EnterFrame { hop: crate::frames::FrameHop },
    /// A [`ContentRequest::Prefetch`] was taken (`live`: the page's MiniPCD
    /// is current already, nothing to prepare).
    Prefetching { live: bool },
    /// A [`ContentRequest::TabOpened`] was taken.
    Noted,
    /// A [`ContentRequest::Record`] was taken; `pending`: events held back
    /// for coalescing (typing, scrolling), handed over on stop.
    Recording {
        on: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pending: Vec<crate::flows::RecordedEvent>,
    },
    Vocabulary { words: Vec<crate::command::PageWord> },
}

impl ContentResponse {
    /// The answer as the content script sends it: JSON text.
    pub fn to_wire(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            // Every field serialises; should one ever fail, the worker
            // still gets a well-formed answer saying why.
            let failed = ContentResponse::Failed { error: format!("the answer could not be encoded: {e}") };
            serde_json::to_string(&failed).expect("a failure serialises")
        })
    }

    /// An answer as the service worker receives it.
    pub fn from_wire(text: &str) -> Result<ContentResponse, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// Content script → service worker, unasked (`chrome.runtime.sendMessage`
/// from `content-loader.js`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum ContentEvent {
    /// This frame received `nonce` from its parent window (the parent's
    /// content script posted it); the worker learns the frame's id from
    /// the sender.
    FrameHello { nonce: String },
    /// While recording (a [`ContentRequest::Record`]): one of the user's own
    /// (trusted) events, its target as `getDetails` describes it; never a
    /// password, card or one-time-code value.
    Recorded { event: crate::flows::RecordedEvent },
}

/// Which build of the content module runs in a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ContentBuild {
    /// The WebAssembly module.
    Wasm,
    /// The wasm2js build, for pages whose CSP blocks WebAssembly.
    Wasm2js,
}

/// Who sent a message, decided from `chrome.runtime.MessageSender`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SenderClass {
    /// One of our own pages (side panel, options): may send [`PanelRequest`]s.
    ExtensionPage,
    /// Our content script in a web page: never privileged.
    ContentScript { tab_id: i32, frame_id: i32 },
    /// Anything else (another extension, a web page via externally_connectable).
    Foreign,
}

impl SenderClass {
    /// `own_id` is `chrome.runtime.id`; the rest are the sender's fields.
    pub fn classify(own_id: &str, sender_id: Option<&str>, sender_url: Option<&str>, tab_id: Option<i32>, frame_id: Option<i32>) -> SenderClass {
        if sender_id != Some(own_id) {
            return SenderClass::Foreign;
        }
        let own_origin = format!("chrome-extension://{own_id}/");
        match (tab_id, sender_url) {
            // A content script always has a tab and a web-page URL.
            (Some(tab_id), Some(url)) if !url.starts_with(&own_origin) => {
                SenderClass::ContentScript { tab_id, frame_id: frame_id.unwrap_or(0) }
            }
            (_, Some(url)) if url.starts_with(&own_origin) => SenderClass::ExtensionPage,
            _ => SenderClass::Foreign,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn panel_messages_round_trip() {
        let cases = [
            json!({"type": "getSettings", "id": 1}),
            json!({"type": "ask", "id": 2, "question": "price?", "history": [{"question": "q", "answer": "a"}]}),
            json!({"type": "saveSettings", "id": 3, "settings": {"endpoint": "http://h/v1", "apiKey": "k", "model": "m", "timeoutSecs": 5}}),
            json!({"type": "cancel", "id": 4}),
            json!({"type": "taskReply", "id": 5, "taskId": "t1", "promptId": 2, "reply": {"kind": "confirm", "allow": false}}),
            json!({"type": "taskReply", "id": 5, "taskId": "t1", "promptId": 3, "reply": {"kind": "site", "answer": "always"}}),
            json!({"type": "taskReply", "id": 5, "taskId": "t1", "promptId": 4, "reply": {"kind": "answer", "text": "the October one"}}),
            json!({"type": "setKnowledgeEnabled", "id": 6, "enabled": true}),
            json!({"type": "forgetKnowledgeSite", "id": 7, "site": null}),
            json!({"type": "forgetKnowledgeSite", "id": 7, "site": "news.example"}),
        ];
        for v in cases {
            let req: PanelRequest = serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"));
            assert_eq!(serde_json::to_value(&req).unwrap(), v);
        }
    }

    #[test]
    fn a_secret_reply_never_prints_its_value() {
        let v = json!({"type": "taskReply", "id": 1, "taskId": "t", "promptId": 1, "reply": {"kind": "secret", "value": "hunter2"}});
        let req: PanelRequest = serde_json::from_value(v).unwrap();
        let shown = format!("{req:?}");
        assert!(!shown.contains("hunter2") && shown.contains("[secret]"), "{shown}");
    }

    #[test]
    fn task_events_carry_their_request_and_task() {
        let ev = PanelEvent::Task { id: 7, task_id: "t".into(), event: crate::agent::TaskEvent::StepStarted { index: 0, description: "Click “Billing” (link)".into() } };
        let v = serde_json::to_value(&ev).unwrap();
        assert_eq!(v, json!({"type": "task", "id": 7, "taskId": "t", "event": {"event": "stepStarted", "index": 0, "description": "Click “Billing” (link)"}}));
        assert_eq!(serde_json::from_value::<PanelEvent>(v).unwrap().id(), 7);
    }

    #[test]
    fn content_answers_travel_as_json_text() {
        let mini: crate::types::MiniPcd = serde_json::from_value(json!({
            "url": "https://shop.test/", "origin": "https://shop.test", "title": "Shop", "loginState": "out", "ts": 1.5, "landmarks": ["main"],
            "actions": [{"id": "a1", "label": "Add to cart", "role": "button", "kind": "add_to_cart", "landmark": "main", "aboveFold": true}],
            "forms": [], "collections": []
        }))
        .unwrap();
        let answers = [
            ContentResponse::MiniPcd { mini, frames: Vec::new() },
            ContentResponse::Failed { error: "no document \"here\"".into() },
        ];
        for a in answers {
            let text = a.to_wire();
            assert_eq!(ContentResponse::from_wire(&text).unwrap(), a, "{text}");
        }
        let bad = ContentResponse::from_wire("{\"type\": \"teleported\"}").unwrap_err();
        assert!(bad.to_string().contains("teleported"), "{bad}");
    }

    #[test]
    fn failure_event_carries_a_typed_error() {
        let ev = PanelEvent::Failed { id: 7, error: LlmError::RateLimited { retry_after_secs: Some(3) }.into() };
        let v = serde_json::to_value(&ev).unwrap();
        assert_eq!(v, json!({"type": "failed", "id": 7, "error": {"kind": "llm", "error": {"code": "rate_limited", "retryAfterSecs": 3}}}));
        let back: PanelEvent = serde_json::from_value(v).unwrap();
        assert_eq!(back, ev);
        let PanelEvent::Failed { error, .. } = back else { unreachable!() };
        assert!(error.to_string().contains("429"));
    }

    #[test]
    fn command_run_events_round_trip() {
        let cases = [
            json!({"type": "commandsStarted", "id": 5, "steps": ["Open https://example.com/", "Click “Sign in”"]}),
            json!({"type": "stepStarted", "id": 5, "index": 1}),
            json!({"type": "stepDone", "id": 5, "index": 0, "outcome": {"ok": true, "summary": "Now on “Example” (example.com/)"}}),
            json!({"type": "stepDone", "id": 5, "index": 1, "outcome": {"ok": false, "summary": "Nothing on this page matches “Sign in”."}}),
            json!({"type": "stepDone", "id": 6, "index": 0, "outcome": {"ok": true, "summary": "Took a screenshot",
                "attachment": {"kind": "image", "dataUrl": "data:image/png;base64,AAAA", "fileName": "screenshot-x.png"}}}),
            json!({"type": "stepDone", "id": 7, "index": 0, "outcome": {"ok": true, "summary": "Here is what I understand",
                "attachment": {"kind": "text", "text": "• click Sign in"}}}),
            json!({"type": "commandsDone", "id": 5}),
            json!({"type": "localReply", "id": 8, "text": "Here is what I understand…", "needsLlm": true}),
            json!({"type": "knowledge", "id": 9, "state": {"enabled": true, "excluded": ["bank.test"], "pages": 3, "bytes": 9000, "forgot": {"site": "a.test", "pages": 2}}}),
            json!({"type": "knowledgeFound", "id": 10, "answering": false, "found": {"heading": "1 page you read about “x”:", "sources": [
                {"n": 1, "title": "X", "url": "https://a.test/x", "site": "a.test", "visitedMs": 1.0, "date": "Jan 1, 1970", "snippet": "About x."}]}}),
        ];
        for v in cases {
            let ev: PanelEvent = serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"));
            assert_eq!(serde_json::to_value(&ev).unwrap(), v);
            assert_eq!(ev.id(), v["id"].as_u64().unwrap() as RequestId);
        }
    }

    #[test]
    fn content_messages_round_trip() {
        let v = json!({"type": "pong", "url": "http://x/", "build": "wasm2js", "fallbackReason": "CSP"});
        let r: ContentResponse = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(serde_json::to_value(&r).unwrap(), v);
        assert_eq!(serde_json::to_value(ContentRequest::Digest).unwrap(), json!({"type": "digest"}));
        assert_eq!(serde_json::to_value(ContentRequest::Prefetch).unwrap(), json!({"type": "prefetch"}));
        let r: ContentResponse = serde_json::from_value(json!({"type": "prefetching", "live": false})).unwrap();
        assert_eq!(r, ContentResponse::Prefetching { live: false });
        // What content-loader.js sends, byte for byte.
        let hello: ContentEvent = serde_json::from_value(json!({"type": "frameHello", "nonce": "n1"})).unwrap();
        assert_eq!(hello, ContentEvent::FrameHello { nonce: "n1".into() });
        let hop = json!({"type": "enterFrame", "hop": {"nonce": "n", "path": ["iframe#a"], "x": 1.0, "y": 2.0}});
        let r: ContentResponse = serde_json::from_value(hop.clone()).unwrap();
        assert_eq!(serde_json::to_value(&r).unwrap(), hop);
    }

    #[test]
    fn sender_classification() {
        let id = "abcdef";
        let page = "chrome-extension://abcdef/sidepanel.html";
        assert_eq!(SenderClass::classify(id, Some(id), Some(page), None, None), SenderClass::ExtensionPage);
        // The side panel opened as a tab still is an extension page.
        assert_eq!(SenderClass::classify(id, Some(id), Some(page), Some(3), Some(0)), SenderClass::ExtensionPage);
        assert_eq!(
            SenderClass::classify(id, Some(id), Some("https://evil.example/"), Some(3), Some(2)),
            SenderClass::ContentScript { tab_id: 3, frame_id: 2 }
        );
        assert_eq!(SenderClass::classify(id, Some("other"), Some(page), None, None), SenderClass::Foreign);
        assert_eq!(SenderClass::classify(id, Some(id), Some("https://x/"), None, None), SenderClass::Foreign);
        assert_eq!(SenderClass::classify(id, None, None, None, None), SenderClass::Foreign);
    }
}
