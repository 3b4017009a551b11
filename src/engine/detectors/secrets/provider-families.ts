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
/** Base58 (no 0, O, I, l), as Resend writes its keys. */
const BASE58 = '1-9A-HJ-NP-Za-km-z';

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

/** A token too plain to trust alone, taken only when the text names its provider (`context`, by default the name itself). */
function named(provider: string, token: Token, context = new RegExp(provider, 'i')): Token {
  return { keyword: provider, shape: { ...token.shape, context } };
}

/**
 * A value with no prefix of its own, under a key that names its provider and what it holds
 * (`BITBUCKET_CLIENT_SECRET=…`): `key` is the key's pattern, `chars` the value's characters.
 */
function keyed(keyword: string, key: string, chars: string, judge: (value: string) => number | null): Token {
  const pattern = new RegExp(String.raw`(?<![A-Za-z])${key}["']?[ \t]*(?:=>|=|:)[ \t]*["']?([${chars}]+)`, 'dgi');
  return { keyword, shape: { pattern, group: 1, judge } };
}

/** Runs of `A` a token carries by design (zero bytes in base64: X's bearer tokens open with 21), left out of the stand-in check. */
const withoutARuns = (value: string): string => value.replace(/A{6,}/g, '');

// Legacy Vault service tokens: `s.` and 24 random letters and digits, mixed case.
const VAULT_LEGACY = /^s\.(?=[^]*[a-z])(?=[^]*[A-Z])(?=[^]*\d)[A-Za-z0-9]{24}$/;

/** Bitbucket app passwords: `ATBB`, 24 characters and, as Atlassian's tokens end, an 8-hex checksum. */
function bitbucketAppPassword(value: string): number | null {
  if (value.length !== 36) return null;
  return /^[0-9A-F]{8}$/.test(value.slice(28)) ? SURE : LIKELY;
}

/** A Bitbucket OAuth consumer's key (18 or 32 characters) or secret (32 or 64), mixing letters and digits. */
function bitbucketConsumer(value: string): number | null {
  if (![18, 32, 64].includes(value.length) || !/\d/.test(value) || !/[A-Za-z]/.test(value)) return null;
  return LIKELY;
}

