// Agent tasks on real sites' pages this machine holds (tests/support/
// real_sites.mjs), for `cargo xtask bench agent`: nobody here wrote these
// pages, and they are the size pages are on the web (a docs site's
// sidebar of a hundred links, a long article), where a page's state, not
// the fixed part of a request, is most of what a model is sent. The www/
// tasks are small demo pages; these show the other end.
//
// The scripted model plays each task as a model would with our listing:
// the link it needs is one of many, so it asks pcd_query first, then
// clicks the hit, then answers. Bench only: no test asserts on these.
import { say, turns } from '../support/agent_tasks.mjs';
import { REAL_SITES } from '../support/real_sites.mjs';

/** The id of the pcd_query hit whose label holds `words` (lines are `id label [kind] score`). */
const hit = (words) => `{{match:\\n(\\w+) [^\\n]*${words}}}`;

const site = (prefix) => REAL_SITES.find((s) => s.label.startsWith(prefix));

export const REAL_TASKS = {
  rustBook: {
    label: 'real: Rust book chapter',
    site: site('doc.rust-lang.org'),
    start: '/book/title-page.html',
    goal: 'Open the Rust book chapter on data types and tell me its scalar types',
    rules: turns('chapter on data types', [
      say('The chapter list is long; finding the chapter.', ['pcd_query', { text: 'data types' }]),
      say('Opening it.', ['dom_click', { id: hit('Data Types') }]),
      say('', ['done', { answer: 'Rust has four scalar types: integers, floating-point numbers, Booleans and characters.' }]),
    ]),
  },
  nodePath: {
    label: 'real: Node.js API page',
    site: site('nodejs.org'),
    start: '/index.html',
    goal: 'Open the Node.js docs of the path module and tell me what path.basename returns',
    rules: turns('docs of the path module', [
      say('Finding the module in the index.', ['pcd_query', { text: 'path module' }]),
      say('Opening it.', ['dom_click', { id: hit('Path') }]),
      say('Looking for basename.', ['pcd_query', { text: 'path.basename' }]),
      say('', ['done', { answer: 'path.basename(path[, suffix]) returns the last portion of a path.' }]),
    ]),
  },
};
