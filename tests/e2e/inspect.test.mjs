// `cargo xtask inspect` (tests/tools/inspect.mjs) as a user runs it: a
// page in, JSON on stdout, timings on stderr; a mistake in the arguments is
// named before any browser starts. Each row: arguments after the page,
// the exit status, and what the output must show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';

const SCRIPT = path.join(import.meta.dirname, '..', 'tools', 'inspect.mjs');
const ORDERS = path.join(process.env.BC_WWW_ROOT ?? '', 'orders', 'index.html');

/** Runs inspect; its exit status, stdout and stderr (never throws on a status). */
function inspect(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { env: process.env, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ status: error ? (error.code ?? 'killed') : 0, stdout, stderr });
    });
  });
}

const ROWS = [
  {
    what: 'the MiniPCD of a page',
    args: [ORDERS],
    status: 0,
    check: (out) => {
      const r = JSON.parse(out.stdout);
      assert.equal(r.ok, true);
      assert.match(r.data.url, /\/orders\//);
      // The order rows are one collection (aria-rowcount: 1000) with its per-row template actions.
      const rows = r.data.collections.find((c) => c.approxCount === 1000);
      assert.ok(rows, JSON.stringify(r.data.collections));
      assert.ok(r.data.actions.some((a) => a.appliesToCollectionId === rows.id), JSON.stringify(r.data.actions));
      assert.match(out.stderr, /content module: wasm/);
      assert.match(out.stderr, /tool call: [0-9.]+ ms/);
    },
  },
  {
    what: 'the compact summary',
    args: [ORDERS, '--summary', 'compact'],
    status: 0,
    check: (out) => {
      const r = JSON.parse(out.stdout);
      assert.equal(r.ok, true);
      assert.ok(r.data.headings.includes('h1: Orders'), JSON.stringify(r.data.headings));
      assert.ok(r.data.primary_actions.length > 0 && r.data.primary_actions.length <= 5);
      assert.match(out.stderr, /again: [0-9.]+ ms/);
    },
  },
  {
    what: 'a query, as people say a padded number',
    args: [ORDERS, '--query', 'order 2', '--top', '3'],
    status: 0,
    check: (out) => {
      const r = JSON.parse(out.stdout);
      assert.equal(r.ok, true);
      assert.ok(r.data.length <= 3);
      assert.equal(r.data[0]?.label, 'Order #0002', JSON.stringify(r.data));
    },
  },
  { what: 'an unknown kind', args: [ORDERS, '--kind', 'foo'], status: 2, check: (out) => assert.match(out.stderr, /--kind foo: expected one of action, form, collection/) },
  { what: 'an unknown option', args: [ORDERS, '--sumary', 'full'], status: 2, check: (out) => assert.match(out.stderr, /unknown option --sumary/) },
  { what: 'a bad --top', args: [ORDERS, '--query', 'x', '--top', '0'], status: 2, check: (out) => assert.match(out.stderr, /--top 0: expected a positive whole number/) },
  { what: 'a missing file', args: ['no/such/page.html'], status: 2, check: (out) => assert.match(out.stderr, /no\/such\/page.html: no such file/) },
  { what: 'no page', args: [], status: 2, check: (out) => assert.match(out.stderr, /which page\?/) },
  { what: '--help', args: ['--help'], status: 0, check: (out) => assert.match(out.stdout, /^usage: cargo xtask inspect <url-or-file>/) },
];

for (const row of ROWS) {
  test(`inspect: ${row.what}`, async () => {
    const out = await inspect(row.args);
    assert.equal(out.status, row.status, `exit ${out.status}\nstdout: ${out.stdout.slice(0, 2000)}\nstderr: ${out.stderr.slice(0, 2000)}`);
    row.check(out);
  });
}
