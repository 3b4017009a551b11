import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { FAMILIES } from '../../../../src/engine/detectors/secrets/provider-families.js';
import { found } from '../../helpers.js';
import { BASE62, BASE64URL, HEX, fill, findingOf, randomStrings } from './fixtures.js';

const random = randomStrings(59);
const b62 = (n: number) => random(BASE62, n);
const b64url = (n: number) => random(BASE64URL, n);
const b64 = (n: number) => random(`${BASE62}+/`, n);
const hex = (n: number) => random(HEX, n);
const upper = (n: number) => random('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', n);
const letters = (n: number) => random('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', n);
const lower = (n: number) => random('abcdefghijklmnopqrstuvwxyz0123456789', n);
const digits = (n: number) => random('0123456789', n);
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const uuid = () => `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;

// One token per shape, built from random bodies (none is a live key), with the text it needs
// around it when the shape is only trusted beside its provider's name.
const TOKENS: [string, string][] = [
  ['ADYEN_API_KEY', `AQE${lower(8)}.${b64url(60)}`],
  ['AUTHRESS_ACCESS_KEY', `sc_${b62(12)}.${b62(5)}.acc_${lower(20)}.${b64url(60)}`],
  ['AUTHRESS_ACCESS_KEY', `authress_${b62(12)}.${b62(4)}.acc-${lower(12)}.${b64(40)}`],
  ['AZURE_DATA_FACTORY_KEY', `IR@${uuid()}@adf-orders-01@westeurope@${b64(43)}=`],
  ['BITBUCKET_TOKEN', `ATBB${b62(24)}${random('0123456789ABCDEF', 8)}`],
  ['BRAINTREE_ACCESS_TOKEN', `access_token$production$${lower(16)}$${hex(32)}`],
  ['CASTAI_API_KEY', `castai_v1_${b62(64)}_${b62(8)}`],
  ['CHIEFTOOLS_TOKEN', `ctp_${b62(36)}`],
  ['CHIEFTOOLS_TOKEN', `ctr_${b62(120)}`],
  ['PINECONE_API_KEY', `pcsk_${b62(5)}_${b62(63)}`],
  ['RESEND_API_KEY', `re_${random(BASE58, 8)}_${random(BASE58, 24)}`],
  ['SUPABASE_TOKEN', `sbp_${hex(40)}`],
  ['SUPABASE_TOKEN', `sb_secret_${b64url(31)}`],
  ['DEFINED_NETWORKING_API_TOKEN', `dnkey-${b64url(26)}-${b64url(52)}`],
  ['INTRA42_CLIENT_SECRET', `s-s4t2ud-${hex(64)}`],
  ['LANGSMITH_API_KEY', `lsv2_pt_${lower(32)}_${lower(10)}`],
  ['LANGSMITH_API_KEY', `lsv2_sk_${lower(32)}_${lower(10)}`],
  ['PLAID_ACCESS_TOKEN', `access-sandbox-${uuid()}`],
  ['PLAID_ACCESS_TOKEN', `access-production-${uuid()}`],
  ['SETTLEMINT_TOKEN', `sm_pat_${b62(16)}`],
  ['YANDEX_IAM_TOKEN', `t1.${b64url(60)}=.${b64url(86)}==`],
  ['YANDEX_IAM_TOKEN', `c1.${b64url(72)}==.${b64url(86)}`],
  ['AGE_SECRET_KEY', `AGE-SECRET-KEY-1${random('QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L', 58)}`],
  ['ADOBE_CLIENT_SECRET', `p8e-${b62(32)}`],
  ['AIRTABLE_TOKEN', `pat${b62(14)}.${hex(64)}`],
  ['ALIBABA_ACCESS_KEY', `LTAI${b62(20)}`],
  ['AZURE_AD_CLIENT_SECRET', `${b62(3)}8Q~${random(`${BASE62}_~.-`, 33)}Z`],
  ['ARTIFACTORY_TOKEN', `AKCp${b62(69)}`],
  ['ATLASSIAN_API_TOKEN', `ATATT3${b64url(186)}`],
  ['AWS_BEDROCK_API_KEY', `ABSK${b64(132)}`],
  ['CLICKHOUSE_API_SECRET', `4b1d${b62(38)}`],
  ['CLOJARS_TOKEN', `CLOJARS_${lower(60)}`],
  ['CLOUDFLARE_ORIGIN_CA_KEY', `v1.0-${hex(24)}-${hex(146)}`],
  ['CONTENTFUL_TOKEN', `CFPAT-${b64url(43)}`],
  ['DATABRICKS_TOKEN', `dapi${hex(32)}`],
  ['DATABRICKS_TOKEN', `dapi${hex(32)}-2`],
  ['DIGITALOCEAN_TOKEN', `dop_v1_${hex(64)}`],
  ['DIGITALOCEAN_TOKEN', `doo_v1_${hex(64)}`],
  ['DOPPLER_TOKEN', `dp.pt.${b62(43)}`],
  ['DOPPLER_TOKEN', `dp.st.${b62(40)}`],
  ['DUFFEL_TOKEN', `duffel_live_${b64url(43)}`],
  ['DYNATRACE_TOKEN', `dt0c01.${upper(24)}.${b62(64)}`],
  ['EASYPOST_API_KEY', `EZAK${b62(54)}`],
  ['FACEBOOK_ACCESS_TOKEN', `EAAG${b62(180)}`],
  ['FLUTTERWAVE_KEY', `FLWSECK_TEST-${hex(32)}-X`],
  ['FLYIO_TOKEN', `fo1_${b64url(43)}`],
  ['FLYIO_TOKEN', `fm2_${b64(300)}`],
  ['FRAMEIO_TOKEN', `fio-u-${b64url(64)}`],
  ['GRAFANA_TOKEN', `glc_${b64(120)}`],
  ['GRAFANA_TOKEN', `glsa_${b62(32)}_${hex(8)}`],
  ['HARNESS_API_KEY', `pat.${b64url(22)}.${b62(24)}.${b62(20)}`],
  ['HEROKU_API_KEY', `HRKU-AA${b64url(58)}`],
  ['HUGGINGFACE_TOKEN', `hf_${letters(34)}`],
  ['HUGGINGFACE_TOKEN', `api_org_${letters(34)}`],
  ['INFRACOST_API_KEY', `ico-${b62(32)}`],
  ['LINEAR_API_KEY', `lin_api_${b62(40)}`],
  ['MAPBOX_SECRET_TOKEN', `sk.eyJ${b64url(60)}.${b64url(22)}`],
  ['MAXMIND_LICENSE_KEY', `${b62(6)}_${b62(29)}_mmk`],
  ['NEW_RELIC_KEY', `NRAK-${upper(27)}`],
  ['NOTION_TOKEN', `ntn_${digits(11)}${b62(35)}`],
  ['NPM_TOKEN', `npm_${b62(36)}`],
  ['OCTOPUS_DEPLOY_API_KEY', `API-${upper(26)}`],
  ['ONEPASSWORD_TOKEN', `ops_eyJ${b64(300)}`],
  ['ONEPASSWORD_TOKEN', `A3-${upper(6)}-${upper(11)}-${upper(5)}-${upper(5)}-${upper(5)}`],
  ['OPENROUTER_API_KEY', `sk-or-v1-${hex(64)}`],
  ['OPENSHIFT_TOKEN', `sha256~${b64url(43)}`],
  ['GROQ_API_KEY', `gsk_${b62(52)}`],
  ['PERPLEXITY_API_KEY', `pplx-${b62(48)}`],
  ['PLANETSCALE_TOKEN', `pscale_tkn_${b64url(43)}`],
  ['POSTMAN_API_KEY', `PMAK-${hex(24)}-${hex(34)}`],
  ['PREFECT_API_KEY', `pnu_${b62(36)}`],
  ['PULUMI_TOKEN', `pul-${hex(40)}`],
  ['PYPI_TOKEN', `pypi-AgEIcHlwaS5vcmc${b64url(150)}`],
  ['README_API_KEY', `rdme_${lower(70)}`],
  ['REPLICATE_API_TOKEN', `r8_${b62(37)}`],
  ['RUBYGEMS_API_KEY', `rubygems_${hex(48)}`],
  ['SCALINGO_TOKEN', `tk-us-${b64url(48)}`],
  ['SENDGRID_API_KEY', `SG.${b64url(22)}.${b64url(43)}`],
  ['BREVO_API_KEY', `xkeysib-${hex(64)}-${b62(16)}`],
  ['SENTRY_TOKEN', `sntrys_eyJ${b64(120)}_${b64(43)}`],
  ['SENTRY_TOKEN', `sntryu_${hex(64)}`],
  ['SHIPPO_API_TOKEN', `shippo_live_${hex(40)}`],
  ['SHOPIFY_TOKEN', `shpat_${hex(32)}`],
  ['SHOPIFY_TOKEN', `shpss_${hex(32)}`],
  ['SONARQUBE_TOKEN', `squ_${hex(40)}`],
  ['SOURCEGRAPH_TOKEN', `sgp_${hex(16)}_${hex(40)}`],
  ['SOURCEGRAPH_TOKEN', `sgp_local_${hex(40)}`],
  ['SQUARE_TOKEN', `sq0atp-${b64url(22)}`],
  ['SQUARE_TOKEN', `EAAA${b64url(60)}`],
  ['TELEGRAM_BOT_TOKEN', `${digits(10)}:AA${b64url(33)}`],
  ['TERRAFORM_CLOUD_TOKEN', `${lower(14)}.atlasv1.${b64url(67)}`],
  ['TWILIO_API_KEY', `SK${hex(32)}`],
  ['TYPEFORM_TOKEN', `tfp_${b64url(59)}`],
  ['VAULT_TOKEN', `hvs.${b64url(95)}`],
  ['VAULT_TOKEN', `hvb.${b64url(150)}`],
  ['XAI_API_KEY', `xai-${b62(80)}`],
  ['YANDEX_API_KEY', `AQVN${b64url(36)}`],
  ['TEAMS_WEBHOOK', `https://acme.webhook.office.com/webhookb2/${uuid()}@${uuid()}/IncomingWebhook/${hex(32)}/${uuid()}`],
  ['DISCORD_WEBHOOK', `https://discord.com/api/webhooks/${digits(19)}/${b64url(68)}`],
];

