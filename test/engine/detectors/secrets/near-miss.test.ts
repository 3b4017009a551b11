import { describe, expect, it } from 'vitest';
import { scan } from '../../../../src/engine/index.js';
import { BASE62, BASE64URL, randomStrings } from './fixtures.js';

const random = randomStrings(31);
const b62 = (n: number) => random(BASE62, n);
const b64url = (n: number) => random(BASE64URL, n);

// Keys of a known shape but malformed (wrong length, wrong alphabet, ids too short), and stand-ins
// people write where a key goes (samples from providers' documentation, sequences, masks, fill-in
// words): none may be reported at the default minimum confidence.
const MALFORMED: string[] = [
  `sk-ant-api03-${b64url(40)}`,
  `sk-ant-api03-${b64url(93)}`,
  `sk-ant-api03-${b64url(94)}AA`,
  `sk-ant-admin01-${b64url(60)}AA`,
  `sk-proj-${b64url(40)}`,
  `sk-proj-${b64url(155)}`,
  `sk-svcacct-${b64url(100)}`,
  `sk-admin-${b64url(157)}`,
  `sk-${b62(47)}`,
  `AIza${b64url(34)}`,
  `ghp_${b62(35)}`,
  `ghp_${b62(40)}`,
  `xoxb-1234-5678-${b62(24)}`,
  `xoxp-1234-5678-9012-${b62(32)}`,
  'xoxb-############-############-########################',
  `xoxb-${b62(10)}`,
  `ATBB${b62(20)}`,
  `access-sandbox-${b62(36)}`,
  `lsv2_pt_${b62(31)}_${b62(10)}`,
  `t1.${b64url(30)}.${b64url(50)}`,
  `castai_v1_${b62(63)}_${b62(8)}`,
  `dnkey-${b64url(20)}-${b64url(20)}`,
  `pcsk_${b62(5)}_${b62(62)}`,
  `sbp_${b62(40).replace(/[0-9a-f]/g, 'Z')}`,
  `sm_pat_${b62(12)}`,
  `s-s4t2ud-${b62(64).replace(/[0-9a-f]/g, 'Q')}`,
];

const PLACEHOLDERS: string[] = [
  'AIzaSyabcdefghijklmnopqrstuvwxyz0123456',
  'AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe',
  'AKIAIOSFODNN7EXAMPLE',
  'AKIAABCDEFGHIJKLMNOP',
  'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  'ghp_1234567890abcdefghijklmnopqrstuvwxyz',
  'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  'xoxb-123456789012-123456789012-SlackBotAccessTokenHere',
  'xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy',
  `sk-proj-${'abcd'.repeat(39)}`,
  `sk_live_${'0123456789'.repeat(3)}`,
  `glpat-${'ab12'.repeat(5)}`,
  'STRIPE_SECRET_KEY=sk_live_<your-key>',
  'api_key = "<your-api-key>"',
  'API_TOKEN=dummy_token_value_1234567',
  'client_secret: EXAMPLE_CLIENT_SECRET_VALUE',
  'secret_key = "abcdefghijklmnopqrstuvwxyz123456"',
  `sbp_${'x'.repeat(40)}`,
  `ATBB${'X'.repeat(24)}0000FFFF`,
  'kind: Secret\ndata:\n  owner: Y2hhbmdlbWU=\nstringData:\n  token: <your-token>\n',
];

function secrets(text: string): string[] {
  return scan(text)
    .filter((f) => f.category === 'SECRETS')
    .map((f) => `${f.type}: ${f.value}`);
}

describe('SECRETS near-misses', () => {
  it.each(MALFORMED)('reports no malformed key %s', (value) => {
    // Under a secret's name (`API_KEY=`) a random value is still a GENERIC_SECRET; elsewhere nothing.
    for (const text of [value, `see ${value} in the docs`, `{"id": "${value}"}`]) expect(secrets(text), text).toEqual([]);
  });

  it.each(PLACEHOLDERS)('reports no stand-in %s', (value) => {
    expect(secrets(value)).toEqual([]);
  });

  it('reports no Maven or Gradle coordinate', () => {
    const text = [
      'implementation "io.jsonwebtoken:jjwt-impl:0.11.5"',
      'token: io.jsonwebtoken:jjwt-jackson:0.12.6',
      "implementation 'com.google.auth:google-auth-library-oauth2-http:1.23.0'",
      'credential = com.azure:azure-identity:1.12.2',
    ].join('\n');
    expect(secrets(text)).toEqual([]);
  });
});
