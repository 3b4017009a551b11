import type { Detector } from '../detector.js';
import { githubChecksumValid } from './github-checksum.js';
import { bodyLength, prefixedToken, type TokenShape } from './prefixed-token.js';

// More providers' tokens, one row each: a type, then its shapes (a fixed prefix, the body's
// characters and length(s), or the whole token's layout). Formats as the providers document them
// and public rule sets (gitleaks) encode them. Each body is read as one greedy run of its
// characters and checked in code, so no pattern backtracks. Providers whose keys have no prefix
// (a keyword beside 32 hex characters) are left to GENERIC_SECRET, which reads the key's name.

/** A distinctive prefix with the documented length. */
const SURE = 0.9;
/** A short or plain prefix (`API-`, `SK`): the shape is right but could be something else. */
const LIKELY = 0.8;

const ALNUM = 'A-Za-z0-9';
const LETTERS = 'A-Za-z';
const HEX = '0-9a-f';
const ANY_HEX = '0-9a-fA-F';
const B64URL = 'A-Za-z0-9_\\-';
const B64 = 'A-Za-z0-9+/';

interface Token {
  /** What every match starts with, lower-cased into the detector's keywords. */
  keyword: string;
  shape: TokenShape;
}

interface Family {
  type: string;
  tokens: readonly Token[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `prefix` then `min`–`max` characters of `chars`. */
function body(prefix: string, chars: string, min: number, max = min, confidence = SURE): Token {
  return {
    keyword: prefix.toLowerCase(),
    shape: { pattern: new RegExp(String.raw`\b${escape(prefix)}[${chars}]+`, 'g'), judge: bodyLength(prefix.length, min, max, confidence) },
  };
}

/** `prefix` then a run of `run` characters, taken when the whole token matches `layout` (anchored). */
function laid(prefix: string, run: string, layout: RegExp, confidence = SURE): Token {
  return {
    keyword: prefix.toLowerCase(),
    shape: { pattern: new RegExp(String.raw`\b${escape(prefix)}[${run}]+`, 'g'), judge: (v) => (layout.test(v) ? confidence : null) },
  };
}

/** A webhook URL: `https://` then its layout, looked for only where the text holds its host. */
function webhook(host: string, layout: RegExp): Token {
  return { ...laid('https://', `${B64URL}./@`, layout), keyword: host };
}

/** A token too plain to trust alone, taken only when the text names its provider. */
function named(provider: string, token: Token): Token {
  return { keyword: provider, shape: { ...token.shape, context: new RegExp(provider, 'i') } };
}

// Legacy Vault service tokens: `s.` and 24 random letters and digits, mixed case.
const VAULT_LEGACY = /^s\.(?=[^]*[a-z])(?=[^]*[A-Z])(?=[^]*\d)[A-Za-z0-9]{24}$/;

/** An Azure SAS signature: HMAC-SHA256 in base64 (44 characters, one `=`), maybe percent-encoded. */
function sasSignature(value: string): number | null {
  const decoded = value.replace(/%2B/gi, '+').replace(/%2F/gi, '/').replace(/%3D/gi, '=');
  return /^[A-Za-z0-9+/]{43}=$/.test(decoded) ? SURE : null;
}

export const FAMILIES: readonly Family[] = [
  { type: 'AGE_SECRET_KEY', tokens: [laid('AGE-SECRET-KEY-1', 'A-Z0-9', /^AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}$/)] },
  { type: 'ADOBE_CLIENT_SECRET', tokens: [body('p8e-', ALNUM, 32, 32, LIKELY)] },
  { type: 'AIRTABLE_TOKEN', tokens: [laid('pat', `${ALNUM}.`, /^pat[A-Za-z0-9]{14}\.[0-9a-f]{64}$/)] },
  { type: 'ALIBABA_ACCESS_KEY', tokens: [body('LTAI', ALNUM, 20, 20, LIKELY)] },
  {
    // Entra ID (Azure AD) app secrets: 3 characters, a digit, `Q~`, then 31–34 more.
    type: 'AZURE_AD_CLIENT_SECRET',
    tokens: [{ keyword: 'q~', shape: { pattern: /[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]+/g, judge: (v) => (v.length >= 37 && v.length <= 40 ? 0.85 : null) } }],
  },
  {
    // Shared access signatures in URLs and connection strings: the `sig=` is the secret; `sv=` (the
    // signed version) marks the query as a SAS.
    type: 'AZURE_SAS_TOKEN',
    tokens: [{ keyword: 'sig=', shape: { pattern: /[?&;]sig=([A-Za-z0-9%+/=]+)/dg, group: 1, context: /\bsv=\d{4}-\d\d-\d\d/, judge: sasSignature } }],
  },
  { type: 'ARTIFACTORY_TOKEN', tokens: [body('AKCp', ALNUM, 69), body('cmVmd', ALNUM, 59, 59, LIKELY)] },
  { type: 'ATLASSIAN_API_TOKEN', tokens: [body('ATATT3', `${B64URL}=`, 186)] },
  { type: 'AWS_BEDROCK_API_KEY', tokens: [laid('ABSK', `${B64}=`, /^ABSK[A-Za-z0-9+/]{109,269}={0,2}$/)] },
  { type: 'CLICKHOUSE_API_SECRET', tokens: [body('4b1d', ALNUM, 38, 38, LIKELY)] },
  { type: 'CLOJARS_TOKEN', tokens: [body('CLOJARS_', 'a-z0-9', 60)] },
  { type: 'CLOUDFLARE_ORIGIN_CA_KEY', tokens: [laid('v1.0-', `${HEX}-`, /^v1\.0-[0-9a-f]{24}-[0-9a-f]{146}$/)] },
  { type: 'CONTENTFUL_TOKEN', tokens: [body('CFPAT-', B64URL, 43)] },
  { type: 'DATABRICKS_TOKEN', tokens: [laid('dapi', `${HEX}-`, /^dapi[0-9a-f]{32}(?:-\d)?$/)] },
  {
    type: 'DIGITALOCEAN_TOKEN',
    tokens: [body('dop_v1_', HEX, 64), body('doo_v1_', HEX, 64), body('dor_v1_', HEX, 64)],
  },
  { type: 'DOPPLER_TOKEN', tokens: [laid('dp.', `${ALNUM}.`, /^dp\.(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9]{40,44}$/)] },
  { type: 'DUFFEL_TOKEN', tokens: [laid('duffel_', `${B64URL}=`, /^duffel_(?:test|live)_[A-Za-z0-9_=-]{43}$/)] },
  { type: 'DYNATRACE_TOKEN', tokens: [laid('dt0c01.', `${ALNUM}.`, /^dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}$/)] },
  { type: 'EASYPOST_API_KEY', tokens: [body('EZAK', ALNUM, 54), body('EZTK', ALNUM, 54, 54, LIKELY)] },
  { type: 'FACEBOOK_ACCESS_TOKEN', tokens: [laid('EAA', ALNUM, /^EAA[A-Z][A-Za-z0-9]{96,}$/)] },
  { type: 'FLUTTERWAVE_KEY', tokens: [laid('FLWSECK', `${ALNUM}_-`, /^FLWSECK(?:_TEST)?-(?:[0-9a-h]{32}-X|[0-9a-h]{12})$/i)] },
  {
    type: 'FLYIO_TOKEN',
    tokens: [body('fo1_', B64URL, 43), ...['fm1a_', 'fm1r_', 'fm2_'].map((p) => laid(p, `${B64}=`, /^fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,}={0,3}$/))],
  },
  { type: 'FRAMEIO_TOKEN', tokens: [body('fio-u-', `${B64URL}=`, 64)] },
  {
    type: 'GRAFANA_TOKEN',
    tokens: [
      laid('glc_', `${B64}=`, /^glc_[A-Za-z0-9+/]{32,400}={0,3}$/),
      laid('glsa_', `${ALNUM}_`, /^glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}$/),
      laid('eyJrIjoi', `${ALNUM}=`, /^eyJrIjoi[A-Za-z0-9]{70,400}={0,3}$/),
    ],
  },
  { type: 'HARNESS_API_KEY', tokens: [laid('pat.', `${B64URL}.`, /^pat\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}$/), laid('sat.', `${B64URL}.`, /^sat\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}$/)] },
  { type: 'HEROKU_API_KEY', tokens: [body('HRKU-AA', B64URL, 58)] },
  { type: 'HUGGINGFACE_TOKEN', tokens: [body('hf_', LETTERS, 34), body('api_org_', LETTERS, 34)] },
  { type: 'INFRACOST_API_KEY', tokens: [body('ico-', ALNUM, 32)] },
  { type: 'LINEAR_API_KEY', tokens: [body('lin_api_', ALNUM, 40)] },
  { type: 'MAILCHIMP_API_KEY', tokens: [named('mailchimp', { keyword: '-us', shape: { pattern: /\b[0-9a-f]{32}-us\d{1,2}\b/g, judge: () => SURE } })] },
  { type: 'MAILGUN_API_KEY', tokens: [named('mailgun', body('key-', HEX, 32))] },
  { type: 'MAPBOX_SECRET_TOKEN', tokens: [laid('sk.eyJ', `${B64URL}.`, /^sk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{22}$/)] },
  { type: 'MAXMIND_LICENSE_KEY', tokens: [{ keyword: '_mmk', shape: { pattern: /\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b/g, judge: () => SURE } }] },
  { type: 'NEW_RELIC_KEY', tokens: [body('NRAK-', 'A-Z0-9', 27), body('NRII-', `${ALNUM}-`, 32)] },
  { type: 'NOTION_TOKEN', tokens: [laid('ntn_', ALNUM, /^ntn_\d{11}[A-Za-z0-9]{35}$/)] },
  {
    type: 'NPM_TOKEN',
    tokens: [{ keyword: 'npm_', shape: { pattern: /\bnpm_[A-Za-z0-9]+/g, judge: (v) => (v.length !== 40 ? null : githubChecksumValid(v.slice(4)) ? 0.97 : SURE) } }],
  },
  { type: 'OCTOPUS_DEPLOY_API_KEY', tokens: [body('API-', 'A-Z0-9', 26, 26, LIKELY)] },
  {
    type: 'ONEPASSWORD_TOKEN',
    tokens: [
      laid('ops_eyJ', `${B64}=`, /^ops_eyJ[A-Za-z0-9+/]{250,}={0,3}$/),
      laid('A3-', 'A-Z0-9-', /^A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/),
    ],
  },
  { type: 'OPENROUTER_API_KEY', tokens: [body('sk-or-v1-', HEX, 64)] },
  { type: 'OPENSHIFT_TOKEN', tokens: [body('sha256~', B64URL, 43)] },
  { type: 'GROQ_API_KEY', tokens: [body('gsk_', ALNUM, 52)] },
  { type: 'PERPLEXITY_API_KEY', tokens: [body('pplx-', ALNUM, 48)] },
  { type: 'PLANETSCALE_TOKEN', tokens: [laid('pscale_', `${B64URL}=.`, /^pscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}$/)] },
  { type: 'POSTMAN_API_KEY', tokens: [laid('PMAK-', `${ANY_HEX}-`, /^PMAK-[0-9a-f]{24}-[0-9a-f]{34}$/i)] },
  { type: 'PREFECT_API_KEY', tokens: [body('pnu_', ALNUM, 36)] },
  { type: 'PULUMI_TOKEN', tokens: [body('pul-', HEX, 40)] },
  { type: 'PYPI_TOKEN', tokens: [body('pypi-AgEIcHlwaS5vcmc', B64URL, 50, 1000)] },
  { type: 'README_API_KEY', tokens: [body('rdme_', 'a-z0-9', 70)] },
  { type: 'REPLICATE_API_TOKEN', tokens: [body('r8_', ALNUM, 37)] },
  { type: 'RUBYGEMS_API_KEY', tokens: [body('rubygems_', HEX, 48)] },
  { type: 'SCALINGO_TOKEN', tokens: [body('tk-us-', B64URL, 48)] },
  { type: 'SENDGRID_API_KEY', tokens: [laid('SG.', `${B64URL}.`, /^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)] },
  {
    type: 'BREVO_API_KEY',
    tokens: [laid('xkeysib-', `${ALNUM}-`, /^xkeysib-[0-9a-f]{64}-[A-Za-z0-9]{16}$/), laid('xsmtpsib-', `${ALNUM}-`, /^xsmtpsib-[0-9a-f]{64}-[A-Za-z0-9]{16}$/)],
  },
  {
    type: 'SENTRY_TOKEN',
    tokens: [laid('sntrys_eyJ', `${B64}=_`, /^sntrys_eyJ[A-Za-z0-9+/]{20,400}={0,2}_[A-Za-z0-9+/]{43}$/), body('sntryu_', HEX, 64)],
  },
  {
    // Sidekiq Pro/Enterprise gem server credentials, as Bundler reads them from the environment.
    type: 'SIDEKIQ_SECRET',
    tokens: [
      {
        keyword: 'contribsys',
        shape: { pattern: /\bBUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[ \t]*[=:][ \t]*["']?([a-f0-9]{8}:[a-f0-9]{8})\b/dgi, group: 1, judge: () => SURE },
      },
    ],
  },
  { type: 'SHIPPO_API_TOKEN', tokens: [laid('shippo_', `${ALNUM}_`, /^shippo_(?:live|test)_[a-fA-F0-9]{40}$/)] },
  { type: 'SHOPIFY_TOKEN', tokens: [body('shpat_', ANY_HEX, 32), body('shpca_', ANY_HEX, 32), body('shppa_', ANY_HEX, 32), body('shpss_', ANY_HEX, 32)] },
  { type: 'SONARQUBE_TOKEN', tokens: [body('squ_', HEX, 40), body('sqp_', HEX, 40), body('sqa_', HEX, 40)] },
  { type: 'SOURCEGRAPH_TOKEN', tokens: [laid('sgp_', `${ANY_HEX}_localLOCAL`, /^sgp_(?:(?:[a-fA-F0-9]{16}|local)_)?[a-fA-F0-9]{40}$/)] },
  {
    type: 'SQUARE_TOKEN',
    tokens: [body('sq0atp-', B64URL, 22, 60), body('sq0csp-', B64URL, 43), laid('EAAA', B64URL, /^EAAA[A-Za-z0-9_-]{22,60}$/, LIKELY)],
  },
  {
    type: 'TELEGRAM_BOT_TOKEN',
    tokens: [{ keyword: ':aa', shape: { pattern: /\b\d{8,10}:AA[A-Za-z0-9_-]+/g, judge: (v) => (v.length - v.indexOf(':') - 1 === 35 ? 0.85 : null) } }],
  },
  { type: 'TERRAFORM_CLOUD_TOKEN', tokens: [{ keyword: '.atlasv1.', shape: { pattern: /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]+/g, judge: bodyLength(23, 60, 70, SURE) } }] },
  { type: 'TWILIO_API_KEY', tokens: [body('SK', HEX, 32, 32, LIKELY)] },
  { type: 'TYPEFORM_TOKEN', tokens: [body('tfp_', `${B64URL}=.`, 59)] },
  {
    type: 'VAULT_TOKEN',
    tokens: [
      body('hvs.', B64URL, 90, 120),
      body('hvb.', B64URL, 138, 300),
      named('vault', { keyword: 's.', shape: { pattern: /\bs\.[A-Za-z0-9]+/g, judge: (v) => (VAULT_LEGACY.test(v) ? LIKELY : null) } }),
    ],
  },
  { type: 'XAI_API_KEY', tokens: [body('xai-', ALNUM, 80)] },
  { type: 'YANDEX_API_KEY', tokens: [body('AQVN', B64URL, 35, 38, LIKELY)] },
  {
    type: 'TEAMS_WEBHOOK',
    tokens: [
      webhook(
        'webhook.office.com',
        /^https:\/\/[a-z0-9-]+\.webhook\.office\.com\/webhookb2\/[0-9a-f-]{36}@[0-9a-f-]{36}\/IncomingWebhook\/[0-9a-f]{32}\/[0-9a-f-]{36}(?:\/[A-Za-z0-9_-]+)?$/,
      ),
    ],
  },
  {
    type: 'DISCORD_WEBHOOK',
    tokens: [webhook('discord', /^https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{60,68}$/)],
  },
];

/** One detector per family, in table order. */
export const PROVIDER_FAMILY_DETECTORS: readonly Detector[] = FAMILIES.map((family) =>
  prefixedToken({
    type: family.type,
    category: 'SECRETS',
    keywords: [...new Set(family.tokens.map((t) => t.keyword))],
    shapes: family.tokens.map((t) => t.shape),
  }),
);
