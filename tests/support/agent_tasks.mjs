// The www/ agent tasks the scripted model plays, shared by the end-to-end
// tests (tests/e2e/agent.test.mjs, which assert what each leads to) and
// `cargo xtask bench agent` (tests/bench/agent.mjs, which measures them):
// one definition, so the bench measures exactly the tasks the tests check.
//
// A task is its goal, the page it starts on, the state it needs (a
// session, an empty cart), the scenario rules of bc-llm-server that play
// the model, and what the user types into the panel's cards. The rules
// refer to elements by the ids the extension listed (`{{match:…}}`
// templates over the request), as a real model does; see
// crates/llm-server/README.md.

/** The id the extension listed for `label` (role `role`), as the scripted model writes it. */
export const id = (role, label) => `{{match:- (\\w+) ${role} "${label}"}}`;

/** A model reply: a note and tool calls given as `[name, args]`. */
export const say = (content, ...calls) => ({ content, toolCalls: calls.map(([name, args]) => ({ name, arguments: args })) });

/** Rules answering turn n of a conversation whose goal contains `goal`. */
export const turns = (goal, replies) => replies.map((reply, i) => ({ when: { turn: i + 1, lastUserContains: goal }, reply }));

/**
 * The tasks. Each: `goal` (typed in the panel), `start` (path on the www/
 * main origin), `session`: `true` signed in, `false` signed out, absent:
 * as it is; `emptyCart`; `rules`; `secrets`: `[field label, value]` in the
 * order their cards appear (the card is “Enter the <label, lower case>”);
 * `confirms`: how many confirmation cards the task shows (all allowed).
 */
export const TASKS = {
  invoice: {
    label: 'invoice download',
    goal: 'Find my invoice from last month and save it',
    start: '/app/billing/',
    session: true,
    rules: turns('invoice from last month', [
      say('Billing lists the invoices; reading them.', ['dom_extract', { collectionId: '{{match:- (c\\w+) invoices}}' }]),
      say('Row 2 is last month.', ['dom_click', { id: id('button', 'Download invoice'), item: 2 }]),
      say('', ['done', { answer: 'Downloaded invoice {{match:2\\. [^\\n]*number: (INV-[0-9-]+)}}.' }]),
    ]),
  },
  question: {
    label: 'question',
    goal: 'What is the price of the Pro plan?',
    start: '/pricing/',
    rules: [{ when: { lastUserContains: 'Pro plan', anyContains: '$29' }, reply: { content: 'The Pro plan costs $29 per month.' } }],
  },
  signIn: {
    label: 'sign in (a secret)',
    goal: 'Sign me in as demo@acme.test',
    start: '/app/signin/',
    session: false,
    rules: turns('Sign me in', [
      say('Filling the form.', ['dom_type', { field: 'Email', text: 'demo@acme.test' }], ['dom_type', { field: 'Password', text: '{{secret}}' }]),
      say('Submitting.', ['dom_click', { id: id('button', 'Sign in') }]),
      say('', ['done', { answer: 'You are signed in.' }]),
    ]),
    secrets: [['Password', 'demo1234']],
  },
  checkout: {
    label: 'catalog → checkout',
    goal: 'Buy the cheapest lamp in the catalog',
    start: '/app/catalog/',
    session: true,
    emptyCart: true,
    rules: turns('cheapest lamp', [
      say('Looking past the first page.', ['dom_click', { id: id('link', 'Next') }]),
      say('Searching.', ['dom_type', { field: 'Search products', text: 'lamp', submit: true }]),
      say('Reading the results.', ['dom_extract', { collectionId: '{{match:- (c\\w+) products}}' }]),
      say('Item 2 is cheapest.', ['dom_click', { id: id('button', 'Add to cart'), item: 2 }]),
      say('To the cart.', ['dom_click', { id: '{{match:- (\\w+) link "Cart 1 items?"}}' }]),
      say('Checking out.', ['dom_click', { id: id('link', 'Proceed to checkout') }]),
      say('Shipping details.',
        ['dom_type', { field: 'Full name', text: 'Ada Lovelace' }], ['dom_type', { field: 'Address', text: '1 Analytical Way' }],
        ['dom_type', { field: 'City', text: 'London' }], ['dom_type', { field: 'Postal code', text: 'N1 7AA' }],
        ['dom_type', { field: 'Name on card', text: 'Ada Lovelace' }]),
      say('Card details.', ['dom_type', { field: 'Card number', text: '{{secret}}' }], ['dom_type', { field: 'Expiry (MM/YY)', text: '{{secret}}' }], ['dom_type', { field: 'CVC', text: '{{secret}}' }]),
      say('Placing the order.', ['dom_click', { selector: { kind: 'role', role: 'button', name: 'Place order' } }]),
      say('', ['done', { answer: 'Ordered: {{match:(ACME-\\d+)}}' }]),
    ]),
    secrets: [['Card number', '4242 4242 4242 4242'], ['Card expiry date', '12/30'], ['Card security code', '737']],
    confirms: 1,
  },
  // The flows test shop's order (www/flows/): what `cargo xtask bench
  // flows` saves as a flow and replays against the agent doing it again.
  coffee: {
    label: 'coffee order',
    goal: 'Order a latte with an extra shot for Ada at the coffee shop',
    start: '/flows/shop/',
    rules: turns('latte with an extra shot', [
      say('Filling the order.', ['dom_type', { field: 'Drink', text: 'latte' }], ['dom_check', { field: 'Extra shot' }]),
      say('Adding it.', ['dom_click', { id: id('button', 'Add to order') }]),
      say('Paying.', ['dom_type', { field: 'Name', text: 'Ada' }], ['dom_type', { field: 'Card number', text: '{{secret}}' }]),
      say('Placing the order.', ['dom_click', { id: id('button', 'Place order') }]),
      say('', ['done', { answer: 'Ordered a latte with an extra shot.' }]),
    ]),
    secrets: [['Card number', '4242 4242 4242 4242']],
    confirms: 1,
  },
};

/** The demo app's session for demo@acme.test, set in `page`'s origin (its sign-in page). */
export async function signIn(page, origin) {
  await page.goto(`${origin}/app/signin/`);
  await page.evaluate(() => localStorage.setItem('acme.session', JSON.stringify({ email: 'demo@acme.test', remember: true, since: new Date().toISOString() })));
}

/** Puts `page` in the state `task` starts from, on its start page. */
export async function prepare(page, origin, task) {
  if (task.session === true) await signIn(page, origin);
  if (task.session === false) {
    await page.goto(`${origin}/app/signin/`);
    await page.evaluate(() => localStorage.removeItem('acme.session'));
  }
  if (task.emptyCart) await page.evaluate(() => localStorage.removeItem('acme.cart'));
  await page.goto(`${origin}${task.start}`);
}