/** A NuGet feed password: `ClearTextPassword` in the clear, `Password` encrypted (still a credential on its machine). */
function nugetPassword(value: string): number | null {
  if (value.length < 4 || /^%\w+%$|^\$\(?\w+\)?$/.test(value)) return null;
  return SURE;
}

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
  {
    // Adyen API keys: `AQE`, a short account part, `.`, then 50–80 more.
    type: 'ADYEN_API_KEY',
    tokens: [laid('AQE', `${B64URL}=.`, /^AQE[A-Za-z0-9]{5,}\.[A-Za-z0-9_=-]{50,80}$/, LIKELY)],
  },
  {
    type: 'AUTHRESS_ACCESS_KEY',
    tokens: ['sc_', 'ext_', 'scauth_', 'authress_'].map((p) =>
      laid(p, `${B64URL}.+/=`, /^(?:sc|ext|scauth|authress)_[A-Za-z0-9]{5,30}\.[A-Za-z0-9]{4,6}\.acc[_-][A-Za-z0-9-]{10,32}\.[A-Za-z0-9+/_=-]{30,120}$/),
    ),
  },
  {
    // Self-hosted integration runtime keys: `IR@<uuid>@<factory>@<region>@<44 base64>`.
    type: 'AZURE_DATA_FACTORY_KEY',
    tokens: [{ keyword: 'ir@', shape: { pattern: /\bIR@[0-9a-fA-F-]{36}@[\w.-]{1,90}@[\w=-]{0,40}@[A-Za-z0-9+/]{43}=/g, judge: () => SURE } }],
  },
  {
    type: 'BEAMER_API_TOKEN',
    tokens: [named('beamer', body('b_', `${B64URL}=`, 44))],
  },
  {
    type: 'BITBUCKET_TOKEN',
    tokens: [
      { keyword: 'atbb', shape: { pattern: /\bATBB[A-Za-z0-9]+/g, judge: bitbucketAppPassword } },
      keyed('bitbucket', String.raw`bitbucket[\w.-]{0,20}?(?:client|consumer|oauth|app)[\w.-]{0,12}?(?:id|key|secret)`, `${B64URL}=`, bitbucketConsumer),
    ],
  },
  {
    // Access tokens: `access_token$<environment>$<merchant id>$<32 hex>`. (Tokenization keys are
    // made for client-side code, as Stripe's publishable keys are: not reported.)
    type: 'BRAINTREE_ACCESS_TOKEN',
    tokens: [{ keyword: 'access_token$', shape: { pattern: /\baccess_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[0-9a-f]{32}/g, judge: () => SURE } }],
  },
  { type: 'CASTAI_API_KEY', tokens: [laid('castai_v1_', `${ALNUM}_`, /^castai_v1_[A-Za-z0-9]{64}_[A-Za-z0-9]{8}$/)] },
  { type: 'CHIEFTOOLS_TOKEN', tokens: ['ctp_', 'cto_', 'ctr_'].map((p) => body(p, ALNUM, 30, 248)) },
  { type: 'CLICKHOUSE_API_SECRET', tokens: [body('4b1d', ALNUM, 38, 38, LIKELY)] },
  { type: 'CLOJARS_TOKEN', tokens: [body('CLOJARS_', 'a-z0-9', 60)] },
  { type: 'CLOUDFLARE_ORIGIN_CA_KEY', tokens: [laid('v1.0-', `${HEX}-`, /^v1\.0-[0-9a-f]{24}-[0-9a-f]{146}$/)] },
  { type: 'CONTENTFUL_TOKEN', tokens: [body('CFPAT-', B64URL, 43)] },
  { type: 'DATABRICKS_TOKEN', tokens: [laid('dapi', `${HEX}-`, /^dapi[0-9a-f]{32}(?:-\d)?$/)] },
  {
    // `startproject` writes SECRET_KEY as `django-insecure-` + 50 characters; a kept one signs
    // every session and password reset of the site.
    type: 'DJANGO_SECRET_KEY',
    tokens: [{ keyword: 'django-insecure-', shape: { pattern: /["'](django-insecure-[^"'\s]{20,250})["']/dg, group: 1, judge: () => SURE } }],
  },
  { type: 'DEFINED_NETWORKING_API_TOKEN', tokens: [laid('dnkey-', `${B64URL}=`, /^dnkey-[A-Za-z0-9=_-]{26}-[A-Za-z0-9=_-]{52}$/)] },
  {
    type: 'DIGITALOCEAN_TOKEN',
    tokens: [body('dop_v1_', HEX, 64), body('doo_v1_', HEX, 64), body('dor_v1_', HEX, 64)],
  },
  { type: 'DOPPLER_TOKEN', tokens: [laid('dp.', `${ALNUM}.`, /^dp\.(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9]{40,44}$/)] },
  {
    // Short-lived `sl.` tokens (135 characters, or the longer `sl.u.` form) and long-lived ones
    // (11 characters, ten `A`s, 43 more), in a text naming Dropbox.
    type: 'DROPBOX_TOKEN',
    tokens: [
      named('dropbox', laid('sl.', `${B64URL}=.`, /^sl\.(?:u\.)?[A-Za-z0-9_=-]{135,1400}$/)),
      named('dropbox', {
        keyword: 'aaaaaaaaaa',
        shape: { pattern: /\b[A-Za-z0-9]{11}AAAAAAAAAA[A-Za-z0-9_=-]{43}\b/g, judge: () => SURE, standIn: withoutARuns },
      }),
    ],
  },
  { type: 'DUFFEL_TOKEN', tokens: [laid('duffel_', `${B64URL}=`, /^duffel_(?:test|live)_[A-Za-z0-9_=-]{43}$/)] },
  { type: 'DYNATRACE_TOKEN', tokens: [laid('dt0c01.', `${ALNUM}.`, /^dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}$/)] },
  { type: 'EASYPOST_API_KEY', tokens: [body('EZAK', ALNUM, 54), body('EZTK', ALNUM, 54, 54, LIKELY)] },
  {
    // User and page tokens (`EAA…`); app access tokens are the app id, `|` (or `%7C`), the app secret.
    type: 'FACEBOOK_ACCESS_TOKEN',
    tokens: [
      laid('EAA', ALNUM, /^EAA[A-Z][A-Za-z0-9]{96,}$/),
      named('facebook', { keyword: '|', shape: { pattern: /\b\d{15,16}(?:\||%7C)[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])/gi, judge: () => LIKELY } }),
    ],
  },
  { type: 'FLUTTERWAVE_KEY', tokens: [laid('FLWSECK', `${ALNUM}_-`, /^FLWSECK(?:_TEST)?-(?:[0-9a-h]{32}-X|[0-9a-h]{12})$/i)] },
  {
    type: 'FLYIO_TOKEN',
    tokens: [body('fo1_', B64URL, 43), ...['fm1a_', 'fm1r_', 'fm2_'].map((p) => laid(p, `${B64}=`, /^fm(?:1[ar]|2)_[A-Za-z0-9+/]{100,}={0,3}$/))],
  },
  { type: 'FRAMEIO_TOKEN', tokens: [body('fio-u-', `${B64URL}=`, 64)] },
  {
    type: 'GOCARDLESS_API_TOKEN',
    tokens: [named('gocardless', laid('live_', `${B64URL}=`, /^live_[A-Za-z0-9_=-]{40}$/)), named('gocardless', laid('sandbox_', `${B64URL}=`, /^sandbox_[A-Za-z0-9_=-]{40}$/))],
  },
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
  { type: 'INTRA42_CLIENT_SECRET', tokens: [laid('s-s4t2', `${ALNUM}-`, /^s-s4t2(?:ud|af)-[0-9a-f]{64}$/)] },
  { type: 'LANGSMITH_API_KEY', tokens: [laid('lsv2_', `${ALNUM}_`, /^lsv2_(?:pt|sk)_[a-z0-9]{32}_[a-z0-9]{10}$/)] },
  { type: 'LINEAR_API_KEY', tokens: [body('lin_api_', ALNUM, 40)] },
  { type: 'MAILCHIMP_API_KEY', tokens: [named('mailchimp', { keyword: '-us', shape: { pattern: /\b[0-9a-f]{32}-us\d{1,2}\b/g, judge: () => SURE } })] },
  {
    type: 'LOB_API_KEY',
    tokens: [named('lob', laid('live_', `${ALNUM}_`, /^live_[0-9a-f]{35}$/), /(?<![a-z])lob(?![a-z])/i), named('lob', laid('test_', `${ALNUM}_`, /^test_[0-9a-f]{35}$/), /(?<![a-z])lob(?![a-z])/i)],
  },
  {
    // Private API keys (`key-` + 32 hex, or 32-8-8 hex since 2023), public validation keys
    // (`pubkey-`) and webhook signing keys (32-8-8 hex), in a text naming Mailgun.
    type: 'MAILGUN_API_KEY',
    tokens: [
      named('mailgun', body('key-', HEX, 32)),
      named('mailgun', body('pubkey-', HEX, 32, 32, LIKELY)),
      named('mailgun', { keyword: 'mailgun', shape: { pattern: /\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b/g, judge: () => SURE } }),
    ],
  },
  { type: 'MAPBOX_SECRET_TOKEN', tokens: [laid('sk.eyJ', `${B64URL}.`, /^sk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{22}$/)] },
  { type: 'MAXMIND_LICENSE_KEY', tokens: [{ keyword: '_mmk', shape: { pattern: /\b[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk\b/g, judge: () => SURE } }] },
  { type: 'NEW_RELIC_KEY', tokens: [body('NRAK-', 'A-Z0-9', 27), body('NRII-', `${ALNUM}-`, 32)] },
  {
    // Feed credentials in NuGet.Config: `<add key="ClearTextPassword" value="…" />` (or `Password`).
    type: 'NUGET_CONFIG_PASSWORD',
    tokens: [{ keyword: '<add key=', shape: { pattern: /<add\s+key=["'](?:ClearText)?Password["']\s+value=["']([^"'\n]{1,256})["']/dgi, group: 1, judge: nugetPassword } }],
  },
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
  {
    type: 'PLAID_ACCESS_TOKEN',
    tokens: [laid('access-', 'a-z0-9-', /^access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)],
  },
  { type: 'PINECONE_API_KEY', tokens: [laid('pcsk_', `${ALNUM}_`, /^pcsk_[A-Za-z0-9]{5,6}_[A-Za-z0-9]{63}$/)] },
  { type: 'PLANETSCALE_TOKEN', tokens: [laid('pscale_', `${B64URL}=.`, /^pscale_(?:tkn|oauth|pw)_[\w=.-]{32,64}$/)] },
  { type: 'POSTMAN_API_KEY', tokens: [laid('PMAK-', `${ANY_HEX}-`, /^PMAK-[0-9a-f]{24}-[0-9a-f]{34}$/i)] },
  { type: 'PREFECT_API_KEY', tokens: [body('pnu_', ALNUM, 36)] },
  { type: 'PULUMI_TOKEN', tokens: [body('pul-', HEX, 40)] },
  { type: 'PYPI_TOKEN', tokens: [body('pypi-AgEIcHlwaS5vcmc', B64URL, 50, 1000)] },
  { type: 'README_API_KEY', tokens: [body('rdme_', 'a-z0-9', 70)] },
  { type: 'REPLICATE_API_TOKEN', tokens: [body('r8_', ALNUM, 37)] },
  { type: 'RESEND_API_KEY', tokens: [laid('re_', `${ALNUM}_`, new RegExp(`^re_[${BASE58}]{8}_[${BASE58}]{24}$`))] },
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
  { type: 'SETTLEMINT_TOKEN', tokens: ['sm_aat_', 'sm_pat_', 'sm_sat_'].map((p) => body(p, ALNUM, 16, 16, LIKELY)) },
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
    // Personal access tokens (`sbp_` + 40 hex) and the newer secret keys (`sb_secret_` + 31 or more);
    // `sb_publishable_` keys are made for browsers and not reported.
    type: 'SUPABASE_TOKEN',
    tokens: [body('sbp_', HEX, 40), body('sb_secret_', B64URL, 31, 64)],
  },
  {
    type: 'TELEGRAM_BOT_TOKEN',
    tokens: [{ keyword: ':aa', shape: { pattern: /\b\d{8,10}:AA[A-Za-z0-9_-]+/g, judge: (v) => (v.length - v.indexOf(':') - 1 === 35 ? 0.85 : null) } }],
  },
  { type: 'TERRAFORM_CLOUD_TOKEN', tokens: [{ keyword: '.atlasv1.', shape: { pattern: /\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]+/g, judge: bodyLength(23, 60, 70, SURE) } }] },
  { type: 'TWILIO_API_KEY', tokens: [body('SK', HEX, 32, 32, LIKELY)] },
  {
    // X (Twitter) app-only bearer tokens: base64 of 16 zero bytes and more (21 or 22 `A`s), then
    // letters, digits and `%` escapes, 101–122 characters in all, in a text naming X or a bearer.
    type: 'TWITTER_BEARER_TOKEN',
    tokens: [
      {
        keyword: 'a'.repeat(21),
        shape: { pattern: /\bA{21}[A-Za-z0-9%]+/g, context: /twitter|bearer|\bx\.com\b/i, judge: bodyLength(0, 101, 122, SURE), standIn: withoutARuns },
      },
    ],
  },
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
    // IAM tokens (`t1.`) and IAM cookies (`c1.`): a signed part, `.`, and an 86-character signature.
    type: 'YANDEX_IAM_TOKEN',
    tokens: ['t1.', 'c1.'].map((p) => laid(p, `${B64URL}=.`, /^[tc]1\.[A-Za-z0-9_-]{20,}={0,2}\.[A-Za-z0-9_-]{86}={0,2}$/)),
  },
  // Static access keys for Yandex's AWS-compatible APIs: `YC` and 38 more, in a text naming Yandex.
  { type: 'YANDEX_STATIC_ACCESS_KEY', tokens: [named('yandex', body('YC', B64URL, 38))] },
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
