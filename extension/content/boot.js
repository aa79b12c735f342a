// Loads the content module: the WASM build, or where the page's CSP forbids
// compiling WebAssembly, the wasm2js build of the same crate. Rust is told
// which one runs and why (diagnostics: ContentResponse::Pong).
// `url(path)` gives the extension's dynamic URL of a file.
export async function boot(url) {
  try {
    const m = await import(url('content/bc_content.js'));
    await m.default({ module_or_path: url('content/bc_content_bg.wasm') });
    m.start('wasm', undefined);
    return m;
  } catch (e) {
    if (!(e instanceof WebAssembly.CompileError)) throw e;
    const m = await loadWasm2js(url);
    m.start('wasm2js', String(e.message));
    return m;
  }
}

// wasm-bindgen's bundler glue, fed the wasm2js translation's exports instead
// of a WebAssembly instance (xtask makes the translation export `instantiate`).
async function loadWasm2js(url) {
  const glue = await import(url('content/fallback/bc_content_bg.js'));
  const { instantiate } = await import(url('content/fallback/bc_content_bg.wasm.js'));
  const exports = instantiate({ './bc_content_bg.js': glue });
  glue.__wbg_set_wasm(exports);
  exports.__wbindgen_start?.();
  return glue;
}
