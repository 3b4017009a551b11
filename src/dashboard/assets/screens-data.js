// The check playground, the audit trail (filters, search, cursor paging, a check's detail) and analytics.
import { highlight } from './screens-policy.js';
import { api, go, decisionBadge, empty, errorBox, field, fill, h, select, submit, table, when } from './lib.js';
import { barChart, mixBar, stackedChart } from './charts.js';

const DESTINATIONS = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];
const o = (org) => `/api/orgs/${encodeURIComponent(org)}`;

/**
 * The detections in place: the page still holds the text it sent, and the playground's answer says
 * where each finding is in it (`spans`, offsets as JavaScript strings count) and what the policy did.
 */
function inPlace(text, spans) {
  const ranges = spans.map((s) => ({ start: s.start, end: s.end, type: s.type, tone: (s.action ?? 'none').toLowerCase(), note: `${s.type}, ${s.action ?? 'no rule'}` }));
  const tones = [...new Set(ranges.map((r) => r.tone))];
  return [h('h3', {}, 'Detections in place'),
    h('p', { class: 'muted legend' }, 'Marked by what the policy does: ', tones.map((t) => [h('mark', { class: t }, TONE_NAMES[t]), ' '])),
    highlight(text, ranges)];
}
const TONE_NAMES = { block: 'block', mask: 'mask', allow: 'allow', none: 'no rule' };

export async function playgroundScreen({ org }) {
  const policies = await api('GET', `${o(org)}/playground/policies`);
  if (!policies.length) return h('section', {}, h('h1', {}, 'Check playground'), empty('This organization has no policy to check under. An admin creates one under Policies.'));
  const out = h('div', { class: 'result', 'aria-live': 'polite' });
  const policy = select('policy_id', policies.map((p) => [p.policy_id, `${p.name} (v${p.version})${p.is_active ? '' : ' — inactive'}`]), policies[0].policy_id);
  const destination = select('destination', DESTINATIONS, 'AI_TOOL');
  const text = h('textarea', { name: 'text', rows: 8, placeholder: 'Paste the text to check' });
  const file = h('input', { type: 'file', name: 'file' });
  const drop = h('div', { class: 'drop', tabindex: 0, role: 'group', 'aria-label': 'Drop a file here' }, 'Drop a file here, or ', field('Choose a file', file));
  let dropped = null;
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    dropped = e.dataTransfer.files[0] ?? null;
    if (dropped) fill(drop, `File: ${dropped.name} `, h('button', { type: 'button', class: 'link', onclick: () => { dropped = null; go(location.pathname); } }, 'clear'));
  });
  const button = h('button', { type: 'submit' }, 'Run check');
  const form = h('form', { class: 'card', novalidate: true, 'aria-label': 'Check' },
    h('div', { class: 'grid' }, field('Policy', policy), field('Destination', destination)),
    field('Text', text), drop, button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const upload = dropped ?? file.files[0];
    submit(button, out, async () => {
      let result;
      if (upload) {
        const body = new FormData();
        body.append('destination', destination.value);
        body.append('file', upload, upload.name);
        result = await api('POST', `${o(org)}/playground/file?policy_id=${encodeURIComponent(policy.value)}`, body);
      } else {
        result = await api('POST', `${o(org)}/playground/text`, { text: text.value, destination: destination.value, policy_id: policy.value });
      }
      fill(out, resultView(org, result, upload ? null : text.value));
    });
  });
  return h('section', {}, h('h1', {}, 'Check playground'), h('p', { class: 'muted' }, 'A real check: it is recorded in the audit trail and counts against the plan.'), form, out);
}

function resultView(org, result, text) {
  if (result.status === 'pending') return h('p', { role: 'status' }, 'The file is still being checked. Find it in ', h('a', { href: `/dashboard/orgs/${org}/audit/${result.preflight_id}` }, 'the audit trail'), '.');
  return h('div', { class: 'card' },
    h('h2', {}, 'Decision: ', decisionBadge(result.decision)),
    h('p', { class: 'summary' }, result.summary),
    result.detected.length
      ? table('Detections', ['Type', 'Count', 'Sample'], result.detected.map((d) => [d.type, String(d.count), d.sample ?? '—']))
      : h('p', {}, 'Nothing sensitive was found.'),
    result.spans?.length ? inPlace(text, result.spans) : null,
    text === null && result.detected.length ? h('p', { class: 'muted' }, 'A file’s detections are not marked in place: its text is read from the file on the server, and the page does not hold it.') : null,
    result.masked_content ? [h('h3', {}, 'Masked copy'), h('pre', { class: 'masked' }, result.masked_content)] : null,
    result.masked_file_url ? h('p', {}, h('a', { href: new URL(result.masked_file_url).pathname, download: true }, 'Download the masked file')) : null,
    h('p', { class: 'muted' }, 'Check ', h('a', { href: `/dashboard/orgs/${org}/audit/${result.preflight_id}` }, result.preflight_id), ` · policy version ${result.policy_version}`));
}

const FILTERS = ['decision', 'destination', 'source', 'policy_id', 'from', 'to', 'search'];

