// Policies: the list and a new policy; a policy's editor (rules, custom detectors with a live RE2 test,
// masking and minimum confidence) saved in one PATCH, so a refused save changes nothing; the key,
// shown on request and regenerated after a confirmation; and the version history from the change log.
import { api, go, confirmDialog, empty, errorBox, field, fill, h, may, secret, select, submit, table, when } from './lib.js';

const DESTINATIONS = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];
const ACTIONS = ['BLOCK', 'MASK', 'ALLOW'];
const CATEGORIES = ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'CUSTOM'];
const TYPES = ['EMAIL', 'PHONE', 'SSN', 'IP_ADDRESS', 'DATE_OF_BIRTH', 'PASSPORT', 'DRIVER_LICENSE', 'US_ADDRESS', 'PERSON_NAME', 'MEDICAL_RECORD_NUMBER',
  'HEALTH_INSURANCE_ID', 'NPI', 'DEA_NUMBER', 'ICD10_CODE', 'CREDIT_CARD', 'IBAN', 'ABA_ROUTING', 'BANK_ACCOUNT', 'SWIFT_BIC', 'CRYPTO_WALLET',
  'AWS_ACCESS_KEY', 'PRIVATE_KEY', 'JWT', 'CONNECTION_STRING', 'PASSWORD', 'GENERIC_SECRET'];
/** A new policy starts from sensible rules rather than from nothing (which would allow everything). */
const STARTER_RULES = [
  { name: 'Block secrets', enabled: true, dataTypes: ['SECRETS'], destinations: DESTINATIONS, action: 'BLOCK' },
  { name: 'Mask personal data', enabled: true, dataTypes: ['PII', 'FINANCIAL'], destinations: DESTINATIONS, action: 'MASK' },
];

const policyPath = (org, id) => `/dashboard/orgs/${encodeURIComponent(org)}/policies${id ? `/${id}` : ''}`;
const splitList = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);

export async function policiesScreen({ org }) {
  const policies = await api('GET', `/api/orgs/${encodeURIComponent(org)}/policies`);
  const out = h('div', { 'aria-live': 'polite' });
  const name = h('input', { name: 'name', required: true });
  const description = h('input', { name: 'description' });
  const button = h('button', { type: 'submit' }, 'Create policy');
  const form = h('form', { class: 'card', novalidate: true, 'aria-labelledby': 'new-pol' },
    h('h2', { id: 'new-pol' }, 'New policy'),
    h('p', { class: 'muted' }, 'It starts with two rules (block secrets; mask personal and financial data) that you can change next.'),
    h('div', { class: 'grid' }, field('Name', name), field('Description', description)),
    out, button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit(button, out, async () => {
      const created = await api('POST', `/api/orgs/${encodeURIComponent(org)}/policies`, { name: name.value, description: description.value, rules: STARTER_RULES });
      go(policyPath(org, created.policy_id));
    });
  });
  const list = policies.length
    ? table('Policies', ['Name', 'Version', 'Active', 'Rules', 'Updated'], policies.map((p) => [
        h('a', { href: policyPath(org, p.policy_id) }, p.name), p.version, p.is_active ? 'yes' : 'no', String(p.rules.length), when(p.updated_at)]))
    : empty('No policies. Create one below; checks need a policy key.');
  return h('section', {}, h('h1', {}, 'Policies'), list, form);
}

export async function policyScreen({ org, policy: id }) {
  const url = `/api/orgs/${encodeURIComponent(org)}/policies/${encodeURIComponent(id)}`;
  const policy = await api('GET', url);
  const out = h('div', { 'aria-live': 'polite' });
  const rules = rulesEditor(policy.rules);
  const detectors = detectorsEditor(org, policy.custom_detectors);
  const name = h('input', { name: 'name', value: policy.name });
  const description = h('input', { name: 'description', value: policy.description });
  const active = h('input', { type: 'checkbox', name: 'is_active', checked: policy.is_active });
  const masking = select('masking', ['label', 'pseudonym', 'partial', 'hash'], policy.masking);
  const confidence = h('input', { name: 'min_confidence', type: 'number', min: 0, max: 1, step: 0.05, value: policy.min_confidence });
  const save = h('button', { type: 'submit' }, 'Save policy');
  const remove = h('button', { type: 'button', class: 'danger' }, 'Delete policy');
  remove.addEventListener('click', async () => {
    if (!(await confirmDialog(`Delete the policy ${policy.name}? Its key stops working at once.`, 'Delete'))) return;
    await submit(remove, out, async () => {
      await api('DELETE', url);
      go(policyPath(org));
    });
  });
  const form = h('form', { novalidate: true, 'aria-label': 'Policy' },
    h('section', { class: 'card', 'aria-labelledby': 'pol-settings' },
      h('h2', { id: 'pol-settings' }, 'Settings'),
      h('div', { class: 'grid' },
        field('Name', name), field('Description', description),
        field('Masking style', masking, 'label [EMAIL], pseudonym [EMAIL_1], partial (keeps the last 4), hash'),
        field('Minimum confidence', confidence, 'Findings below it are dropped (0 to 1)'),
        h('div', { class: 'field check' }, h('label', {}, active, ' Active')))),
    rules.section, detectors.section, out, h('div', { class: 'actions' }, save, remove));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const body = {
      name: name.value, description: description.value, is_active: active.checked, masking: masking.value,
      min_confidence: Number(confidence.value), rules: rules.value(), custom_detectors: detectors.value(),
    };
    // One PATCH: the API applies all of it or, refused, none of it.
    submit(save, out, async () => {
      await api('PATCH', url, body);
      go(location.pathname);
    });
  });
  return h('section', {},
    h('h1', {}, policy.name),
    h('p', { class: 'muted' }, `Version ${policy.version} · ${policy.is_active ? 'active' : 'inactive'} · updated ${when(policy.updated_at)}`),
    keySection(url, policy), form, await historySection(org, policy));
}

