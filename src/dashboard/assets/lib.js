// The dashboard's building blocks: DOM elements made with h() (text is always a text node, so
// nothing the API answers is ever parsed as HTML), the JSON API client that sends the CSRF token on
// every write, and the role groups of src/services/roles.ts (screens hide what a role may not do;
// the API refuses it anyway).

export const session = { role: null, user: null, csrf: null };

let draw = async () => undefined;
/** main.js hands over how a screen is drawn, so screens can move on without importing it. */
export function onNavigate(render) {
  draw = render;
}

/** Moves to an address inside the dashboard without a reload, then focuses the new screen. */
export function go(href) {
  history.pushState(null, '', href);
  draw().then(() => document.getElementById('main')?.focus());
}

const ROLE_GROUPS = {
  manage: ['owner', 'admin'],
  analyse: ['owner', 'admin', 'analyst'],
  comply: ['owner', 'admin', 'auditor'],
  owner: ['owner'],
};

/** Whether the signed-in role is in an access group (docs/users-and-roles.md). */
export const may = (group) => ROLE_GROUPS[group].includes(session.role);

/** An element: attributes (on* are listeners; false and null are left out) and children (strings become text). */
export function h(tag, attrs = {}, ...children) {
  const el = tag === 'svg' || SVG_TAGS.has(tag) ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'value' && 'value' in el) el.value = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}
const SVG_TAGS = new Set(['rect', 'line', 'text', 'g', 'path', 'title', 'polyline', 'circle']);

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export class ApiError extends Error {
  constructor(status, detail, code) {
    super(detail);
    this.status = status;
    this.code = code;
  }
}

function csrfToken() {
  if (session.csrf) return session.csrf;
  const pair = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
  return pair ? decodeURIComponent(pair.slice('XSRF-TOKEN='.length)) : '';
}

/**
 * Calls the JSON API with the session cookie. Writes carry X-CSRF-Token. A failure throws ApiError
 * with the API's own `detail`; an ended session goes back to sign-in, then to this screen.
 */
export async function api(method, url, body, { raw = false } = {}) {
  const headers = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken();
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
  if (raw && res.ok) return res;
  if (res.status === 204) return null;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    // The session ended or its cookie expired: sign in again (a refused sign-in itself stays on the form).
    if (res.status === 401 && !(method === 'POST' && url === '/api/session')) toLogin();
    throw new ApiError(res.status, data?.detail ?? `The server answered ${res.status}.`, data?.code);
  }
  return data;
}

export function toLogin() {
  const next = location.pathname + location.search;
  location.assign(`/login${next.startsWith('/dashboard') ? `?next=${encodeURIComponent(next)}` : ''}`);
}

/** The API's refusal as the page shows it: its detail, announced to screen readers. */
export function errorBox(err) {
  return h('p', { class: 'error', role: 'alert' }, err?.message ?? String(err));
}

/** Runs a write from a form: the button is disabled meanwhile; the API's error shows in `out`. */
export async function submit(button, out, action) {
  button.disabled = true;
  fill(out);
  try {
    return await action();
  } catch (err) {
    fill(out, errorBox(err));
    return undefined;
  } finally {
    button.disabled = false;
  }
}

let fieldCounter = 0;
/** A labelled control: the label names it for assistive technology. */
export function field(label, control, hint) {
  const id = control.id || `f${++fieldCounter}`;
  control.id = id;
  const hintEl = hint ? h('small', { id: `${id}-hint`, class: 'muted' }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, hintEl);
}

export function select(name, options, value) {
  return h('select', { name }, options.map((o) => {
    const [v, text] = Array.isArray(o) ? o : [o, o];
    return h('option', { value: v, selected: v === value }, text);
  }));
}

export function table(caption, columns, rows) {
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'stack' },
      h('caption', { class: 'sr-only' }, caption),
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
      // data-label: on a phone each row is drawn as a card, each cell under its column's name.
      h('tbody', {}, rows.map((cells) => h('tr', {}, cells.map((c, i) => h('td', { 'data-label': columns[i] }, c))))),
    ),
  );
}

/** An empty state: what is missing and what to do next. */
export const empty = (text, action) => h('div', { class: 'empty' }, h('p', {}, text), action ?? null);

export const when = (iso) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : '—');

export const decisionBadge = (decision) => h('span', { class: `badge ${decision.toLowerCase()}` }, decision.replaceAll('_', ' '));

/** A secret shown only on explicit request; the page holds it only from then on. */
export function secret(label, load) {
  const out = h('code', { class: 'secret', 'aria-live': 'polite' }, '••••••••••••');
  const button = h('button', { type: 'button', class: 'link' }, `Show ${label}`);
  button.addEventListener('click', async () => {
    if (button.getAttribute('aria-pressed') === 'true') {
      fill(out, '••••••••••••');
      button.setAttribute('aria-pressed', 'false');
      fill(button, `Show ${label}`);
      return;
    }
    try {
      fill(out, await load());
      button.setAttribute('aria-pressed', 'true');
      fill(button, `Hide ${label}`);
    } catch (err) {
      fill(out, errorBox(err));
    }
  });
  return h('span', { class: 'secret-row' }, out, ' ', button);
}

/** Asks before a destructive action, with a native dialog (keyboard and screen readers included). */
export function confirmDialog(question, confirmLabel) {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { 'aria-labelledby': 'confirm-q' },
      h('form', { method: 'dialog' },
        h('p', { id: 'confirm-q' }, question),
        h('div', { class: 'actions' },
          h('button', { value: 'cancel', class: 'secondary' }, 'Cancel'),
          h('button', { value: 'ok', class: 'danger' }, confirmLabel))),
    );
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'ok');
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** Downloads a response body under the name its Content-Disposition gives. */
export async function saveResponse(res, fallback) {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
