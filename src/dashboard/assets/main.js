// The dashboard's entry: finds who is signed in (GET /api/session), draws the navigation for the role,
// and routes addresses under /dashboard to screens. Links are real links: a click is handled here
// without a reload, and every address also loads on its own (the server answers the same shell).
import { api, ApiError, errorBox, fill, go, h, may, onNavigate, session, toLogin } from './lib.js';
import { loginScreen } from './screen-login.js';
import { accountScreen, operationsScreen, orgScreen, orgsScreen, usersScreen } from './screens-org.js';
import { policiesScreen, policyScreen } from './screens-policy.js';
import { analyticsScreen, auditDetailScreen, auditScreen, playgroundScreen } from './screens-data.js';
import { changesScreen, complianceScreen } from './screens-comply.js';

const main = document.getElementById('main');
const top = document.getElementById('top');

/** Address patterns → screens; `:name` parts become params. */
const ROUTES = [
  ['/dashboard', orgsScreen],
  ['/dashboard/users', usersScreen],
  ['/dashboard/account', accountScreen],
  ['/dashboard/operations', operationsScreen],
  ['/dashboard/orgs/:org', orgScreen],
  ['/dashboard/orgs/:org/policies', policiesScreen],
  ['/dashboard/orgs/:org/policies/:policy', policyScreen],
  ['/dashboard/orgs/:org/playground', playgroundScreen],
  ['/dashboard/orgs/:org/audit', auditScreen],
  ['/dashboard/orgs/:org/audit/:check', auditDetailScreen],
  ['/dashboard/orgs/:org/analytics', analyticsScreen],
  ['/dashboard/orgs/:org/compliance', complianceScreen],
  ['/dashboard/orgs/:org/changes', changesScreen],
];

function match(path) {
  const parts = path.replace(/\/+$/, '').split('/');
  for (const [pattern, screen] of ROUTES) {
    const want = pattern.split('/');
    if (want.length !== parts.length) continue;
    const params = {};
    if (want.every((w, i) => (w.startsWith(':') ? (params[w.slice(1)] = decodeURIComponent(parts[i])) : w === parts[i]))) return { screen, params };
  }
  return null;
}

/** The organization the address names, else the user's own. */
function currentOrg() {
  return /^\/dashboard\/orgs\/([^/]+)/.exec(location.pathname)?.[1] ?? session.user?.org_id ?? null;
}

function navLink(href, text, exact = false) {
  const here = location.pathname === href || (!exact && href !== '/dashboard' && location.pathname.startsWith(`${href}/`));
  return h('li', {}, h('a', { href, 'aria-current': here ? 'page' : false }, text));
}

function drawHeader() {
  const org = currentOrg();
  const o = org && `/dashboard/orgs/${encodeURIComponent(org)}`;
  const links = [
    may('owner') && navLink('/dashboard', 'Organizations'),
    o && navLink(o, 'Settings', true),
    o && may('manage') && navLink(`${o}/policies`, 'Policies'),
    o && may('analyse') && navLink(`${o}/playground`, 'Playground'),
    o && may('analyse') && navLink(`${o}/audit`, 'Audit'),
    o && may('analyse') && navLink(`${o}/analytics`, 'Analytics'),
    o && may('comply') && navLink(`${o}/compliance`, 'Compliance'),
    o && may('comply') && navLink(`${o}/changes`, 'Change log'),
    may('manage') && navLink('/dashboard/users', 'Users'),
    may('owner') && navLink('/dashboard/operations', 'Operations'),
  ];
  const who = session.user ? `${session.user.email} (${session.role})` : 'admin token (owner)';
  fill(
    top,
    h('a', { class: 'brand', href: '/dashboard' }, 'Preflight'),
    h('nav', { 'aria-label': 'Main' }, h('ul', {}, links)),
    h('div', { class: 'who' }, h('a', { href: '/dashboard/account', class: 'muted' }, who), ' ', h('button', { type: 'button', class: 'secondary', onclick: signOut }, 'Sign out')),
  );
}

async function signOut() {
  await api('DELETE', '/api/session').catch(() => undefined);
  location.assign('/login');
}

async function render() {
  if (location.pathname === '/login') {
    fill(top);
    return fill(main, await loginScreen());
  }
  if (!session.role) {
    try {
      Object.assign(session, await api('GET', '/api/session'));
      session.csrf = session.csrf_token;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return toLogin();
      return fill(main, errorBox(err));
    }
  }
  if (location.pathname === '/' || (location.pathname === '/dashboard' && !may('owner') && session.user?.org_id)) {
    const home = session.user?.org_id ? `/dashboard/orgs/${session.user.org_id}` : '/dashboard';
    history.replaceState(null, '', home);
  }
  drawHeader();
  const found = match(location.pathname);
  fill(main, h('p', { class: 'muted' }, 'Loading…'));
  if (!found) return fill(main, h('h1', {}, 'Not found'), h('p', {}, 'No screen has this address. '), h('a', { href: '/dashboard' }, 'Go to the dashboard'));
  try {
    fill(main, await found.screen(found.params));
  } catch (err) {
    fill(main, h('h1', {}, 'This screen could not load'), errorBox(err));
  }
  document.title = `${main.querySelector('h1')?.textContent ?? 'Dashboard'} · Preflight`;
}

document.addEventListener('click', (event) => {
  const a = event.target instanceof Element ? event.target.closest('a[href]') : null;
  // In-page links (the skip link), downloads, new tabs: the browser's own behaviour.
  if (!a || a.getAttribute('href').startsWith('#') || a.hasAttribute('download') || a.target || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const url = new URL(a.href);
  if (url.origin !== location.origin || !url.pathname.startsWith('/dashboard')) return;
  event.preventDefault();
  go(url.pathname + url.search);
});
window.addEventListener('popstate', () => render());
onNavigate(render);
render();