function keySection(url, policy) {
  const out = h('div', { 'aria-live': 'polite' });
  let key = policy.api_key;
  const holder = h('span', {}, secret('policy key', async () => key));
  const regenerate = h('button', { type: 'button', class: 'danger' }, 'Regenerate key');
  regenerate.addEventListener('click', async () => {
    if (!(await confirmDialog('Regenerate the policy key? The current key stops working at once for every client that uses it.', 'Regenerate'))) return;
    await submit(regenerate, out, async () => {
      key = (await api('POST', `${url}/regenerate-key`)).api_key;
      fill(holder, secret('policy key', async () => key));
      fill(out, h('p', { class: 'ok', role: 'status' }, 'A new key was made; the old one is refused from now on.'));
    });
  });
  return h('section', { class: 'card', 'aria-labelledby': 'key-h' },
    h('h2', { id: 'key-h' }, 'Policy key'),
    h('p', { class: 'muted' }, 'Send it as X-Service-API-Key with every check.'),
    h('p', {}, holder), regenerate, out);
}

function rulesEditor(initial) {
  const body = h('tbody');
  const list = h('datalist', { id: 'data-types' }, [...CATEGORIES, ...TYPES].map((t) => h('option', { value: t })));
  const addRow = (rule) => {
    const row = h('tr');
    row.rule = rule.id;
    const name = h('input', { value: rule.name, 'aria-label': 'Rule name', class: 'rule-name' });
    const enabled = h('input', { type: 'checkbox', checked: rule.enabled, 'aria-label': 'Enabled' });
    const types = h('input', { value: rule.dataTypes.join(', '), list: 'data-types', 'aria-label': 'Data types (comma-separated)', class: 'rule-types' });
    const dests = DESTINATIONS.map((d) => h('label', { class: 'chip' }, h('input', { type: 'checkbox', value: d, checked: rule.destinations.includes(d) }), ` ${d}`));
    const action = select('action', ACTIONS, rule.action);
    action.setAttribute('aria-label', 'Action');
    const remove = h('button', { type: 'button', class: 'secondary small', onclick: () => row.remove() }, 'Remove');
    row.read = () => ({
      ...(row.rule ? { id: row.rule } : {}),
      name: name.value, enabled: enabled.checked, dataTypes: splitList(types.value),
      destinations: dests.map((l) => l.querySelector('input')).filter((i) => i.checked).map((i) => i.value), action: action.value,
    });
    fill(row, h('td', {}, name), h('td', {}, enabled), h('td', {}, types), h('td', { class: 'chips' }, dests), h('td', {}, action), h('td', {}, remove));
    body.append(row);
  };
  initial.forEach(addRow);
  const add = h('button', { type: 'button', class: 'secondary', onclick: () => addRow({ name: 'New rule', enabled: true, dataTypes: ['PII'], destinations: DESTINATIONS, action: 'MASK' }) }, 'Add rule');
  const section = h('section', { class: 'card', 'aria-labelledby': 'rules-h' },
    h('h2', { id: 'rules-h' }, 'Rules'),
    h('p', { class: 'muted' }, 'Each finding takes the strongest action of the enabled rules that cover it for the destination: BLOCK over MASK over ALLOW.'),
    list,
    h('div', { class: 'table-wrap' }, h('table', { class: 'rules' },
      h('thead', {}, h('tr', {}, ['Name', 'On', 'Data types', 'Destinations', 'Action', ''].map((c) => h('th', { scope: 'col' }, c)))), body)),
    add);
  return { section, value: () => [...body.children].map((r) => r.read()) };
}

