// Compliance (frameworks opt-in, controls with coverage and tagged rules, evidence for a window,
// exports and the export/all bundle, the bundle schedule and stored bundles, partner keys) and the
// change log (who changed what, before and after).
import { changedKeys } from './screens-policy.js';
import { teamsSection } from './screens-teams.js';
import { api, go, empty, errorBox, field, fill, h, may, saveResponse, select, submit, table, when } from './lib.js';

const o = (org) => `/api/orgs/${encodeURIComponent(org)}`;

export async function complianceScreen({ org }) {
  const params = new URLSearchParams(location.search);
  const { frameworks } = await api('GET', `${o(org)}/compliance/frameworks`);
  const framework = params.get('framework') ?? frameworks.find((f) => f.enabled)?.framework ?? frameworks[0].framework;
  const days = params.get('days') ?? '30';
  const out = h('div', { 'aria-live': 'polite' });

  const fwRows = frameworks.map((f) => {
    const toggle = h('input', { type: 'checkbox', checked: f.enabled, disabled: !may('manage'), 'aria-label': `Opt in to ${f.display_name}` });
    toggle.addEventListener('change', () => submit(toggle, out, async () => {
      await api('PUT', `${o(org)}/compliance/frameworks/${f.framework}`, { enabled: toggle.checked });
      return true;
    }).then((saved) => {
      // Refused: the switch goes back to what is stored.
      if (!saved) toggle.checked = !toggle.checked;
    }));
    return [toggle, h('a', { href: `?framework=${f.framework}&days=${days}` }, f.display_name), String(f.control_count), when(f.enabled_at)];
  });

  const fwSelect = select('framework', frameworks.map((f) => [f.framework, f.display_name]), framework);
  const daysInput = h('input', { type: 'number', name: 'days', min: 1, max: 180, value: days });
  const windowForm = h('form', { class: 'inline', novalidate: true, 'aria-label': 'Evidence window' }, field('Framework', fwSelect), field('Days (1–180)', daysInput), h('button', { type: 'submit' }, 'Show evidence'));
  windowForm.addEventListener('submit', (e) => {
    e.preventDefault();
    go(`${location.pathname}?framework=${fwSelect.value}&days=${encodeURIComponent(daysInput.value)}`);
  });

  let evidence;
  let controls = null;
  try {
    const ev = await api('GET', `${o(org)}/compliance/evidence?framework=${framework}&days=${encodeURIComponent(days)}`);
    const s = ev.summary;
    controls = ev.controls;
    const exportLink = (format) => h('a', { href: `${o(org)}/compliance/export?framework=${framework}&format=${format}&days=${ev.window_days}`, download: true, class: 'button secondary' }, format.toUpperCase());
    evidence = [
      h('p', { role: 'status' }, `${ev.display_name}, last ${ev.window_days} days: ${s.covered_controls} of ${s.total_controls} controls covered (${s.coverage_pct}%), ${s.total_evidence_events} evidence events.`),
      s.uncovered_controls
        ? h('p', { class: 'muted' }, `A control is covered once an enabled rule is tagged to it${may('manage') ? ': tag rules under “Teams and tags” below.' : '; an admin tags rules through a team.'}`)
        : null,
      table('Controls', ['Control', 'Title', 'Status', 'Tagged rules', 'Evidence (blocked / masked)', 'Last evidence'], ev.controls.map((c) => [
        c.control_id, c.title, h('span', { class: `badge ${c.status}` }, c.status),
        c.tagged_rules.length ? c.tagged_rules.map((t) => `${t.owner_kind === 'team' ? 'Team' : 'Policy'}: ${t.owner_name}`).join('; ') : h('em', {}, 'none'),
        `${c.evidence_event_count} (${c.evidence_blocked} / ${c.evidence_masked})`, when(c.last_evidence_at)])),
      h('div', { class: 'actions' }, h('span', {}, 'Export this framework: '), exportLink('csv'), exportLink('json'), exportLink('pdf')),
    ];
  } catch (err) {
    evidence = errorBox(err);
  }

  const bundleOut = h('div', { 'aria-live': 'polite' });
  const bundleButton = h('button', { type: 'button', id: 'download-bundle' }, 'Download the evidence bundle (ZIP)');
  bundleButton.addEventListener('click', () => submit(bundleButton, bundleOut, async () => {
    fill(bundleOut, h('p', { role: 'status' }, 'Preparing the bundle…'));
    const name = await saveResponse(await bundleResponse(`${o(org)}/compliance/export/all?days=${encodeURIComponent(days)}`), 'evidence.zip');
    fill(bundleOut, h('p', { class: 'ok', role: 'status' }, `Downloaded ${name}.`));
  }));

  return h('section', {}, h('h1', {}, 'Compliance'), out,
    h('section', { class: 'card', 'aria-labelledby': 'fw-h' }, h('h2', { id: 'fw-h' }, 'Frameworks'),
      table('Frameworks', ['Opted in', 'Framework', 'Controls', 'Since'], fwRows)),
    h('section', { class: 'card', 'aria-labelledby': 'ev-h' }, h('h2', { id: 'ev-h' }, 'Evidence'), windowForm, evidence),
    h('section', { class: 'card', 'aria-labelledby': 'b-h' }, h('h2', { id: 'b-h' }, 'Bundle'),
      h('p', { class: 'muted' }, 'Every framework in one ZIP: manifest, summary PDF, and CSV, JSON and PDF per framework. One is made per 5 minutes; a repeat gets the same one.'),
      bundleButton, bundleOut),
    may('manage') && controls ? await teamsSection(org, framework, controls) : null,
    await scheduleSection(org), may('manage') ? await partnerKeysSection(org) : null);
}

