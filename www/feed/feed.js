// The Community posts feed: an infinite feed with no declared size. It
// renders 20 posts; whenever the sentinel below the last post comes into
// view (IntersectionObserver), it marks the feed busy, waits a moment as a
// fetch would, and appends 20 more, until MAX posts (200, or ?max=N).
// Posts are deterministic (tests name them by number).

const PAGE = 20;
const MAX = Math.max(1, Math.min(1000, Number(new URLSearchParams(location.search).get('max')) || 200));
const LOAD_MS = 300;

const AUTHORS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Edsger Dijkstra', 'Barbara Liskov',
  'Donald Knuth', 'Margaret Hamilton', 'Radia Perlman', 'Hedy Lamarr'];
const TOPICS = ['Deploying on Fridays', 'Our backup routine', 'Tuning the build cache', 'Migrating to the new billing API',
  'Dark mode for the dashboard', 'Rate limits explained', 'Keyboard shortcuts we love', 'A faster CI pipeline',
  'Monitoring cold starts', 'Naming environments'];

const feed = document.getElementById('feed');
const sentinel = document.getElementById('feed-sentinel');
const status = document.getElementById('feed-status');
let count = 0;
let loading = false;

function post(n) {
  const number = String(n).padStart(3, '0');
  const author = AUTHORS[(n * 7) % AUTHORS.length];
  const topic = TOPICS[(n * 3) % TOPICS.length];
  const date = new Date(Date.UTC(2026, 9, 1) - n * 5 * 3600 * 1000).toISOString().slice(0, 10);
  const article = document.createElement('article');
  article.className = 'post card';
  article.id = `post-${number}`;
  article.setAttribute('aria-labelledby', `post-${number}-title`);
  article.innerHTML = `<h2 id="post-${number}-title"><a href="#post-${number}">Post ${number}: ${topic}</a></h2>
    <p class="post-meta">${author} · <time datetime="${date}">${date}</time> · ${(n * 13) % 40} replies</p>
    <p>${author.split(' ')[0]} shares notes on ${topic.toLowerCase()} (post ${n} of the community feed).</p>`;
  return article;
}

function append() {
  const end = Math.min(MAX, count + PAGE);
  const frag = document.createDocumentFragment();
  while (count < end) frag.append(post(++count));
  feed.append(frag);
  if (count >= MAX) {
    observer.disconnect();
    status.textContent = `You’re all caught up: ${count} posts.`;
  } else {
    status.textContent = '';
  }
}

function loadMore() {
  if (loading || count >= MAX) return;
  loading = true;
  feed.setAttribute('aria-busy', 'true');
  status.textContent = 'Loading more posts…';
  setTimeout(() => {
    append();
    feed.setAttribute('aria-busy', 'false');
    loading = false;
    // Still in view after appending (a tall window): load on.
    const box = sentinel.getBoundingClientRect();
    if (count < MAX && box.top < innerHeight) loadMore();
  }, LOAD_MS);
}

const observer = new IntersectionObserver((entries) => {
  if (entries.some((e) => e.isIntersecting)) loadMore();
});
append();
observer.observe(sentinel);
