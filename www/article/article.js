// Article page: the comment form validates and appends the comment to the
// list (kept in memory only; there is no backend).

const form = document.getElementById('comment-form');
const error = document.getElementById('comment-error');
const status = document.getElementById('comment-status');
const list = document.getElementById('comments');
const count = document.getElementById('comment-count');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const name = form.elements.namedItem('name').value.trim();
  const email = form.elements.namedItem('email').value.trim();
  const body = form.elements.namedItem('comment').value.trim();
  const problems = [];
  if (!name) problems.push('Enter your name.');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push('Enter a valid email address.');
  if (body.length < 3) problems.push('Write a comment of at least 3 characters.');
  if (problems.length) {
    error.textContent = problems.join(' ');
    error.hidden = false;
    status.textContent = '';
    return;
  }
  error.hidden = true;
  const comment = document.createElement('div');
  comment.className = 'comment';
  const head = document.createElement('p');
  const who = document.createElement('strong');
  who.textContent = name;
  const when = document.createElement('span');
  when.className = 'muted small';
  when.textContent = ' · just now';
  head.append(who, when);
  const text = document.createElement('p');
  text.textContent = body;
  comment.append(head, text);
  list.append(comment);
  count.textContent = String(list.children.length);
  form.reset();
  status.textContent = 'Thanks! Your comment has been posted.';
});
