// Dashboard: requires a session, greets the user by name.

import { getProfile, mountHeader, requireSession } from '/assets/app.js';

if (requireSession()) {
  mountHeader();
  const first = getProfile().fullName.trim().split(/\s+/)[0] || 'there';
  const hour = new Date().getHours();
  const part = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  document.getElementById('greeting').textContent = `${part}, ${first}`;
}
