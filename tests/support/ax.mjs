// The accessibility-tree referee, shared by the AX oracle test (every www/
// page, tests/e2e/ax-oracle.test.mjs) and the perception conformance run on
// third-party pages (tests/conformance/perception.mjs): what our content
// module reports for a page's interactive elements, what Chromium's own
// accessibility tree says of the same nodes (matched by backendDOMNodeId),
// and how the two compare.
//
// Deliberate differences, recognised by `compare` and counted apart (each
// has a rule here, so nothing else can hide behind it):
// - fallback label: neither accname (ours, also computed) nor Chromium
//   gives the control a name (e.g. a clickable <div>: generic elements take
//   no name from content), so the reported name is its visible text or a
//   labelling attribute, because an action needs a label (pcd/control.rs);
// - name clipped: reported names stop at 300 characters (pcd/control.rs);
// - secret not read: Chromium's name contains the value of a password or
//   card field, which we never read (aria/dom.rs `is_sensitive`).
// - word break: Chromium's name has a space where the element holds a
//   `<wbr>` (rustdoc breaks `async_<wbr>iter`, `Linked<wbr>List`); the
//   text shows none, and Playwright's getByRole name has none either.

export const norm = (s) => (s ?? '').replace(/\s+/g, ' ').trim();

export function pct(a, b) {
  return b ? `${((100 * a) / b).toFixed(1)}%` : '-';
}

// CDP names Chromium-internal roles with a capital letter (StaticText,
// LabelText, DisclosureTriangle, …): they have no ARIA role, which we report
// as "". `ignored` nodes are not in the platform tree at all.
export function chromiumRole(ax) {
  if (!ax) return '<no AX node>';
  if (ax.ignored) return '<ignored>';
  const r = ax.role?.value ?? '';
  return /^[A-Z]/.test(r) ? '' : r;
}

// Runs in the extension's isolated world, as a function on the array the
// export returned: plain data per control (the element itself stays behind
// an object id), plus the values of secret fields, only so that the
// comparison can recognise where Chromium put one into a name.
function describeControls() {
  const describe = (el) => {
    let d = el.localName;
    if (el.id) d += `#${el.id}`;
    for (const c of [...el.classList].slice(0, 2)) d += `.${c}`;
    for (const a of ['role', 'type', 'name', 'aria-label']) {
      const v = el.getAttribute(a);
      if (v !== null) d += `[${a}="${v.slice(0, 30)}"]`;
    }
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) d += ` "${text.length > 40 ? text.slice(0, 39) + '…' : text}"`;
    return d;
  };
  // Chromium shows a password field's value masked, other fields' as typed.
  const secrets = this.filter((c) => c.sensitive && c.el.value)
    .flatMap((c) => [c.el.value, ...(c.el.type === 'password' ? ['•'.repeat(c.el.value.length)] : [])]);
  return {
    secrets,
    controls: this.map((c) => ({
      role: c.role, name: c.name, accname: c.accname, clickable: c.clickable, wbr: c.el.getElementsByTagName('wbr').length > 0,
      where: [...c.framePath, ...(c.inShadow ? ['(shadow)'] : [])].join(' › '),
      desc: describe(c.el),
    })),
  };
}

/**
 * Our reported controls on the open page (`debug_reported_controls`, run in
 * the extension's isolated world of the top frame, where the content module
 * must already be loaded), each with its backendNodeId: `{controls, secrets}`.
 * `cdp` has DOM enabled.
 */
