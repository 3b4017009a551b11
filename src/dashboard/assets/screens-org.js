// Organizations (list, create, settings, licenses), users, and operations.
import { api, go, confirmDialog, empty, field, fill, h, may, secret, select, session, submit, table, when } from './lib.js';

const orgPath = (org) => `/dashboard/orgs/${encodeURIComponent(org)}`;

export async function orgsScreen() {
  const orgs = await api('GET', '/api/organizations');
  const out = h('div', { 'aria-live': 'polite' });
  const name = h('input', { name: 'name', required: true, maxlength: 200 });
  const slug = h('input', { name: 'slug', required: true, pattern: '[a-z0-9-]{2,64}' });
  const email = h('input', { name: 'admin_email', type: 'email', required: true });
  const button = h('button', { type: 'submit' }, 'Create organization');
  const form = h('form', { class: 'card', 'aria-labelledby': 'new-org' },
    h('h2', { id: 'new-org' }, 'New organization'),
    h('div', { class: 'grid' },
      field('Name', name),
      field('Slug', slug, '2–64 characters: a–z, 0–9 and -. Used in addresses.'),
      field('Admin email', email)),
    out, button);
  // A form the browser checks first would hide the API's own detail; the API is the judge.
  form.noValidate = true;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(button, out, async () => {
      const created = await api('POST', '/api/organizations', { name: name.value, slug: slug.value, settings: { admin_email: email.value } });
      go(orgPath(created.slug));
    });
  });
  const list = orgs.length
    ? table('Organizations', ['Name', 'Slug', 'Created'], orgs.map((o) => [h('a', { href: orgPath(o.slug) }, o.name), o.slug, when(o.created_at)]))
    : empty('No organizations yet. Create the first one below: it gets a trial license and a default policy.');
  return h('section', {}, h('h1', {}, 'Organizations'), list, may('owner') ? form : null);
}

export async function orgScreen({ org: ref }) {
  const org = await api('GET', `/api/organizations/${encodeURIComponent(ref)}`);
  const parts = [h('h1', {}, org.name), h('p', { class: 'muted' }, `Slug ${org.slug} · id ${org.org_id} · created ${when(org.created_at)}`)];
  if (may('manage')) {
    parts.push(settingsForm(org));
    parts.push(await licensesSection(org));
    if (may('owner')) parts.push(deleteOrgSection(org));
  } else {
    parts.push(h('dl', { class: 'card' }, h('dt', {}, 'Admin email'), h('dd', {}, org.settings.admin_email)));
  }
  return h('section', {}, parts);
}

function settingsForm(org) {
  const out = h('div', { 'aria-live': 'polite' });
  const name = h('input', { name: 'name', value: org.name, required: true });
  const email = h('input', { name: 'admin_email', type: 'email', value: org.settings.admin_email });
  const color = h('input', { name: 'primary_color', value: org.settings.primary_color });
  const button = h('button', { type: 'submit' }, 'Save settings');
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'settings-h' },
    h('h2', { id: 'settings-h' }, 'Settings'),
    h('div', { class: 'grid' }, field('Name', name), field('Admin email', email), field('Primary color', color, 'A hex color such as #2563eb')),
    out, button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(button, out, async () => {
      await api('PATCH', `/api/organizations/${org.org_id}`, { name: name.value, settings: { admin_email: email.value, primary_color: color.value } });
      fill(out, h('p', { class: 'ok', role: 'status' }, 'Saved.'));
    });
  });
  return form;
}

/** Owners only (the API says the same): the organization and everything it owns, after a confirmation. */
function deleteOrgSection(org) {
  const out = h('div', { 'aria-live': 'polite' });
  const remove = h('button', { type: 'button', class: 'danger' }, 'Delete organization');
  remove.addEventListener('click', async () => {
    const warning = `Delete ${org.name} and everything it owns: its policies and their keys, licenses, users, teams, webhooks, analytics and evidence? Its audit records are kept. This cannot be undone.`;
    if (!(await confirmDialog(warning, 'Delete organization'))) return;
    await submit(remove, out, async () => {
      await api('DELETE', `/api/organizations/${org.org_id}`);
      go('/dashboard');
    });
  });
  return h('section', { class: 'card', 'aria-labelledby': 'delete-org-h' }, h('h2', { id: 'delete-org-h' }, 'Delete organization'), out, remove);
}

