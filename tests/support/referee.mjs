// Playwright as the referee of our RoleSelectors: the locator with the same
// semantics as one of our selectors, and the boxes it matches. Shared by the
// e2e resolve test (www/ pages) and `cargo xtask conformance perception`
// (pages we did not write).

/** Our `withinLandmark` values as ARIA landmark roles. */
export const LANDMARK_ROLE = { main: 'main', nav: 'navigation', header: 'banner', footer: 'contentinfo', aside: 'complementary' };

/** Where one of our selectors looks: its frames, then its landmark. */
export function scopeFor(page, sel) {
  let scope = page;
  for (const f of sel.framePath ?? []) scope = scope.frameLocator(f);
  return sel.withinLandmark && sel.kind !== 'css' ? scope.getByRole(LANDMARK_ROLE[sel.withinLandmark]) : scope;
}

/** The Playwright locator for one of our selectors (same semantics). */
export function locatorFor(page, sel) {
  const scope = scopeFor(page, sel);
  if (sel.kind === 'css') return scope.locator(sel.css);
  let loc;
  if (sel.kind === 'text') loc = scope.getByText(sel.text);
  else {
    const opts = {};
    if (sel.name !== undefined) {
      opts.name = sel.nameMode === 'regex' ? new RegExp(sel.name) : sel.name;
      opts.exact = sel.nameMode === 'exact';
    }
    for (const k of ['pressed', 'disabled', 'checked', 'expanded', 'selected', 'level']) if (k in sel) opts[k] = sel[k];
    loc = scope.getByRole(sel.role, opts);
  }
  return sel.nth !== undefined ? loc.nth(sel.nth) : loc;
}

/** Whether two boxes are the same within a pixel. */
export const near = (a, b) => Boolean(a && b) && ['x', 'y', 'width', 'height'].every((k) => Math.abs(a[k] - b[k]) <= 1);
export const fmt = (r) => (r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}` : 'none');

/** Boxes of the first `max` elements a Playwright locator matches, in order, and their count. */
export async function boxes(loc, max = 20) {
  const n = await loc.count();
  const out = [];
  for (let i = 0; i < Math.min(n, max); i++) out.push(await loc.nth(i).boundingBox());
  return { count: n, boxes: out };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Why Playwright finds no element, or another, for a role selector of ours
 * that resolves to the element at `box`, when the reason is a known
 * difference between Chromium's accessibility tree (which we follow) and
 * Playwright's role and name rules; null otherwise.
 */
export async function knownDifference(page, sel, box) {
  if (sel.kind !== 'role' || sel.name === undefined || sel.nameMode === 'regex') return null;
  const scope = scopeFor(page, sel);
  const nth = (loc) => (sel.nth !== undefined ? loc.nth(sel.nth) : loc);
  const at = async (loc) => {
    const b = await boxes(nth(loc), 2).catch(() => null);
    return b?.count === 1 && near(box, b.boxes[0]);
  };
  // Chromium names by the rendered text, after CSS `text-transform`
  // ("COPY"); Playwright by the DOM's ("Copy").
  if (await at(scope.getByRole(sel.role, { name: new RegExp(`^${escape(sel.name)}$`, 'i') }))) {
    return 'text-transform: Chromium names by the rendered case, Playwright by the DOM text';
  }
  // An <a> without href that takes clicks is a link in Chromium's tree;
  // Playwright, like HTML-AAM, makes it generic.
  if (sel.role === 'link' && await at(scope.locator('a:not([href])').filter({ hasText: new RegExp(`^\\s*${escape(sel.name)}\\s*$`) }))) {
    return 'an <a> without href taking clicks: a link to Chromium, generic to Playwright';
  }
  return null;
}
