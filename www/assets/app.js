// Shared helpers of the Acme Cloud demo app (www/app/*): the demo session,
// the profile, the cart (all in localStorage), money formatting and the
// app header (cart badge, signed-in user, sign out).

const SESSION_KEY = 'acme.session';
const PROFILE_KEY = 'acme.profile';
const CART_KEY = 'acme.cart';

export const DEMO_EMAIL = 'demo@acme.test';
export const DEMO_PASSWORD = 'demo1234';

function readJson(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

export function getSession() {
  const s = readJson(SESSION_KEY, null);
  return s && typeof s.email === 'string' ? s : null;
}

export function startSession(email, remember) {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ email, remember: !!remember, since: new Date().toISOString() }));
}

export function endSession() {
  localStorage.removeItem(SESSION_KEY);
}

/** Redirects to the sign-in page (coming back here afterwards) when signed out. */
export function requireSession() {
  const session = getSession();
  if (!session) {
    const next = location.pathname + location.search;
    location.replace('/app/signin/?next=' + encodeURIComponent(next));
  }
  return session;
}

export const DEFAULT_PROFILE = {
  fullName: 'Dana Whitfield',
  email: DEMO_EMAIL,
  timezone: 'Europe/London',
  language: 'en',
  notifyProduct: false,
  notifyBilling: true,
  notifyUsage: true,
  notifySecurity: true,
};

export function getProfile() {
  return { ...DEFAULT_PROFILE, ...readJson(PROFILE_KEY, {}) };
}

export function saveProfile(profile) {
  localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
}

export function resetProfile() {
  localStorage.removeItem(PROFILE_KEY);
}

/** Cart lines: [{ id, qty }]. */
export function getCart() {
  const lines = readJson(CART_KEY, []);
  return Array.isArray(lines) ? lines.filter((l) => l && typeof l.id === 'string' && l.qty > 0) : [];
}

export function setCart(lines) {
  localStorage.setItem(CART_KEY, JSON.stringify(lines.filter((l) => l.qty > 0)));
  updateCartBadge();
}

export function addToCart(id, qty = 1) {
  const lines = getCart();
  const line = lines.find((l) => l.id === id);
  if (line) line.qty = Math.min(99, line.qty + qty);
  else lines.push({ id, qty });
  setCart(lines);
}

export function cartCount() {
  return getCart().reduce((n, l) => n + l.qty, 0);
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export function formatMoney(amount) {
  return money.format(amount);
}

export function updateCartBadge() {
  const badge = document.getElementById('cart-count');
  if (badge) badge.textContent = String(cartCount());
}

/** Wires the app header: cart badge, user e-mail, Sign in / Sign out. */
export function mountHeader() {
  updateCartBadge();
  const session = getSession();
  const signOut = document.getElementById('sign-out');
  const signIn = document.getElementById('sign-in-link');
  const who = document.getElementById('user-email');
  if (signOut) {
    signOut.hidden = !session;
    signOut.addEventListener('click', () => {
      endSession();
      location.assign('/app/signin/?signed_out=1');
    });
  }
  if (signIn) signIn.hidden = !!session;
  if (who) who.textContent = session ? session.email : '';
  window.addEventListener('storage', (e) => {
    if (e.key === CART_KEY) updateCartBadge();
  });
}

/** Shows a short-lived message in the corner of the page. */
export function toast(text) {
  const el = document.createElement('div');
  el.className = 'toast';
  el.setAttribute('role', 'status');
  el.textContent = text;
  document.body.append(el);
  setTimeout(() => el.remove(), 3000);
}