function detectorsEditor(org, initial) {
  const box = h('div', { class: 'detectors' });
  const addDetector = (d) => {
    const name = h('input', { value: d.name, class: 'det-name' });
    const category = select('category', CATEGORIES, d.category);
    const kind = select('kind', [['pattern', 'Pattern (RE2)'], ['keywords', 'Keywords']], d.keywords ? 'keywords' : 'pattern');
    const pattern = h('input', { value: d.pattern ?? (d.keywords ?? []).join(', '), class: 'det-pattern', spellcheck: 'false' });
    const cs = h('input', { type: 'checkbox', checked: d.case_sensitive });
    const sample = h('textarea', { rows: 2, class: 'det-sample', placeholder: 'Paste text to test the pattern on' });
    const result = h('div', { class: 'det-result', 'aria-live': 'polite' });
    const test = h('button', { type: 'button', class: 'secondary small' }, 'Test pattern');
    const run = () => submit(test, result, async () => {
      if (kind.value !== 'pattern') return fill(result, h('p', { class: 'muted' }, 'Keywords match whole words; save and try them in the playground.'));
      const { matches } = await api('POST', `/api/orgs/${encodeURIComponent(org)}/custom-detectors/test`, { pattern: pattern.value, case_sensitive: cs.checked, sample: sample.value });
      fill(result, h('p', { role: 'status' }, `${matches.length} match${matches.length === 1 ? '' : 'es'}`), highlight(sample.value, matches));
    });
    test.addEventListener('click', run);
    const card = h('fieldset', { class: 'detector' },
      h('legend', {}, 'Custom detector'),
      h('div', { class: 'grid' }, field('Name', name, 'Becomes the finding type: letters, digits and _'), field('Category', category), field('Kind', kind),
        field('Pattern or keywords', pattern, 'RE2: no lookaround, no backreferences. Keywords: comma-separated'),
        h('div', { class: 'field check' }, h('label', {}, cs, ' Case-sensitive'))),
      field('Test text', sample), h('div', { class: 'actions' }, test,
        h('button', { type: 'button', class: 'secondary small', onclick: () => card.remove() }, 'Remove detector')), result);
    card.read = () => ({
      name: name.value, category: category.value, case_sensitive: cs.checked,
      ...(kind.value === 'pattern' ? { pattern: pattern.value } : { keywords: splitList(pattern.value) }),
    });
    box.append(card);
  };
  initial.forEach(addDetector);
  const add = h('button', { type: 'button', class: 'secondary', onclick: () => addDetector({ name: '', category: 'CUSTOM', pattern: '', case_sensitive: false }) }, 'Add custom detector');
  const section = h('section', { class: 'card', 'aria-labelledby': 'det-h' },
    h('h2', { id: 'det-h' }, 'Custom detectors'),
    initial.length ? null : h('p', { class: 'muted' }, 'None yet. Add one to catch your own identifiers (project code names, internal ids); name it in a rule’s data types.'),
    box, add);
  return { section, value: () => [...box.children].map((c) => c.read()) };
}

/**
 * The text with the ranges marked. A range may name its `type` (kept on the mark), a `tone` (its
 * colour class) and a `note`, which a screen reader says after the span and a pointer shows on hover.
 */
export function highlight(text, ranges) {
  const parts = [];
  let at = 0;
  for (const { start, end, type, tone, note } of ranges) {
    if (start < at) continue;
    parts.push(text.slice(at, start), h('mark', { 'data-type': type, class: tone, title: note }, text.slice(start, end), note ? h('span', { class: 'sr-only' }, ` (${note})`) : null));
    at = end;
  }
  parts.push(text.slice(at));
  return h('pre', { class: 'highlighted' }, parts);
}

/** Versions come from the change log: every create and update of the policy, with who and what changed. */
async function historySection(org, policy) {
  const head = h('h2', { id: 'hist-h' }, 'Version history');
  if (!may('comply')) return null;
  let page;
  try {
    page = await api('GET', `/api/orgs/${encodeURIComponent(org)}/changes?target_id=${encodeURIComponent(policy.policy_id)}&limit=50`);
  } catch (err) {
    return h('section', { class: 'card' }, head, errorBox(err));
  }
  const rows = page.items.map((c) => [
    when(c.at), c.after?.version ?? c.before?.version ?? '—', c.action, c.actor.email ?? (c.actor.kind === 'admin' ? 'admin token' : c.actor.kind),
    changedKeys(c).join(', ') || (c.action === 'policy.regenerate_key' ? 'key (the old one refused)' : '—'),
  ]);
  return h('section', { class: 'card', 'aria-labelledby': 'hist-h' }, head,
    rows.length ? table('Version history', ['When', 'Version', 'Change', 'Who', 'Changed'], rows) : empty('No recorded changes yet.'));
}

export function changedKeys(change) {
  const before = change.before ?? {};
  const after = change.after ?? {};
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]) && k !== 'updated_at');
}