export async function auditScreen({ org }) {
  const params = new URLSearchParams(location.search);
  const policies = await api('GET', `${o(org)}/playground/policies`).catch(() => []);
  const controls = {
    decision: select('decision', [['', 'Any'], 'ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'], params.get('decision') ?? ''),
    destination: select('destination', [['', 'Any'], ...DESTINATIONS], params.get('destination') ?? ''),
    source: select('source', [['', 'Any'], ['text', 'Text'], ['file', 'File']], params.get('source') ?? ''),
    policy_id: select('policy_id', [['', 'Any'], ...policies.map((p) => [p.policy_id, p.name])], params.get('policy_id') ?? ''),
    from: h('input', { type: 'date', name: 'from', value: params.get('from') ?? '' }),
    to: h('input', { type: 'date', name: 'to', value: params.get('to') ?? '' }),
    search: h('input', { type: 'search', name: 'search', value: params.get('search') ?? '', placeholder: 'Check id, summary, policy…' }),
  };
  const labels = { decision: 'Decision', destination: 'Destination', source: 'Source', policy_id: 'Policy', from: 'From', to: 'To', search: 'Search' };
  const form = h('form', { class: 'card filters', role: 'search', 'aria-label': 'Audit filters' },
    h('div', { class: 'grid' }, FILTERS.map((f) => field(labels[f], controls[f]))), h('button', { type: 'submit' }, 'Apply'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = new URLSearchParams();
    for (const f of FILTERS) if (controls[f].value) q.set(f, controls[f].value);
    go(`${location.pathname}?${q}`);
  });
  const query = new URLSearchParams({ org_id: org, limit: '25' });
  for (const f of FILTERS) if (params.get(f)) query.set(f, params.get(f));
  if (params.get('cursor')) query.set('cursor', params.get('cursor'));
  let listing;
  try {
    const page = await api('GET', `/api/audit?${query}`);
    const rows = page.items.map((i) => [h('a', { href: `/dashboard/orgs/${org}/audit/${i.preflight_id}` }, when(i.created_at)), decisionBadge(i.decision), i.destination, i.policy_name, i.summary]);
    const next = new URLSearchParams(params);
    if (page.next_cursor) next.set('cursor', page.next_cursor);
    listing = [
      h('p', { class: 'muted', role: 'status' }, `${page.total}${page.total_exact ? '' : '+'} check${page.total === 1 ? '' : 's'} match.`),
      rows.length ? table('Checks', ['When', 'Decision', 'Destination', 'Policy', 'Summary'], rows) : empty('No checks match. Widen the filters, or run one in the playground.'),
      h('nav', { class: 'pager', 'aria-label': 'Pages' },
        params.get('cursor') ? h('a', { href: `${location.pathname}?${withoutCursor(params)}` }, 'First page') : null,
        page.next_cursor ? h('a', { href: `${location.pathname}?${next}` }, 'Next page') : null),
    ];
  } catch (err) {
    listing = errorBox(err);
  }
  return h('section', {}, h('h1', {}, 'Audit'), form, listing);
}

function withoutCursor(params) {
  const q = new URLSearchParams(params);
  q.delete('cursor');
  return q;
}

export async function auditDetailScreen({ org, check }) {
  const r = await api('GET', `/api/preflight/${encodeURIComponent(check)}`);
  return h('section', {}, h('h1', {}, `Check ${r.preflight_id}`),
    h('dl', { class: 'card detail' },
      h('dt', {}, 'Decision'), h('dd', {}, decisionBadge(r.decision ?? 'PENDING')),
      h('dt', {}, 'When'), h('dd', {}, when(r.created_at)),
      h('dt', {}, 'Summary'), h('dd', {}, r.summary ?? '—'),
      h('dt', {}, 'Policy version'), h('dd', {}, r.policy_version ?? '—')),
    r.detected?.length ? table('Detections', ['Type', 'Count', 'Sample'], r.detected.map((d) => [d.type, String(d.count), d.sample ?? '—'])) : empty('Nothing was detected in this check.'),
    h('p', {}, h('a', { href: `/dashboard/orgs/${org}/audit` }, 'Back to the audit trail')));
}

export async function analyticsScreen({ org }) {
  const period = new URLSearchParams(location.search).get('period') ?? '30d';
  const [totals, series, detections] = await Promise.all([
    api('GET', `${o(org)}/analytics?period=${period}`),
    api('GET', `${o(org)}/analytics/timeseries?period=${period}`),
    api('GET', `${o(org)}/analytics/detections?period=${period}`),
  ]);
  const choose = select('period', [['7d', 'Last 7 days'], ['30d', 'Last 30 days'], ['90d', 'Last 90 days']], period);
  choose.addEventListener('change', () => go(`${location.pathname}?period=${choose.value}`));
  const stat = (label, value) => h('div', { class: 'stat' }, h('span', { class: 'value' }, String(value)), h('span', { class: 'label' }, label));
  return h('section', {}, h('h1', {}, 'Analytics'), h('div', { class: 'inline' }, field('Period', choose)),
    h('div', { class: 'stats' }, stat('Checks', totals.total_checks), stat('Allowed', totals.allowed), stat('Masked', totals.masked), stat('Blocked', totals.blocked),
      stat('Safe-share rate', `${totals.safe_share_rate}%`), stat('Prevented exposures', totals.prevented_exposures)),
    totals.total_checks === 0 ? empty('No checks in this period yet. Run one in the playground, or send checks with a policy key.') : null,
    h('section', { class: 'card', 'aria-labelledby': 'ts-h' }, h('h2', { id: 'ts-h' }, 'Checks per day'), stackedChart(series.data)),
    h('section', { class: 'card', 'aria-labelledby': 'mix-h' }, h('h2', { id: 'mix-h' }, 'Decision mix'), mixBar(totals)),
    h('section', { class: 'card', 'aria-labelledby': 'det-h' }, h('h2', { id: 'det-h' }, 'Detection mix'),
      detections.types.length ? barChart(detections.types) : empty('No detections in this period.')));
}
