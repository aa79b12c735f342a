// Service-worker loader: listeners are registered synchronously (Chrome only
// wakes a worker for listeners added in the first turn); each awaits the one
// WASM init. All logic is in crates/background.
import init, * as bg from './background/bc_background.js';
import initPdf, { extractText } from './pdf/bc_pdf.js';

const ready = init({ module_or_path: new URL('./background/bc_background_bg.wasm', import.meta.url) });
chrome.runtime.onConnect.addListener((port) => {
  // A port's messages are dropped if no listener exists yet: hold those that
  // arrive while the module initialises (e.g. the wake-up request itself).
  const early = [];
  const hold = (msg) => early.push(msg);
  port.onMessage.addListener(hold);
  ready.then(() => { port.onMessage.removeListener(hold); bg.on_connect(port, early); });
});
// Our content scripts' events (a child frame naming itself for frame routing);
// never answered, so no reply channel is kept open.
chrome.runtime.onMessage.addListener((msg, sender) => { ready.then(() => bg.on_message(msg, sender)); });
// Page loads: flow recording re-arms its recorder in a recorded tab
// (crates/background/src/flows), and the knowledge index (off unless the
// user turns it on) notes pages read in the active tab.
chrome.tabs.onUpdated.addListener((tabId, info, tab) => {
  if (info.url || info.status === 'complete') ready.then(() => bg.on_tab_updated(tabId, info, tab));
});
chrome.tabs.onActivated.addListener((info) => { ready.then(() => bg.on_tab_activated(info)); });
// The PDF reader (crates/pdf), compiled on the first PDF the knowledge
// index reads: JSON of its text or of why there is none.
let pdfReady;
globalThis.bcReadPdf = async (bytes) => {
  pdfReady ??= initPdf({ module_or_path: new URL('./pdf/bc_pdf_bg.wasm', import.meta.url) });
  await pdfReady;
  return extractText(bytes);
};
// Debug and test entry (DevTools, e2e tests): the same tool surface the controller uses.
self.copilot = {
  // options: { taskId } groups calls so that cancel(taskId) stops them all.
  call: (name, args, options) => ready.then(() => bg.call_tool(name, args ?? {}, options ?? {})),
  cancel: (taskId) => ready.then(() => bg.cancel_task(taskId)),
  contentStatus: (tabId) => ready.then(() => bg.content_status(tabId)),
  // Fixes the knowledge index's "now" (ms since the epoch; null: real time).
  setKnowledgeNow: (ms) => ready.then(() => bg.set_knowledge_now(ms ?? null)),
};