/** export/all answers the ZIP, or 202 while it is being made: then its Location is polled. */
async function bundleResponse(url) {
  for (let i = 0; i < 60; i++) {
    const res = await api('GET', url, undefined, { raw: true });
    if (res.status !== 202) return res;
    url = res.headers.get('location') ?? url;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('The bundle is taking long to make; try again in a minute.');
}

async function scheduleSection(org) {
  const out = h('div', { 'aria-live': 'polite' });
  const schedule = await api('GET', `${o(org)}/compliance/schedule`).catch(() => null);
  const { bundles } = await api('GET', `${o(org)}/compliance/bundles`);
  const cron = h('input', { name: 'cron', value: schedule?.cron ?? '0 6 * * 1', spellcheck: 'false' });
  const days = h('input', { name: 'days', type: 'number', min: 1, max: 180, value: schedule?.days ?? 30 });
  const tz = h('input', { name: 'timezone', value: schedule?.timezone ?? 'UTC' });
  const save = h('button', { type: 'submit' }, 'Save schedule');
  const form = h('form', { class: 'inline', novalidate: true, 'aria-label': 'Bundle schedule' }, field('Cron', cron, 'e.g. 0 6 * * 1 (Mondays 06:00)'), field('Days', days), field('Time zone', tz), save,
    schedule ? h('button', { type: 'button', class: 'secondary', onclick: (e) => submit(e.target, out, async () => { await api('DELETE', `${o(org)}/compliance/schedule`); go(location.pathname + location.search); }) }, 'Stop schedule') : null);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(save, out, async () => {
      await api('PUT', `${o(org)}/compliance/schedule`, { cron: cron.value, days: Number(days.value), timezone: tz.value });
      go(location.pathname + location.search);
    });
  });
  return h('section', { class: 'card', 'aria-labelledby': 's-h' }, h('h2', { id: 's-h' }, 'Schedule and stored bundles'),
    h('p', {}, schedule ? `Bundles are made on “${schedule.cron}” (${schedule.timezone}); next at ${when(schedule.next_run_at)}.` : 'No schedule: bundles are made only on request.'),
    may('manage') ? form : null, out,
    bundles.length
      ? table('Bundles', ['Made', 'Trigger', 'Window', 'Size', ''], bundles.map((b) => [when(b.created_at), b.trigger, `${b.from_date} – ${b.to_date}`, `${Math.ceil(b.size / 1024)} KiB`,
          h('a', { href: new URL(b.download_url, location.origin).pathname, download: b.filename }, 'Download')]))
      : empty('No stored bundles yet. Download one above, or set a schedule.'));
}

async function partnerKeysSection(org) {
  const base = `${o(org)}/compliance/partner-keys`;
  const keys = await api('GET', base);
  const out = h('div', { 'aria-live': 'polite' });
  const name = h('input', { name: 'name' });
  const button = h('button', { type: 'submit' }, 'Create partner key');
  const form = h('form', { class: 'inline', novalidate: true, 'aria-label': 'New partner key' }, field('Held by', name, 'An auditor or a GRC tool'), button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(button, out, async () => {
      const made = await api('POST', base, { name: name.value });
      fill(out, h('p', { class: 'ok', role: 'status' }, `Key for ${made.name}: `, h('code', {}, made.api_key), '. Copy it now; it is read-only and limited to this organization’s compliance reads.'));
    });
  });
  return h('section', { class: 'card', 'aria-labelledby': 'pk-h' }, h('h2', { id: 'pk-h' }, 'Partner keys'),
    keys.length
      ? table('Partner keys', ['Held by', 'Created', ''], keys.map((k) => [k.name, when(k.created_at),
          h('button', { type: 'button', class: 'danger small', onclick: (e) => submit(e.target, out, async () => { await api('DELETE', `${base}/${k.key_id}`); go(location.pathname); }) }, 'Delete')]))
      : empty('No partner keys. Create one for an auditor who reads evidence with their own tools.'),
    form, out);
}

export async function changesScreen({ org }) {
  const params = new URLSearchParams(location.search);
  const q = new URLSearchParams({ limit: '50' });
  for (const k of ['target_type', 'target_id', 'cursor']) if (params.get(k)) q.set(k, params.get(k));
  const page = await api('GET', `${o(org)}/changes?${q}`);
  const type = select('target_type', [['', 'Everything'], 'organization', 'policy', 'license', 'team', 'control_tag', 'framework', 'partner_key', 'bundle_schedule', 'user'], params.get('target_type') ?? '');
  type.addEventListener('change', () => go(`${location.pathname}${type.value ? `?target_type=${type.value}` : ''}`));
  const who = (a) => a.email ? `${a.email} (${a.role})` : a.kind === 'admin' ? 'admin token' : `${a.kind} key`;
  const next = new URLSearchParams(params);
  if (page.next_cursor) next.set('cursor', page.next_cursor);
  return h('section', {}, h('h1', {}, 'Change log'), h('div', { class: 'inline' }, field('Show', type)),
    page.items.length
      ? table('Changes', ['When', 'Who', 'What', 'Target', 'Changed'], page.items.map((c) => [when(c.at), who(c.actor), c.action, `${c.target_type} ${c.target_id}`,
          h('details', {}, h('summary', {}, changedKeys(c).join(', ') || 'details'), h('pre', {}, JSON.stringify({ before: c.before, after: c.after }, null, 2)))]))
      : empty('No changes recorded yet. Changes to settings, policies, keys, licenses and users appear here.'),
    page.next_cursor ? h('nav', { class: 'pager', 'aria-label': 'Pages' }, h('a', { href: `${location.pathname}?${next}` }, 'Older changes')) : null);
}
