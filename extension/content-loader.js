// Tiny content script on every page: it does nothing until the service worker
// talks to this tab; only then is the content module (WASM, or its wasm2js
// build where the page's CSP forbids WebAssembly) imported. Logic: crates/content.
let content;
chrome.runtime.onMessage.addListener((msg, _sender, reply) => {
  content ??= import(chrome.runtime.getURL('content/boot.js')).then((m) => m.boot());
  content.then((c) => c.handle_message(msg)).then(reply, (e) => reply({ type: 'failed', error: String(e) }));
  return true;
});
