// Real sites' pages found on machines of this kind, for measuring
// perception where nobody wrote the page for us: the conformance run
// (`tests/conformance/perception.mjs --real`) and the perception bench
// (`BC_BENCH_REAL=1`). Served offline by `bc-www` from their folders.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Rust toolchain's HTML docs (rustup's rust-docs component), if any. */
function rustDocs() {
  try {
    const sysroot = execFileSync('rustc', ['--print', 'sysroot'], { encoding: 'utf8' }).trim();
    return path.join(sysroot, 'share', 'doc', 'rust', 'html');
  } catch {
    return null;
  }
}

/** Playwright's own web UIs (React apps), which `npm ci` in tests/ installs. */
const playwrightUi = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'playwright-core', 'lib', 'vite');

// Real sites' pages found on machines of this kind, chosen for variety:
// generators (rustdoc, mdBook, Node's doc tool, npm's Gatsby-era output,
// DocBook, gtk-doc), a React app (Playwright's trace viewer in UI mode),
// sizes (a 14 KB index to rustdoc's 940 KB `Vec` page with thousands of
// controls) and widgets (theme menus, search toggles, sidebars, filters).
export const REAL_SITES = [
  { label: 'doc.rust-lang.org (rustdoc, mdBook)', root: rustDocs(), pages: [
    '/std/index.html', '/std/vec/struct.Vec.html', '/std/collections/index.html', '/core/option/enum.Option.html',
    '/book/ch03-02-data-types.html', '/book/title-page.html', '/cargo/reference/manifest.html',
    '/reference/expressions.html', '/rust-by-example/index.html', '/error_codes/E0277.html',
  ] },
  { label: 'nodejs.org/api', root: '/usr/share/doc/nodejs/api', pages: ['/index.html', '/fs.html', '/http.html', '/path.html', '/events.html'] },
  { label: 'docs.npmjs.com', root: '/usr/lib/node_modules/npm/docs/output', pages: ['/commands/npm-install.html', '/commands/npm.html', '/using-npm/scripts.html', '/configuring-npm/package-json.html'] },
  { label: 'valgrind.org/docs (DocBook)', root: '/usr/share/doc/valgrind/html', pages: ['/manual-core.html', '/mc-manual.html'] },
  { label: 'gnome.pages.gitlab.gnome.org/libxslt (gtk-doc)', root: '/usr/share/doc/libxslt1-dev', pages: ['/gtk-doc/html/libxslt/libxslt-xsltInternals.html', '/html/APIchunk2.html'] },
  { label: "Playwright's UI (React)", root: playwrightUi, pages: ['/traceViewer/uiMode.html', '/dashboard/index.html'] },
];

/** The sites with the pages this machine holds (messages for the others). */
export function realSources() {
  return REAL_SITES.map((s) => ({ ...s, pages: s.root ? s.pages.filter((p) => fs.existsSync(path.join(s.root, p))) : [] }))
    .filter((s) => {
      if (!s.pages.length) console.error(`${s.label}: not on this machine, skipped`);
      return s.pages.length > 0;
    });
}

