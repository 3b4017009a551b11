import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { BASE62, fill, findingOf, randomStrings } from './fixtures.js';

const random = randomStrings(11);
const upper = (n: number) => random('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', n);
const HOOK = `https://hooks.slack.com/services/T${upper(8)}/B${upper(10)}/${random(BASE62, 24)}`;
const WORKFLOW = `https://hooks.slack.com/workflows/T${upper(8)}/A${upper(10)}/${random('0123456789', 18)}/${random(BASE62, 24)}`;

describe('SLACK_WEBHOOK', () => {
  it.each([
    ['alone', HOOK, HOOK],
    ['in .env', `SLACK_WEBHOOK_URL=${HOOK}\n`, HOOK],
    ['in JSON', `{"webhook": "${HOOK}"}`, HOOK],
    ['in a curl command', `curl -X POST -d '{"text":"hi"}' ${HOOK}`, HOOK],
    ['closing a sentence', `Post to ${HOOK}.`, HOOK],
    ['without the scheme', HOOK.slice(8), HOOK.slice(8)],
    ['over plain http', `http://${HOOK.slice(8)}`, `http://${HOOK.slice(8)}`],
    ['a workflow trigger', WORKFLOW, WORKFLOW],
  ])('finds a webhook %s', (_name, text, url) => {
    expect(found(text, 'SLACK_WEBHOOK')).toEqual([url]);
  });

  it.each([
    ['the API host', `https://slack.com/api/chat.postMessage/T${upper(8)}`],
    ['a missing secret', `https://hooks.slack.com/services/T${upper(8)}/B${upper(10)}`],
    ['a short secret', `https://hooks.slack.com/services/T${upper(8)}/B${upper(10)}/abc123`],
    ['a team id without T', `https://hooks.slack.com/services/X${upper(8)}/B${upper(10)}/${random(BASE62, 24)}`],
    ['a bare path', 'https://hooks.slack.com/services/'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'SLACK_WEBHOOK')).toEqual([]);
  });

  it("keeps Slack's documented placeholder below the default minimum", () => {
    const text = 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';
    expect(found(text, 'SLACK_WEBHOOK')).toEqual([]);
    expect(findingOf(text, 'SLACK_WEBHOOK')?.confidence).toBeLessThan(0.5);
  });

  it.each([
    ['repeated hosts', fill('hooks.slack.com/services/')],
    ['repeated slashes', `hooks.slack.com/services/T${fill('A/')}`],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'SLACK_WEBHOOK')).toEqual([]);
  });
});
