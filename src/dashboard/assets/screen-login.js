// Sign-in: a user's email and password, or the admin token (automation's, and the first sign-in of a
// fresh install). POST /api/session sets the HttpOnly session cookie; the page never sees it.
import { api, field, h, session, submit } from './lib.js';

/** Where to go after signing in: only an address of this dashboard (or the queue dashboard), never another site. */
function nextAddress() {
  const next = new URLSearchParams(location.search).get('next') ?? '';
  return /^\/(dashboard|admin\/queues)(\/|$|\?)/.test(next) ? next : '/dashboard';
}

export async function loginScreen() {
  const out = h('div', { 'aria-live': 'polite' });
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'username', required: true });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const token = h('input', { type: 'password', name: 'admin_token', autocomplete: 'off', required: true });

  const signIn = (button, body) =>
    submit(button, out, async () => {
      const started = await api('POST', '/api/session', body);
      Object.assign(session, started, { csrf: started.csrf_token });
      location.assign(nextAddress());
    });

  const userButton = h('button', { type: 'submit' }, 'Sign in');
  const userForm = h('form', { class: 'card', 'aria-labelledby': 'signin-h' },
    h('h2', { id: 'signin-h' }, 'Email and password'),
    field('Email', email),
    field('Password', password),
    userButton);
  userForm.addEventListener('submit', (e) => {
    e.preventDefault();
    signIn(userButton, { email: email.value, password: password.value });
  });

  const tokenButton = h('button', { type: 'submit', class: 'secondary' }, 'Sign in with the admin token');
  const tokenForm = h('form', { class: 'card', 'aria-labelledby': 'token-h' },
    h('h2', { id: 'token-h' }, 'Admin token'),
    h('p', { class: 'muted' }, 'For the first sign-in of a fresh install: the token acts as owner. Create users under Users, then sign in as one.'),
    field('Admin token', token),
    tokenButton);
  tokenForm.addEventListener('submit', (e) => {
    e.preventDefault();
    signIn(tokenButton, { admin_token: token.value });
  });

  // Offered when the server configured OpenID Connect (a meta tag in the page says so).
  const sso = document.querySelector('meta[name="preflight-sso"]')?.getAttribute('content');
  return h('section', { class: 'login' }, h('h1', {}, 'Sign in to Preflight'), out, userForm,
    sso ? h('p', {}, h('a', { class: 'button secondary', href: sso }, 'Sign in with single sign-on')) : null, h('details', {}, h('summary', {}, 'Sign in with the admin token'), tokenForm));
}