// Values reported without the key or URL around them: [type, value, text].
const sasSig = `${b64(43)}%3D`;
const sidekiq = `${hex(8)}:${hex(8)}`;
const consumerSecret = b64url(64);
const consumerKey = b62(32);
const nuget = 'Fe3d!nuget-Pa55';
const django = `django-insecure-${random('abcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*(-_=+)', 50)}`;
const KEYED: [string, string, string][] = [
  ['DJANGO_SECRET_KEY', django, `SECRET_KEY = "${django}"`],
  ['DJANGO_SECRET_KEY', django, `# settings.py\nSECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", '${django}')`],
  ['BITBUCKET_TOKEN', consumerSecret, `BITBUCKET_CLIENT_SECRET=${consumerSecret}`],
  ['BITBUCKET_TOKEN', consumerKey, `bitbucket.oauth_consumer_key: "${consumerKey}"`],
  ['NUGET_CONFIG_PASSWORD', nuget, `<packageSourceCredentials><feed>\n  <add key="Username" value="ci" />\n  <add key="ClearTextPassword" value="${nuget}" />\n</feed></packageSourceCredentials>`],
  ['NUGET_CONFIG_PASSWORD', nuget, `<add key='Password' value='${nuget}'/>`],
  ['AZURE_SAS_TOKEN', sasSig, `https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&sp=r&se=2026-01-01T00:00:00Z&spr=https&sig=${sasSig}`],
  ['AZURE_SAS_TOKEN', sasSig, `BlobEndpoint=https://acct.blob.core.windows.net/;SharedAccessSignature=sv=2022-11-02&ss=b&srt=sco&sp=rl&sig=${sasSig}`],
  ['SIDEKIQ_SECRET', sidekiq, `BUNDLE_ENTERPRISE__CONTRIBSYS__COM=${sidekiq}`],
  ['SIDEKIQ_SECRET', sidekiq, `export BUNDLE_GEMS__CONTRIBSYS__COM="${sidekiq}"`],
];