async function licensesSection(org) {
  const base = `/api/orgs/${org.org_id}/licenses`;
  const licenses = await api('GET', base);
  const current = licenses.find((l) => l.status === 'active');
  const out = h('div', { 'aria-live': 'polite' });
  const rows = licenses.map((l) => [
    l.license_type,
    h('span', { class: `badge ${l.status}` }, l.status),
    when(l.expires_at),
    String(l.max_checks_per_month),
    secret('key', async () => l.license_key),
    l.status === 'active'
      ? h('button', {
          type: 'button',
          class: 'danger small',
          onclick: async (e) => {
            if (!(await confirmDialog(`Revoke this ${l.license_type} license? Every policy running under it is deactivated at once.`, 'Revoke'))) return;
            await submit(e.target, out, async () => {
              await api('DELETE', `${base}/${l.license_id}`);
              go(location.pathname);
            });
          },
        }, 'Revoke')
      : '',
  ]);
  const type = select('license_type', ['trial', 'standard', 'enterprise'], 'standard');
  const quota = h('input', { name: 'max_checks_per_month', type: 'number', min: 1, inputmode: 'numeric' });
  const button = h('button', { type: 'submit' }, 'Issue license');
  const form = h('form', { class: 'inline', novalidate: true, 'aria-label': 'Issue a license' }, field('Type', type), field('Checks per month (optional)', quota), button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const body = { license_type: type.value, ...(quota.value ? { max_checks_per_month: Number(quota.value) } : {}) };
    submit(button, out, async () => {
      await api('POST', base, body);
      go(location.pathname);
    });
  });
  return h('section', { class: 'card', 'aria-labelledby': 'lic-h' },
    h('h2', { id: 'lic-h' }, 'Licenses'),
    h('p', {}, 'License key (for SDK validation): ', current ? secret('license key', async () => current.license_key) : h('em', {}, 'no active license: issue one below')),
    licenses.length ? table('Licenses', ['Type', 'Status', 'Expires', 'Checks/month', 'Key', ''], rows) : empty('No licenses. Issue one below.'),
    out, form);
}

export async function usersScreen() {
  const users = await api('GET', '/api/users');
  const orgs = may('owner') ? await api('GET', '/api/organizations') : [];
  const out = h('div', { 'aria-live': 'polite' });
  const roles = may('owner') ? ['admin', 'analyst', 'auditor', 'owner'] : ['admin', 'analyst', 'auditor'];
  const rows = users.map((u) => {
    const mine = u.user_id === session.user?.user_id;
    const role = select('role', u.role === 'owner' ? ['owner'] : ['admin', 'analyst', 'auditor'], u.role);
    role.setAttribute('aria-label', `Role of ${u.email}`);
    role.disabled = mine || u.role === 'owner';
    // A button applies the role: a select that saved on change would save each role a keyboard's arrows pass.
    const setRole = h('button', { type: 'button', class: 'secondary small', disabled: role.disabled, 'aria-label': `Change role of ${u.email}` }, 'Change');
    setRole.addEventListener('click', async () => {
      const saved = await submit(setRole, out, async () => Boolean(await api('PATCH', `/api/users/${u.user_id}`, { role: role.value })));
      // A refused change leaves the role as the API has it, beside the API's detail.
      if (saved) go(location.pathname);
      else role.value = u.role;
    });
    const toggle = h('button', { type: 'button', class: 'secondary small', disabled: mine }, u.disabled ? 'Enable' : 'Disable');
    toggle.addEventListener('click', () => submit(toggle, out, async () => {
      await api('PATCH', `/api/users/${u.user_id}`, { disabled: !u.disabled });
      go(location.pathname);
    }));
    const remove = h('button', { type: 'button', class: 'danger small', disabled: mine }, 'Delete');
    remove.setAttribute('aria-label', `Delete ${u.email}`);
    remove.addEventListener('click', async () => {
      if (!(await confirmDialog(`Delete the user ${u.email}? Their sessions end at once.`, 'Delete'))) return;
      await submit(remove, out, async () => {
        await api('DELETE', `/api/users/${u.user_id}`);
        go(location.pathname);
      });
    });
    const orgName = orgs.find((x) => x.org_id === u.org_id)?.name ?? u.org_id;
    return [u.email, h('span', {}, role, ' ', setRole), u.org_id ? orgName : 'every organization', u.disabled ? 'disabled' : 'active', h('span', {}, toggle, ' ', remove)];
  });
  const email = h('input', { name: 'email', type: 'email', required: true });
  const password = h('input', { name: 'password', type: 'password', autocomplete: 'new-password', required: true });
  const role = select('role', roles, 'analyst');
  const org = may('owner') ? select('org_id', [['', '—'], ...orgs.map((o) => [o.org_id, o.name])], currentOrgId()) : null;
  const button = h('button', { type: 'submit' }, 'Create user');
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'new-user' },
    h('h2', { id: 'new-user' }, 'New user'),
    h('div', { class: 'grid' },
      field('Email', email),
      field('Password', password, '12 or more characters, at least 5 different, not containing the email’s name'),
      field('Role', role),
      org && field('Organization', org, 'Required for admin, analyst and auditor; none for an owner')),
    out, button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const body = { email: email.value, password: password.value, role: role.value, ...(org?.value ? { org_id: org.value } : {}) };
    submit(button, out, async () => {
      await api('POST', '/api/users', body);
      go(location.pathname);
    });
  });
  const list = users.length ? table('Users', ['Email', 'Role', 'Organization', 'Status', ''], rows) : empty('No users yet. Create one below: each signs in with an email and password.');
  return h('section', {}, h('h1', {}, 'Users'), list, out, form);
}

