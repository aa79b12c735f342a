// Loads the content module: the WASM build, or where the page's CSP forbids
// compiling WebAssembly, the wasm2js build of the same crate. Rust is told
// which one runs and why (diagnostics: ContentResponse::Pong).
export async function boot() {
  try {
    const m = await import('./bc_content.js');
    await m.default({ module_or_path: new URL('./bc_content_bg.wasm', import.meta.url) });
    m.start('wasm', undefined);
    return m;
  } catch (e) {
    if (!(e instanceof WebAssembly.CompileError)) throw e;
    const m = await import('./fallback/bc_content.js');
    m.start('wasm2js', String(e.message));
    return m;
  }
}