// Shapes trusted only beside their provider's name.
const NAMED: [string, string, string][] = [
  ['BEAMER_API_TOKEN', `b_${b64url(44)}`, 'beamer'],
  ['FACEBOOK_ACCESS_TOKEN', `${digits(15)}|${b64url(32)}`, 'facebook'],
  ['FACEBOOK_ACCESS_TOKEN', `${digits(16)}%7C${b64url(27)}`, 'facebook'],
  ['DROPBOX_TOKEN', `sl.${b64url(135)}`, 'dropbox'],
  ['DROPBOX_TOKEN', `${b62(11)}AAAAAAAAAA${b64url(43)}`, 'dropbox'],
  ['GOCARDLESS_API_TOKEN', `live_${b64url(40)}`, 'gocardless'],
  ['LOB_API_KEY', `test_${hex(35)}`, 'lob'],
  ['MAILGUN_API_KEY', `pubkey-${hex(32)}`, 'mailgun'],
  ['MAILGUN_API_KEY', `${hex(32)}-${hex(8)}-${hex(8)}`, 'mailgun'],
  ['TWITTER_BEARER_TOKEN', `${'A'.repeat(21)}${b62(80)}%3D${b62(10)}`, 'twitter'],
  ['YANDEX_STATIC_ACCESS_KEY', `YC${b64url(38)}`, 'yandex'],
  ['MAILCHIMP_API_KEY', `${hex(32)}-us21`, 'mailchimp'],
  ['MAILGUN_API_KEY', `key-${hex(32)}`, 'mailgun'],
  ['VAULT_TOKEN', `s.${b62(24)}`, 'vault'],
];

