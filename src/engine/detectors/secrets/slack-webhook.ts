import type { DetectorType, Finding } from '../../types.js';
import { makeFinding, type Detector } from '../detector.js';
import { isPlaceholderToken, PLACEHOLDER_CONFIDENCE } from './values.js';

const SLACK_WEBHOOK: DetectorType = { type: 'SLACK_WEBHOOK', category: 'SECRETS' };

// Incoming webhooks (`/services/T<team>/B<bot>/<24-char secret>`) and workflow triggers
// (`/workflows/` or `/triggers/T<team>/A<app>/<id>/<secret>`): anyone holding the URL can post.
const WEBHOOK = /(?:https?:\/\/)?hooks\.slack\.com\/(services|workflows|triggers)\/([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)/g;
const TEAM = /^T[A-Z0-9]{8,}$/;
const BOT = /^B[A-Z0-9]{8,}$/;
const SECRET = /^[A-Za-z0-9]{20,}$/;

function validPath(kind: string, segments: readonly string[]): boolean {
  if (!TEAM.test(segments[0] ?? '') || !SECRET.test(segments[segments.length - 1] ?? '')) return false;
  if (kind === 'services') return segments.length === 3 && BOT.test(segments[1] ?? '');
  return segments.length === 3 || segments.length === 4;
}

export const slackWebhook: Detector = {
  ...SLACK_WEBHOOK,
  keywords: ['hooks.slack.com'],
  noiseExempt: true,
  find(text) {
    const found: Finding[] = [];
    for (const m of text.matchAll(WEBHOOK)) {
      const path = m[2] ?? '';
      if (!validPath(m[1] ?? '', path.split('/'))) continue;
      // Slack's documentation writes T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX.
      const confidence = isPlaceholderToken(path) ? PLACEHOLDER_CONFIDENCE : 0.9;
      found.push(makeFinding(SLACK_WEBHOOK, text, m.index, m.index + m[0].length, confidence));
    }
    return found;
  },
};