const currentOrgId = () => session.user?.org_id ?? '';

/** Operations (owner): the queues at a glance from the queue dashboard's own API, and the tools' links. */
export async function operationsScreen() {
  const { queues } = await api('GET', '/admin/queues/api/queues');
  const count = (q, status) => String(q.counts[status] ?? 0);
  return h('section', {}, h('h1', {}, 'Operations'),
    h('section', { class: 'card', 'aria-labelledby': 'q-h' }, h('h2', { id: 'q-h' }, 'Queues'),
      table('Queues', ['Queue', 'State', 'Waiting', 'Active', 'Delayed', 'Failed', 'Completed'], queues.map((q) => [
        h('a', { href: `/admin/queues/queue/${encodeURIComponent(q.name)}` }, q.name), q.isPaused ? 'paused' : 'running',
        count(q, 'waiting'), count(q, 'active'), count(q, 'delayed'), count(q, 'failed'), count(q, 'completed')]))),
    h('ul', { class: 'card links' },
      h('li', {}, h('a', { href: '/admin/queues' }, 'Queue dashboard'), ' — file checks and evidence exports: jobs, retries, failures.'),
      h('li', {}, h('a', { href: '/docs' }, 'API documentation'), ' — every endpoint, with its schema.'),
      h('li', {}, h('a', { href: '/metrics' }, 'Metrics'), ' — Prometheus text.'),
      h('li', {}, h('a', { href: '/ready' }, 'Readiness'), ' — MongoDB and Redis reachable.')));
}

/** Your own password (a user's; the admin token has none). Every other session of yours ends. */
export async function accountScreen() {
  if (!session.user) return h('section', {}, h('h1', {}, 'Your account'), empty('You signed in with the admin token, which has no password. Sign in as a user to change one.'));
  const out = h('div', { 'aria-live': 'polite' });
  const current = h('input', { type: 'password', name: 'current_password', autocomplete: 'current-password' });
  const next = h('input', { type: 'password', name: 'new_password', autocomplete: 'new-password' });
  const button = h('button', { type: 'submit' }, 'Change password');
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'pw-h' },
    h('h2', { id: 'pw-h' }, 'Change your password'),
    h('div', { class: 'grid' }, field('Current password', current), field('New password', next, '12 or more characters, at least 5 different, not containing your email’s name')),
    out, button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(button, out, async () => {
      const renewed = await api('PUT', '/api/session/password', { current_password: current.value, new_password: next.value });
      session.csrf = renewed.csrf_token;
      form.reset();
      fill(out, h('p', { class: 'ok', role: 'status' }, 'Password changed. Your other sessions have ended.'));
    });
  });
  return h('section', {}, h('h1', {}, 'Your account'), h('p', {}, `${session.user.email}, ${session.role}${session.user.org_id ? ` of ${session.user.org_id}` : ''}.`), form);
}