describe('provider families', () => {
  it('has a row per type and a token here for each', () => {
    const tested = new Set([...TOKENS, ...NAMED, ...KEYED].map(([type]) => type));
    expect(FAMILIES.map((f) => f.type).filter((t) => !tested.has(t))).toEqual([]);
  });

  it.each(TOKENS)('finds a %s alone, in .env, JSON, a header and prose', (type, token) => {
    for (const text of [token, `SOME_VAR=${token}\n`, `{"value": "${token}"}`, `Authorization: Bearer ${token}`, `use ${token}.`]) {
      expect(found(text, type), text).toEqual([token]);
    }
  });

  it.each(KEYED)('finds a %s in its key or URL', (type, value, text) => {
    expect(found(text, type)).toEqual([value]);
    expect(mask(text, scan(text), 'label', 'k')).not.toContain(value);
  });

  it('reports no SAS signature without a signed version, and no Sidekiq pair under another key', () => {
    expect(found(`https://x.example/?a=1&sig=${sasSig}`, 'AZURE_SAS_TOKEN')).toEqual([]);
    expect(found(`https://x.example/?sv=2022-11-02&sig=short`, 'AZURE_SAS_TOKEN')).toEqual([]);
    expect(found(`PAIR=${sidekiq}`, 'SIDEKIQ_SECRET')).toEqual([]);
  });

  it.each(NAMED)('finds a %s beside its provider name', (type, token, provider) => {
    expect(found(`${provider.toUpperCase()}_KEY=${token}`, type)).toEqual([token]);
    expect(found(`value=${token}`, type)).toEqual([]);
  });

  it.each(TOKENS)('masks the whole %s', (_type, token) => {
    const text = `deploy with ${token} today`;
    for (const style of ['label', 'partial', 'hash'] as const) {
      expect(mask(text, scan(text), style, 'k')).not.toContain(token.slice(0, -4));
    }
  });

  it.each(TOKENS)('rejects a %s one character short or long', (type, token) => {
    // The layouts with a tail of fixed length: cut or grow the last run.
    const short = token.slice(0, -1);
    const long = `${token}${/[0-9a-f]$/.test(token) ? 'a' : 'Q'}`;
    for (const text of [short, long]) {
      const hit = findingOf(text, type);
      // Ranges (bodies of 22–60, 100+ ...) legitimately take one more or one less.
      if (hit) expect(hit.value.length === text.length && [short, long].includes(hit.value)).toBe(true);
    }
  });

  it('rejects near-misses of a fixed length', () => {
    for (const [type, text] of [
      ['HUGGINGFACE_TOKEN', `hf_${letters(33)}`],
      ['HUGGINGFACE_TOKEN', `hf_${letters(20)}1${letters(13)}`],
      ['SHOPIFY_TOKEN', `shpat_${hex(31)}`],
      ['SHOPIFY_TOKEN', `shpat_${b62(32).replace(/[0-9a-f]/g, 'Z')}`],
      ['NPM_TOKEN', `npm_${b62(35)}`],
      ['SENDGRID_API_KEY', `SG.${b64url(21)}.${b64url(43)}`],
      ['TWILIO_API_KEY', `SK${hex(31)}`],
      ['OCTOPUS_DEPLOY_API_KEY', 'X-API-KEY: abc'],
      ['TELEGRAM_BOT_TOKEN', `${digits(10)}:AA${b64url(30)}`],
      ['SQUARE_TOKEN', `EAAA${b64url(10)}`],
      ['FACEBOOK_ACCESS_TOKEN', `EAAG${b62(40)}`],
      ['VAULT_TOKEN', `hvs.${b64url(40)}`],
      ['VAULT_TOKEN', 's.abcdefghijklmnopqrstuvwx'],
      ['BITBUCKET_TOKEN', `ATBB${b62(31)}`],
      ['BITBUCKET_TOKEN', `BITBUCKET_USERNAME=${b62(32)}`],
      ['BITBUCKET_TOKEN', 'BITBUCKET_CLIENT_ID=build-pipeline-ci-runner-1'],
      ['PLAID_ACCESS_TOKEN', `access-staging-${uuid()}`],
      ['BRAINTREE_ACCESS_TOKEN', `access_token$staging$${lower(16)}$${hex(32)}`],
      ['LANGSMITH_API_KEY', `lsv2_xx_${lower(32)}_${lower(10)}`],
      ['YANDEX_IAM_TOKEN', `t1.${b64url(60)}.${b64url(85)}`],
      ['SETTLEMINT_TOKEN', `sm_pat_${b62(15)}`],
      ['CHIEFTOOLS_TOKEN', `ctp_${b62(29)}`],
      ['NUGET_CONFIG_PASSWORD', '<add key="ClearTextPassword" value="%NUGET_PASSWORD%" />'],
      ['NUGET_CONFIG_PASSWORD', '<add key="Username" value="build-agent-07" />'],
      ['MAILGUN_API_KEY', `mailgun ${hex(32)}-${hex(8)}-${hex(7)}`],
      ['TWITTER_BEARER_TOKEN', `twitter bearer ${'A'.repeat(21)}${b62(40)}`],
      ['AZURE_DATA_FACTORY_KEY', `IR@${uuid()}@adf@we@${b64(20)}=`],
      ['RESEND_API_KEY', `re_0${random(BASE58, 7)}_${random(BASE58, 24)}`],
      ['RESEND_API_KEY', `re_${random(BASE58, 7)}_${random(BASE58, 24)}`],
      ['PINECONE_API_KEY', `pcsk_${b62(5)}_${b62(40)}`],
      ['SUPABASE_TOKEN', `sb_publishable_${b64url(31)}`],
      ['DJANGO_SECRET_KEY', "SECRET_KEY = 'django-insecure-'"],
    ] as const) {
      expect(found(`vault ${text}`, type), text).toEqual([]);
    }
  });

  it('keeps stand-ins below the default minimum', () => {
    for (const [type, text] of [
      ['HUGGINGFACE_TOKEN', `hf_${'x'.repeat(34)}`],
      ['SHOPIFY_TOKEN', `shpat_${'0123456789abcdef'.repeat(2)}`],
      ['SENDGRID_API_KEY', `SG.${'X'.repeat(22)}.${'X'.repeat(43)}`],
      ['NPM_TOKEN', `npm_YOUR${b62(32)}`],
      ['TWITTER_BEARER_TOKEN', `bearer ${'A'.repeat(21)}${'x'.repeat(93)}`],
      ['DROPBOX_TOKEN', `dropbox abcdefghijkAAAAAAAAAA${b64url(43)}`],
    ] as const) {
      expect(found(text, type), text).toEqual([]);
      expect(findingOf(text, type)?.confidence ?? 0).toBeLessThan(0.5);
    }
  });

  it('raises npm tokens whose CRC-32 checksum is valid', () => {
    expect(findingOf('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', 'NPM_TOKEN')?.confidence).toBe(0.97);
  });

  it.each([
    ['repeated prefixes', fill('hf_sk-or-v1-SG.dp.pt.EAAAsqu_npm_API-SKpat.')],
    ['one long body', `EAAA${'a'.repeat(1 << 20)}`],
    ['a long run of digits before a colon', `${'1'.repeat(1 << 20)}:AA`],
    ['a long hex run', `${'a'.repeat(1 << 20)}-us1 mailchimp`],
    ['dotted runs', `dt0c01.${fill('a.')}`],
    ['more repeated prefixes', fill('ATBB sc_ t1.c1.dnkey-access-lsv2_IR@castai_v1_s-s4t2ud-')],
    ['a long run of A beside a bearer', `bearer ${'A'.repeat(1 << 20)}`],
    ['NuGet keys without an end', fill('<add key="Password" value="')],
    ['Yandex-style dotted runs', `t1.${fill('a=.')}`],
  ])('scans 1 MiB of %s', { timeout: 20_000 }, (_name, text) => {
    expect(scan(text).filter((f) => f.category === 'SECRETS').length).toBeLessThan(1 << 20);
  });
});