export async function ourControls(cdp, extensionId) {
  const contexts = [];
  cdp.on('Runtime.executionContextCreated', (e) => contexts.push(e.context));
  await cdp.send('Runtime.enable');
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const origin = `chrome-extension://${extensionId}`;
  const world = contexts.find((c) => c.auxData?.frameId === frameTree.frame.id && c.origin === origin);
  if (!world) throw new Error(`no isolated world of the extension in ${frameTree.frame.url}: ${JSON.stringify(contexts.map((c) => [c.name, c.origin, c.auxData]))}`);
  // `content` is content-loader.js's promise of the loaded module (top-level
  // `let` of a classic script: visible to later evaluations in its world).
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    expression: 'content.then((m) => m.debug_reported_controls())',
    contextId: world.id, awaitPromise: true,
  });
  if (exceptionDetails) {
    throw new Error(`debug_reported_controls on ${frameTree.frame.url} (via content-loader.js's \`content\`): ` +
      (exceptionDetails?.exception?.description ?? JSON.stringify(exceptionDetails)));
  }
  const data = (await cdp.send('Runtime.callFunctionOn', {
    objectId: result.objectId, functionDeclaration: describeControls.toString(), returnByValue: true,
  })).result.value;
  const els = await cdp.send('Runtime.callFunctionOn', {
    objectId: result.objectId, functionDeclaration: 'function () { return this.map((c) => c.el); }',
  });
  const { result: props } = await cdp.send('Runtime.getProperties', { objectId: els.result.objectId, ownProperties: true });
  for (const p of props) {
    if (!/^\d+$/.test(p.name)) continue;
    const { node } = await cdp.send('DOM.describeNode', { objectId: p.value.objectId });
    data.controls[Number(p.name)].backendNodeId = node.backendNodeId;
  }
  return data;
}

/** Chromium's AX nodes of every frame of the page, by backendDOMNodeId. */
export async function chromiumTree(cdp) {
  const byNode = new Map();
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const frames = [];
  const walk = (t) => { frames.push(t.frame.id); (t.childFrames ?? []).forEach(walk); };
  walk(frameTree);
  for (const frameId of frames) {
    // Cross-origin frames in another process are not in this session; ours skip them too.
    const res = await cdp.send('Accessibility.getFullAXTree', { frameId }).catch(() => ({ nodes: [] }));
    for (const n of res.nodes) if (n.backendDOMNodeId !== undefined) byNode.set(n.backendDOMNodeId, n);
  }
  return byNode;
}

/** The AX node of `backendNodeId`: from `tree`, else asked of Chromium alone. */
export async function axNode(cdp, tree, backendNodeId) {
  return tree.get(backendNodeId) ?? (await cdp.send('Accessibility.getPartialAXTree',
    { backendNodeId, fetchRelatives: false }).catch(() => ({ nodes: [] }))).nodes[0];
}

/** Reported names longer than this are cut (pcd/control.rs MAX_NAME). */
const MAX_NAME = 300;

/**
 * Compares one control with its AX node: `{roleOk, nameOk, deliberate,
 * ours, theirs}`, where `deliberate` names the rule that explains a name
 * difference (see the header), or is null.
 */
export function compare(c, ax, secrets) {
  const theirs = { role: chromiumRole(ax), name: ax && !ax.ignored ? norm(ax.name?.value) : '' };
  const ours = { role: c.role, name: norm(c.name) };
  const roleOk = ours.role === theirs.role;
  const nameOk = ours.name === theirs.name;
  let deliberate = null;
  if (!nameOk) {
    if (theirs.name === '' && norm(c.accname) === '') deliberate = 'fallback label';
    else if ([...c.name].length >= MAX_NAME && theirs.name.startsWith(ours.name)) deliberate = 'name clipped';
    else if (secrets.some((x) => theirs.name.includes(norm(x)))) {
      const stripped = secrets.reduce((n, x) => n.split(norm(x)).join(' '), theirs.name);
      if (norm(stripped) === ours.name) deliberate = 'secret not read';
    } else if (c.wbr && theirs.name.replace(/ /g, '') === ours.name.replace(/ /g, '')) deliberate = 'word break';
  }
  return { roleOk, nameOk, deliberate, ours, theirs };
}

/**
 * Adds one comparison to the totals `sum` ({role, name, strict}): whether
 * its role and name agree, a name explained by a deliberate rule counting
 * as agreeing (`strict` counts it as a difference).
 */
export function tally(d, sum) {
  const nameAgrees = d.nameOk || d.deliberate !== null;
  sum.role += d.roleOk;
  sum.name += nameAgrees;
  sum.strict += d.roleOk && d.nameOk;
  return d.roleOk && nameAgrees;
}

/** One difference, as the reports print it. */
export const what = (d) => [!d.roleOk && `role ours ${JSON.stringify(d.ours.role)} vs Chromium ${JSON.stringify(d.theirs.role)}`,
  !d.nameOk && `name ours ${JSON.stringify(d.ours.name)} vs Chromium ${JSON.stringify(d.theirs.name)}`].filter(Boolean).join('; ');

/** Where a control is, as the reports print it. */
export const at = (c) => `${c.where ? c.where + ' › ' : ''}${c.desc}`;
