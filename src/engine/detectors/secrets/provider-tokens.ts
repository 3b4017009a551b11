import type { Detector } from '../detector.js';
import { githubChecksumValid } from './github-checksum.js';
import { bodyLength, prefixedToken } from './prefixed-token.js';

// Provider keys recognised by their fixed prefixes. Every body is a greedy run of its character
// class; lengths are checked by the judges, so a near-miss length (`ghp_` + 35) is no match.
// Confidence: 0.9 for a distinctive prefix with the right length; more where the token carries
// its own check (GitHub's checksum, OpenAI's `T3BlbkFJ` marker); test-mode keys a little less.

const PROVIDER_PREFIX = 0.9;
const WITH_CHECK = 0.97;
/** A GitHub app token of the longer form: no checksum to check, the prefix alone. */
const LONG_GITHUB = 0.85;

export const githubToken = prefixedToken({
  type: 'GITHUB_TOKEN',
  category: 'SECRETS',
  keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  shapes: [
    // Classic format: 30 random characters and a 6-character CRC-32 checksum. App installation
    // (ghs_), user-to-server (ghu_) and refresh (ghr_) tokens may be longer: GitHub documents them
    // as up to 255 characters.
    {
      pattern: /\bgh[pousr]_[A-Za-z0-9]+/g,
      judge: (value) => {
        const body = value.slice(4);
        if (body.length === 36) return githubChecksumValid(body) ? WITH_CHECK : PROVIDER_PREFIX;
        return body.length > 36 && body.length <= 251 && 'sur'.includes(value.charAt(2)) ? LONG_GITHUB : null;
      },
    },
    // Fine-grained personal access tokens: 22 characters, `_`, 59 characters.
    { pattern: /\bgithub_pat_[A-Za-z0-9_]+/g, judge: bodyLength(11, 82, 82, PROVIDER_PREFIX) },
  ],
});

