// Tiny content script on every page: it does nothing until the service worker
// talks to this tab; only then is the content module (WASM, or its wasm2js
// build where the page's CSP forbids WebAssembly) imported. Logic: crates/content.
let content;
chrome.runtime.onMessage.addListener((msg, _sender, reply) => {
  // Absolute URLs only: with use_dynamic_url, relative imports would resolve
  // against the extension's static id, which pages may not load.
  const url = (path) => chrome.runtime.getURL(path);
  content ??= import(url('content/boot.js')).then((m) => m.boot(url));
  content.then((c) => c.handle_message(msg)).then(reply, (e) => reply({ type: 'failed', error: String(e) }));
  return true;
});
// Frame routing (crates/background/src/frames.rs): the parent frame's content
// script posts a nonce into this frame; telling the worker makes it learn this
// frame's id. Only the parent window is heard.
addEventListener('message', (e) => {
  const nonce = e.source === parent && parent !== self ? e.data?.bcFrameNonce : undefined;
  if (typeof nonce === 'string') chrome.runtime.sendMessage({ type: 'frameHello', nonce }).catch(() => {});
});
