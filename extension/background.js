// Service-worker loader: listeners are registered synchronously (Chrome only
// wakes a worker for listeners added in the first turn); each awaits the one
// WASM init. All logic is in crates/background.
import init, * as bg from './background/bc_background.js';

const ready = init({ module_or_path: new URL('./background/bc_background_bg.wasm', import.meta.url) });
chrome.runtime.onConnect.addListener((port) => {
  // A port's messages are dropped if no listener exists yet: hold those that
  // arrive while the module initialises (e.g. the wake-up request itself).
  const early = [];
  const hold = (msg) => early.push(msg);
  port.onMessage.addListener(hold);
  ready.then(() => { port.onMessage.removeListener(hold); bg.on_connect(port, early); });
});
// Debug and test entry (DevTools, e2e tests): the same tool surface the controller uses.
self.copilot = {
  // options: { taskId } groups calls so that cancel(taskId) stops them all.
  call: (name, args, options) => ready.then(() => bg.call_tool(name, args ?? {}, options ?? {})),
  cancel: (taskId) => ready.then(() => bg.cancel_task(taskId)),
  contentStatus: (tabId) => ready.then(() => bg.content_status(tabId)),
};