// glpat- personal, gldt- deploy, glrt- runner, glcbt- CI job, glptt- trigger, glft- feed, glimt-
// incoming mail, glagent- agent, gloas- OAuth app secret, glsoat- SCIM, glffct- feature flags,
// glwt- workspace; the `_gitlab_session` cookie. Since GitLab 17 a token may end in `.<2-char version>.<base36 CRC>`.
const GITLAB_PREFIX = /^gl[a-z]+-/;
/** A legacy token has no prefix: only its key's name says GitLab. */
const LEGACY_GITLAB = 0.8;
export const gitlabToken = prefixedToken({
  type: 'GITLAB_TOKEN',
  category: 'SECRETS',
  keywords: ['gitlab', 'glpat-', 'gldt-', 'glrt-', 'glcbt-', 'glptt-', 'glft-', 'glimt-', 'glagent-', 'gloas-', 'glsoat-', 'glffct-', 'glwt-', 'gr1348941'],
  shapes: [
    {
      pattern: /\bgl(?:pat|dt|rt|cbt|ptt|ft|imt|agent|oas|soat|ffct|wt)-[A-Za-z0-9_-]+(?:\.[0-9a-z]{2}\.[0-9a-z]+)?/g,
      judge: (value) => {
        const prefix = GITLAB_PREFIX.exec(value)?.[0].length ?? 0;
        const body = value.length - prefix;
        return body >= 20 && body <= 300 ? PROVIDER_PREFIX : null;
      },
    },
    // Personal access tokens before GitLab 14.5 had no prefix: 20 characters, named as GitLab's.
    {
      pattern: /gitlab[\w.-]{0,30}?(?:token|pat)["']?[ \t]*[:=][ \t]*["']?([A-Za-z0-9_-]+)/dgi,
      group: 1,
      context: /gitlab/i,
      judge: (value) => (value.length === 20 && /\d/.test(value) && /[A-Za-z]/.test(value) ? LEGACY_GITLAB : null),
    },
    // Runner registration tokens (deprecated, still in old configs).
    { pattern: /\bGR1348941[A-Za-z0-9_-]+/g, judge: bodyLength(9, 20, 20, PROVIDER_PREFIX) },
    // A signed-in session's cookie: 32 lower-case letters and digits.
    { pattern: /\b_gitlab_session=([0-9a-z]+)/dg, group: 1, judge: bodyLength(0, 32, 32, PROVIDER_PREFIX) },
  ],
});

// Bot (xoxb), user (xoxp), app-level (xapp), workspace/legacy (xoxa, xoxr, xoxs, xoxo) and rotating
// (xoxe, xoxe.xoxp) tokens: dash-separated numeric ids (8–14 digits; a one-digit version may lead)
// then a random part of 18 characters or more. Documentation writes `xoxp-1234-…` or `####`:
// ids that short, or no random part, are no token.
const SLACK_PREFIX = /^(?:xox[a-z](?:\.xox[a-z])?|xapp)-/;
const ID = /^\d+$/;
const APP_ID = /^A[A-Z0-9]{8,}$/;

function slackBody(body: string): boolean {
  const parts = body.split('-');
  const secret = parts.pop() ?? '';
  if (secret.length < 18) return false;
  let ids = 0;
  for (const [i, part] of parts.entries()) {
    if (ID.test(part)) {
      if (part.length >= 8 && part.length <= 14) ids++;
      else if (!(i === 0 && part.length === 1)) return false;
    } else if (!APP_ID.test(part)) return false;
  }
  // Rotating tokens carry no ids, only a long random part.
  return ids > 0 || secret.length >= 100;
}

export const slackToken = prefixedToken({
  type: 'SLACK_TOKEN',
  category: 'SECRETS',
  keywords: ['xoxa-', 'xoxb-', 'xoxe', 'xoxo-', 'xoxp-', 'xoxr-', 'xoxs-', 'xapp-'],
  shapes: [
    {
      pattern: /\b(?:xox[abeoprs](?:\.xox[bp])?|xapp)-[A-Za-z0-9-]+/g,
      judge: (value) => {
        const body = value.slice(SLACK_PREFIX.exec(value)?.[0].length ?? 0);
        return body.length <= 300 && slackBody(body) ? PROVIDER_PREFIX : null;
      },
    },
  ],
});

// Secret (sk_) and restricted (rk_) keys, live or test mode; webhook signing secrets (whsec_).
// Test-mode keys only reach test data but are still credentials: reported, a little lower.
// Publishable keys (pk_live_, pk_test_) are meant to be shipped to browsers and are not reported.
export const stripeKey = prefixedToken({
  type: 'STRIPE_KEY',
  category: 'SECRETS',
  keywords: ['sk_live_', 'rk_live_', 'sk_test_', 'rk_test_', 'whsec_'],
  shapes: [
    { pattern: /\b[rs]k_live_[A-Za-z0-9]+/g, judge: bodyLength(8, 24, 247, PROVIDER_PREFIX) },
    { pattern: /\b[rs]k_test_[A-Za-z0-9]+/g, judge: bodyLength(8, 24, 247, 0.8) },
    { pattern: /\bwhsec_[A-Za-z0-9+/=]+/g, judge: bodyLength(6, 32, 128, PROVIDER_PREFIX) },
  ],
});

export const googleApiKey = prefixedToken({
  type: 'GOOGLE_API_KEY',
  category: 'SECRETS',
  keywords: ['aiza'],
  shapes: [{ pattern: /\bAIza[A-Za-z0-9_-]+/g, judge: bodyLength(4, 35, 35, PROVIDER_PREFIX) }],
});

/** Base64 of `OpenAI`, embedded in OpenAI's key bodies. */
const OPENAI_MARKER = 'T3BlbkFJ';
/** Lengths of the random halves either side of the marker in OpenAI's prefixed keys. */
const OPENAI_HALVES = [74, 58, 20];
/** The right length without the marker where it belongs: likely, not certain. */
const UNMARKED_OPENAI = 0.8;
export const openaiApiKey = prefixedToken({
  type: 'OPENAI_API_KEY',
  category: 'SECRETS',
  keywords: ['sk-'],
  shapes: [
    // Project, service-account, admin and user-with-no-project keys: 74 (or 58, or 20) characters,
    // the marker, as many again. Anthropic's `sk-ant-` never matches. Other lengths are malformed.
    {
      pattern: /\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]+/g,
      judge: (value) => {
        const body = value.slice(value.indexOf('-', 3) + 1);
        const half = OPENAI_HALVES.find((n) => body.length === 2 * n + OPENAI_MARKER.length);
        if (half === undefined) return null;
        return body.startsWith(OPENAI_MARKER, half) ? WITH_CHECK : UNMARKED_OPENAI;
      },
    },
    // Legacy keys: 48 letters and digits, the marker at offset 20. Other vendors copied `sk-` + 48,
    // so without the marker it is only likely, not certain.
    {
      pattern: /\bsk-[A-Za-z0-9]+/g,
      judge: (value) => {
        if (value.length !== 51) return null;
        return value.startsWith(OPENAI_MARKER, 23) ? WITH_CHECK : 0.7;
      },
    },
  ],
});

// sk-ant-api03- (API), sk-ant-admin01- (admin API), sk-ant-oat01-/ort01- (OAuth access/refresh):
// 93 characters then `AA`. Other lengths are malformed (made up, cut short or glued to more text).
export const anthropicApiKey = prefixedToken({
  type: 'ANTHROPIC_API_KEY',
  category: 'SECRETS',
  keywords: ['sk-ant-'],
  shapes: [
    {
      pattern: /\bsk-ant-(?:api|admin|oat|ort)\d\d-[A-Za-z0-9_-]+/g,
      judge: (value) => {
        const body = value.slice(value.indexOf('-', 7) + 1);
        return body.length === 95 && body.endsWith('AA') ? 0.95 : null;
      },
    },
  ],
});

// This service's own keys (src/store/api-keys.ts): a kind prefix then 32 random bytes written as
// exactly 43 base62 digits.
export const serviceApiKey = prefixedToken({
  type: 'SERVICE_API_KEY',
  category: 'SECRETS',
  keywords: ['svc_sk_', 'svc_lic_', 'svc_cpk_'],
  shapes: [
    {
      pattern: /\bsvc_(?:sk|lic|cpk)_[0-9A-Za-z]+/g,
      judge: (value) => (value.length - value.indexOf('_', 4) - 1 === 43 ? 0.95 : null),
    },
  ],
});

/** In table order. */
export const PROVIDER_TOKEN_DETECTORS: readonly Detector[] = [
  githubToken,
  gitlabToken,
  slackToken,
  stripeKey,
  googleApiKey,
  openaiApiKey,
  anthropicApiKey,
  serviceApiKey,
];
