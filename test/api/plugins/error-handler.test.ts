// What the error handler logs for a 503: the cause's type, message and stack, never the content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorForLog } from '../../../src/config/logging.js';
import { admin, check, createOrg, startTestApp, testEnv, type TestApp } from '../../helpers/app.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(testEnv({ LOG_LEVEL: 'warn' }), { logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(async () => t?.close());

describe('the log of a 503', () => {
  it('carries the cause of too many custom matches under err, and not the text', async () => {
    const org = await createOrg(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/orgs/${org.orgId}/policies`,
      headers: admin,
      payload: { name: 'Letters', custom_detectors: [{ name: 'LETTER', pattern: '[a-z]' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const text = 'secretword'.repeat(20_001);
    const res = await check(t.app, created.json().api_key, { text, destination: 'AI_TOOL' });
    expect(res.json()).toMatchObject({ code: 'detection_failed' });

    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.code === 'detection_failed');
    expect(entry).toMatchObject({ msg: 'Detection failed; the content was not checked.', err: { type: 'Error' } });
    expect(entry.err.message).toBe("custom detector 'LETTER' pushed custom matches past 200000 in one scan");
    expect(entry.err.stack).toContain('custom matches past 200000');
    expect(entry).not.toHaveProperty('cause');
    expect(lines.join('')).not.toContain('secretword');
  });
});

describe('errorForLog', () => {
  it('keeps the type, messages and stacks of an error and its causes, and no other property', () => {
    const inner = Object.assign(new Error('inner failure'), { document: { ssn: '123-45-6789' } });
    const outer = Object.assign(new TypeError('outer failure', { cause: inner }), { input: 'submitted text' });
    const logged = errorForLog(outer);
    expect(Object.keys(logged)).toEqual(['type', 'message', 'stack']);
    expect(logged.type).toBe('TypeError');
    expect(logged.message).toBe('outer failure: inner failure');
    expect(logged.stack).toMatch(/^TypeError: outer failure\n[\s\S]*caused by: Error: inner failure/);
    expect(JSON.stringify(logged)).not.toMatch(/123-45-6789|submitted text/);
  });

  it('keeps a message logged under err as the message', () => {
    expect(errorForLog('browser closed')).toEqual({ type: 'string', message: 'browser closed', stack: '' });
  });
});
