import { describe, expect, it } from 'vitest';
import { admin, appWithOrgForFile, check, type OrgFixture, type TestApp } from '../helpers/app.js';

let t: TestApp;
let org: OrgFixture;
appWithOrgForFile((app, o) => {
  t = app;
  org = o;
});

const url = (suffix = '') => `/api/orgs/${org.orgId}/policies${suffix}`;
const CODENAME = { name: 'project_codename', keywords: ['Falcon', 'Project Osprey'] };
const TICKET = { name: 'TICKET', category: 'SECRETS', pattern: 'PRJ-\\d{4}', case_sensitive: true };
const maskCustom = { name: 'Mask codenames', dataTypes: ['PROJECT_CODENAME', 'PII'], destinations: ['AI_TOOL'], action: 'MASK' };
const blockTickets = { name: 'Block tickets', dataTypes: ['ticket'], destinations: ['VENDOR'], action: 'BLOCK' };

const create = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: url(), headers: admin, payload: { name: 'Custom', ...payload } });
const patch = (id: string, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: url(`/${id}`), headers: admin, payload });

async function created(payload: Record<string, unknown>) {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Tasks the piscina pool has completed (warm-up included): proves a check went through a thread. */
const poolCompleted = () => (t.app.detectPool as unknown as { pool: { completed: number } }).pool.completed;

describe('policy custom detectors, allowlist and min_confidence', () => {
  it('stores them with defaults and returns them on the policy', async () => {
    const p = await created({ custom_detectors: [CODENAME, TICKET], rules: [maskCustom, blockTickets] });
    expect(p.custom_detectors).toEqual([
      { name: 'PROJECT_CODENAME', category: 'CUSTOM', keywords: ['Falcon', 'Project Osprey'], case_sensitive: false },
      { name: 'TICKET', category: 'SECRETS', pattern: 'PRJ-\\d{4}', case_sensitive: true },
    ]);
    expect(p.allow).toEqual([]);
    expect(p.min_confidence).toBe(0.5);
    expect(p.rules[1].dataTypes).toEqual(['TICKET']);
    expect((await t.app.inject({ method: 'GET', url: url(`/${p.policy_id}`), headers: admin })).json()).toEqual(p);
  });

  it('reads policies stored before these fields existed as the defaults', async () => {
    const p = await created({});
    await t.app.mongo.db.collection('policies').updateOne({ _id: p.policy_id }, { $unset: { custom_detectors: '', allow: '', min_confidence: '' } });
    const read = (await t.app.inject({ method: 'GET', url: url(`/${p.policy_id}`), headers: admin })).json();
    expect(read).toMatchObject({ custom_detectors: [], allow: [], min_confidence: 0.5 });
  });

  it.each([
    ['a backreference', { custom_detectors: [{ name: 'BAD', pattern: '(a)\\1' }] }, ["custom_detectors.0.pattern", "custom detector 'BAD'", 'backreferences']],
    ['a lookahead', { custom_detectors: [{ name: 'BAD', pattern: 'x(?=y)' }] }, ["custom detector 'BAD'", 'lookahead']],
    ['a syntax error', { custom_detectors: [{ name: 'BAD', pattern: '[a-' }] }, ["custom detector 'BAD'", 'missing ]']],
    ['too many repetition copies', { custom_detectors: [{ name: 'BAD', pattern: '(?:\\w{50}-){5}' }] }, ['expand to 255 copies']],
    ['a zero-width pattern', { custom_detectors: [{ name: 'EDGE', pattern: '\\b' }] }, ['custom_detectors.0.pattern', "custom detector 'EDGE'", 'can match the empty string']],
    ['an empty alternative', { custom_detectors: [{ name: 'EDGE', pattern: 'PRJ-\\d+|' }] }, ["custom detector 'EDGE'", 'can match the empty string']],
    ['only optional parts', { custom_detectors: [{ name: 'EDGE', pattern: 'x{0,3}' }] }, ["custom detector 'EDGE'", 'can match the empty string']],
    ['a zero-width allow pattern', { allow: [{ pattern: '^' }] }, ['allow.0.pattern', 'invalid allow pattern', 'can match the empty string']],
    ['a built-in name', { custom_detectors: [{ name: 'email', keywords: ['x'] }] }, ["custom detector 'EMAIL'", 'built-in']],
    ['a duplicate name', { custom_detectors: [{ name: 'DUP', keywords: ['x'] }, { name: 'dup', pattern: 'y' }] }, ['custom_detectors.1.name', 'already used']],
    ['a bad name', { custom_detectors: [{ name: 'has space', keywords: ['x'] }] }, ['custom_detectors.0.name', 'a letter, then']],
    ['pattern and keywords', { custom_detectors: [{ name: 'BOTH', pattern: 'x', keywords: ['y'] }] }, ['exactly one of pattern and keywords']],
    ['a bad category', { custom_detectors: [{ name: 'CAT', category: 'SECRET', keywords: ['x'] }] }, ['custom_detectors.0.category']],
    ['an unknown field', { custom_detectors: [{ name: 'X_Y', keywords: ['x'], regex: 'x' }] }, ['regex']],
    ['an invalid allow pattern', { allow: [{ value: 'ok' }, { pattern: '(?<=a)b' }] }, ['allow.1.pattern', 'invalid allow pattern', 'lookahead']],
    ['an allow entry with both keys', { allow: [{ value: 'a', pattern: 'b' }] }, ['allow.0', 'exactly one of value and pattern']],
    ['min_confidence above 1', { min_confidence: 1.5 }, ['min_confidence']],
    ['a rule naming an unknown type', { rules: [{ ...maskCustom, dataTypes: ['PROJECT_CODENAME'] }] }, ['rules.0.dataTypes.0', "'PROJECT_CODENAME'"]],
  ])('rejects a policy with %s (422, detail says what)', async (_name, payload, mentions) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    for (const m of mentions) expect(res.json().detail).toContain(m);
  });

  it('validates a PATCH against the policy it produces', async () => {
    const p = await created({ custom_detectors: [CODENAME], rules: [{ ...maskCustom, dataTypes: ['PROJECT_CODENAME'] }] });
    const bad = await patch(p.policy_id, { custom_detectors: [{ name: 'BAD', pattern: '(x)\\1' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toContain("custom detector 'BAD'");
    // Dropping the detector a rule names leaves the rule naming an unknown type.
    const orphan = await patch(p.policy_id, { custom_detectors: [] });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().detail).toContain("rules.0.dataTypes.0: unknown data type 'PROJECT_CODENAME'");
    // A rule naming a detector added in the same PATCH is fine.
    const ok = await patch(p.policy_id, { custom_detectors: [CODENAME, TICKET], rules: [{ ...blockTickets, dataTypes: ['TICKET'] }] });
    expect(ok.statusCode, ok.body).toBe(200);
    const unknown = await patch(p.policy_id, { rules: [{ ...blockTickets, dataTypes: ['NOT_A_TYPE'] }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toContain("'NOT_A_TYPE'");
  });

  it('bumps the version when detection settings change, and only then', async () => {
    const p = await created({ custom_detectors: [CODENAME] });
    expect(p.version).toBe('1.0');
    const v = async (payload: Record<string, unknown>) => (await patch(p.policy_id, payload)).json().version;
    expect(await v({ custom_detectors: [CODENAME], allow: [], min_confidence: 0.5, name: 'Renamed' })).toBe('1.0');
    expect(await v({ custom_detectors: [CODENAME, TICKET] })).toBe('1.1');
    expect(await v({ allow: [{ value: 'Falcon' }] })).toBe('1.2');
    expect(await v({ min_confidence: 0.7 })).toBe('1.3');
    expect(await v({ min_confidence: 0.7 })).toBe('1.3');
  });
});

describe('text checks with custom detectors', () => {
  it('find a custom keyword and pattern, mask per rule and block per rule', async () => {
    const p = await created({ custom_detectors: [CODENAME, TICKET], rules: [maskCustom, blockTickets] });
    const text = 'Project Osprey and Falcon are tracked in PRJ-1234 (not prj-9999); mail jane.doe@acme.com.';
    const toAi = (await check(t.app, p.api_key, { text, destination: 'AI_TOOL' })).json();
    expect(toAi.decision).toBe('ALLOWED_WITH_MASKING');
    expect(toAi.masked_content).toBe('[PROJECT_CODENAME] and [PROJECT_CODENAME] are tracked in PRJ-1234 (not prj-9999); mail [EMAIL].');
    expect(toAi.detected).toEqual([
      { type: 'PROJECT_CODENAME', count: 2, sample: '******* **prey' },
      { type: 'TICKET', count: 1, sample: 'PRJ-****' },
      { type: 'EMAIL', count: 1, sample: 'j***@acme.com' },
    ]);
    const toVendor = (await check(t.app, p.api_key, { text, destination: 'VENDOR' })).json();
    expect(toVendor).toMatchObject({ decision: 'BLOCKED', masked_content: null });
    expect(toVendor.summary).toContain('TICKET');
    expect(toVendor.summary).not.toContain('PRJ-1234');
  });

  it('lets the allowlist suppress a real email', async () => {
    const p = await created({ rules: [{ ...maskCustom, dataTypes: ['EMAIL'] }], allow: [{ value: 'support@acme.com' }, { pattern: '(?i)[a-z]+@example\\.org' }] });
    const body = (await check(t.app, p.api_key, { text: 'Ask support@acme.com, Help@Example.org or jane@acme.com', destination: 'AI_TOOL' })).json();
    expect(body.masked_content).toBe('Ask support@acme.com, Help@Example.org or [EMAIL]');
    expect(body.detected).toEqual([{ type: 'EMAIL', count: 1, sample: 'j***@acme.com' }]);
  });

  it('changes its answer when min_confidence changes', async () => {
    const p = await created({ custom_detectors: [CODENAME], rules: [maskCustom] });
    const text = 'Falcon launches; write to jane@acme.com';
    const before = (await check(t.app, p.api_key, { text, destination: 'AI_TOOL' })).json();
    expect(before.decision).toBe('ALLOWED_WITH_MASKING');
    const raised = (await patch(p.policy_id, { min_confidence: 1 })).json();
    expect(raised.version).toBe('1.1');
    const after = (await check(t.app, p.api_key, { text, destination: 'AI_TOOL' })).json();
    expect(after).toMatchObject({ decision: 'ALLOWED', detected: [], masked_content: text, policy_version: '1.1' });
  });

  it('scans long texts with custom detectors in a worker thread', async () => {
    const p = await created({ custom_detectors: [CODENAME, TICKET], rules: [maskCustom, { ...blockTickets, destinations: ['AI_TOOL'], action: 'MASK' }] });
    const filler = 'Nothing to see in this sentence at all. '.repeat(200);
    const text = `${filler}Falcon ${filler}PRJ-4321 ${filler}`;
    expect(text.length).toBeGreaterThan(t.config.detect.inlineMaxChars);
    const completed = poolCompleted();
    const body = (await check(t.app, p.api_key, { text, destination: 'AI_TOOL' })).json();
    expect(poolCompleted()).toBe(completed + 1);
    expect(body.decision).toBe('ALLOWED_WITH_MASKING');
    expect(body.masked_content).toBe(`${filler}[PROJECT_CODENAME] ${filler}[TICKET] ${filler}`);
  });

  it('keeps checking with a pattern stored before zero-width patterns were refused, which a PATCH cannot send again', async () => {
    const p = await created({ custom_detectors: [TICKET], rules: [{ ...blockTickets, destinations: ['AI_TOOL'], action: 'MASK' }] });
    await t.app.mongo.db.collection('policies').updateOne({ _id: p.policy_id }, { $set: { 'custom_detectors.0.pattern': 'PRJ-\\d{4}|\\b' } });
    await t.app.services.keys.invalidate();
    for (const filler of ['', ` ${'x '.repeat(3_000)}`]) {
      const res = await check(t.app, p.api_key, { text: `PRJ-1234 and PRJ-99${filler}`, destination: 'AI_TOOL' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().masked_content).toBe(`[TICKET] and PRJ-99${filler}`);
    }
    const stored = (await t.app.inject({ method: 'GET', url: url(`/${p.policy_id}`), headers: admin })).json();
    const again = await patch(p.policy_id, { custom_detectors: stored.custom_detectors });
    expect(again.statusCode).toBe(422);
    expect(again.json().detail).toContain("custom detector 'TICKET': invalid pattern: the pattern can match the empty string");
  });

  it('fails closed (503) when stored settings do not compile, inline and in a thread', async () => {
    const p = await created({ custom_detectors: [TICKET], rules: [{ ...blockTickets, destinations: ['AI_TOOL'] }] });
    // Written behind the API's back: validation would never let this pattern in.
    await t.app.mongo.db.collection('policies').updateOne({ _id: p.policy_id }, { $set: { 'custom_detectors.0.pattern': 'PRJ(?=-)' } });
    await t.app.services.keys.invalidate();
    for (const text of ['PRJ-1234', `PRJ-1234 ${'x'.repeat(5_000)}`]) {
      const res = await check(t.app, p.api_key, { text, destination: 'AI_TOOL' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('detection_failed');
    }
  });
});

describe('POST /api/orgs/{org}/custom-detectors/test (the policy editor’s live test)', () => {
  const test = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/orgs/${org.orgId}/custom-detectors/test`, headers: admin, payload });

  it('answers the matches of the pattern in the sample, case-insensitive unless asked', async () => {
    const sample = 'PRJ-1234, prj-5678 and PRJ-99';
    expect((await test({ pattern: 'PRJ-\\d{4}', sample })).json()).toEqual({ matches: [{ start: 0, end: 8 }, { start: 10, end: 18 }] });
    expect((await test({ pattern: 'PRJ-\\d{4}', sample, case_sensitive: true })).json()).toEqual({ matches: [{ start: 0, end: 8 }] });
  });

  it('refuses what a policy save refuses, with the same RE2 error', async () => {
    const lookahead = await test({ pattern: '(?=PRJ)\\w+', sample: 'PRJ' });
    expect(lookahead.statusCode).toBe(422);
    expect(lookahead.json().detail).toContain('invalid perl operator: (?=');
    const saved = await create({ custom_detectors: [{ name: 'TICKET', pattern: '(?=PRJ)\\w+' }] });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().detail).toContain('invalid perl operator: (?=');
    expect((await test({ pattern: 'a*', sample: 'x' })).statusCode).toBe(422);
  });
});
