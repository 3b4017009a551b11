import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { BASE62, base64Noise, fill, findingOf, HEX, randomStrings } from './fixtures.js';

const random = randomStrings(23);
const TOKEN = random(BASE62, 32);
const HEX64 = random(HEX, 64);

describe('GENERIC_SECRET', () => {
  it.each([
    ['.env', `SECRET_KEY=${TOKEN}`],
    ['.env with hex', `API_SECRET=${HEX64}`],
    ['YAML', `client_secret: ${TOKEN}\n`],
    ['JSON', `{"api_key": "${TOKEN}"}`],
    ['an HTTP header', `X-API-Key: ${TOKEN}`],
    ['a bearer header', `Authorization: Bearer ${TOKEN}`],
    ['a quoted bearer header', `{"Authorization": "Bearer ${TOKEN}"}`],
    ['a basic-auth header', `Authorization: Basic ${Buffer.from(`svc:${TOKEN}`).toString('base64')}`],
    ['a label in prose', `API key: ${TOKEN}`],
    ['Ruby', `config.secret_token = '${TOKEN}'`],
    ['PHP', `'auth_token' => '${TOKEN}',`],
    ['Go', `signingKey := "${TOKEN}"`],
    ['XML', `<accessToken>${TOKEN}</accessToken>`],
    ['a log line', `2024-01-15 DEBUG refresh access_token=${TOKEN} expires=3600`],
    ['npm', `//registry.npmjs.org/:_authToken=${TOKEN}`],
    ['a CSV column', `name,api_key\nbilling,${TOKEN}\n`],
    ['a label in chat', `[19:15] dana: API secret for the partner portal: ${TOKEN}`],
    ['a token label', `here is the access token for staging: ${TOKEN}`],
    ['a label with is', `The webhook signing secret is ${TOKEN}.`],
    ['a subscript', `app.config['SECRET_KEY'] = '${TOKEN}'`],
    ['base64 starting with a slash', `SECRET_KEY=/${random(BASE62, 30)}+x=`],
  ])('finds the value in %s', (_name, text) => {
    const values = found(text, 'GENERIC_SECRET');
    expect(values.length).toBe(1);
    expect(text).toContain(values[0]);
    expect(values[0]?.length).toBeGreaterThanOrEqual(16);
  });

  it('reports the value alone, at 0.75', () => {
    const f = findingOf(`client_secret = "${TOKEN}"`, 'GENERIC_SECRET');
    expect(f?.value).toBe(TOKEN);
    expect(f?.confidence).toBe(0.75);
  });

  it('keeps a 64-hex secret that the known-noise exclusions would call a digest', () => {
    expect(found(`api_secret = ${HEX64}`, 'GENERIC_SECRET')).toEqual([HEX64]);
  });

  it('keeps a UUID under a secret name, a little less sure', () => {
    const uuid = '2f1c9a7e-5b3d-4e8f-a6c2-9d0b1e7f3a54';
    expect(findingOf(`HEROKU_API_KEY=${uuid}`, 'GENERIC_SECRET')?.confidence).toBe(0.7);
  });

  it.each([
    ['a git SHA under commit', 'commit: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b'],
    ['a digest beside its name', `token_sha256: ${HEX64}`],
    ['a count', 'token_count = 12345\nmax_tokens: 4096\nnum_tokens=512'],
    ['a token type', '{"token_type": "bearer", "access_token_type": "Bearer"}'],
    ['a paging token', `"nextPageToken": "${TOKEN}"`],
    ['a CSRF token', `csrf_token: "${TOKEN}"`],
    ['a public key', `publicKey: "${TOKEN}"`],
    ['an id, not a secret', `api_key_id = ${TOKEN}`],
    ['an SRI hash', '"integrity": "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg=="'],
    ['a URL', 'token_url = "https://auth.example.com/oauth/token"'],
    ['a path', 'secret_file: /var/run/secrets/kubernetes.io/serviceaccount/token'],
    ['words', 'secret_key = "my_super_secret_value_here"\nSECRET=ThisIsNotASecretValue\napi_key: supersecretpassword1'],
    ['a dotted name', 'auth: org.springframework.security'],
    ['counting characters', 'api_key = "1234567890abcdefgh"\nsecret: abcdefghijklmnop12'],
    ['a short value', 'token: abc123'],
    ['an environment reference', 'API_KEY=${API_KEY}\nsecret: {{ .Values.secret }}\ntoken: <token>'],
    ['a sentence', 'secret: the quick brown fox jumps over'],
    ['a repeated character', `token = "${'a'.repeat(32)}"`],
    ['prose with a colon', 'Note on auth: authentication-required'],
    ['a password (left to PASSWORD)', `password: ${TOKEN}`],
    ['a label before words', 'Secret of success: Persistence-2024'],
    ['a CSRF label', `CSRF token for the form: ${TOKEN}`],
    ['a label ending a sentence first', `We rotated the secret. Next: ${TOKEN}`],
    ['an expiry label', 'token expiry: 2024-01-15T10:00:00Z'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'GENERIC_SECRET')).toEqual([]);
  });

  it.each(['api_key = "your_api_key_here_1234567"', 'SECRET_KEY=EXAMPLEa8f3k2m9q7w1z5x', 'token: dummyTokenValue9x8y7z6w'])('keeps %j below the default minimum', (text) => {
    expect(found(text, 'GENERIC_SECRET')).toEqual([]);
    expect(findingOf(text, 'GENERIC_SECRET')?.confidence ?? 0).toBeLessThan(0.5);
  });

  it.each([
    ['repeated keys', fill('secret=')],
    ['repeated keys and separators', fill('token: ')],
    ['repeated assignments', fill('api_key=')],
    ['one long key', fill('key')],
    ['repeated bearer headers', fill('Authorization: Bearer ')],
    ['base64 noise after a key', `secret=${base64Noise()}`],
    ['keys inside base64 noise', fill(`token=${random(BASE62, 40)}token`)],
    ['repeated CSV headers', fill('name,secret\n')],
    ['repeated labels', fill('API secret for the portal: ')],
    ['labels without colons', fill('token secret credentials ')],
  ])('scans 1 MiB of %s', { timeout: 10_000 }, (_name, text) => {
    expect(found(text, 'GENERIC_SECRET').length).toBeLessThan(1 << 20);
  });

  it('reads keys named after a service that ends in a plain `key`', () => {
    const value = 'f3a9c2e1b7d84a6f9e0c1d2b3a4f5e6d';
    for (const text of [`ALGOLIA_ADMIN_KEY=${value}`, `twitter_consumer_key = "Qm7zXv2LkP9wR4tYb8NcJ3hD"`, `DATADOG_APP_KEY: ${value}`]) {
      expect(found(text, 'GENERIC_SECRET'), text).toHaveLength(1);
    }
    expect(found(`jira_issue_key = "PROJ-1234"`, 'GENERIC_SECRET')).toEqual([]);
    expect(found(`sort_key = ${value}`, 'GENERIC_SECRET')).toEqual([]);
    expect(found(`stripe_publishable_key = "${value}"`, 'GENERIC_SECRET')).toEqual([]);
  });

  // gitleaks finds these services' keys by the service's name beside a value of a given length and
  // alphabet; here the key's name says "secret" and the value's randomness does the rest.
  const hexOf = (n: number) => random(HEX, n);
  const b62Of = (n: number) => random(BASE62, n);
  const uuid = () => `${hexOf(8)}-${hexOf(4)}-${hexOf(4)}-${hexOf(4)}-${hexOf(12)}`;
  it.each([
    ['adafruit', 'ADAFRUIT_IO_KEY', b62Of(32)],
    ['asana', 'ASANA_CLIENT_SECRET', b62Of(32)],
    ['atlassian', 'ATLASSIAN_API_TOKEN', `${b62Of(20)}${hexOf(4)}`],
    ['bitbucket', 'BITBUCKET_APP_PASSWORD_TOKEN', b62Of(32)],
    ['bittrex', 'BITTREX_SECRET_KEY', b62Of(32)],
    ['cloudflare', 'CLOUDFLARE_GLOBAL_API_KEY', hexOf(37)],
    ['cisco meraki', 'MERAKI_API_KEY', hexOf(40)],
    ['codecov', 'CODECOV_TOKEN', b62Of(32)],
    ['cohere', 'CO_API_KEY', b62Of(40)],
    ['coinbase', 'COINBASE_ACCESS_TOKEN', b62Of(64)],
    ['confluent', 'CONFLUENT_SECRET_KEY', b62Of(64)],
    ['contentful', 'CONTENTFUL_DELIVERY_TOKEN', b62Of(43)],
    ['datadog', 'DATADOG_ACCESS_TOKEN', b62Of(40)],
    ['discord', 'DISCORD_CLIENT_SECRET', b62Of(32)],
    ['drone ci', 'DRONE_TOKEN', b62Of(32)],
    ['etsy', 'ETSY_ACCESS_TOKEN', b62Of(24)],
    ['facebook', 'FACEBOOK_APP_SECRET', hexOf(32)],
    ['fastly', 'FASTLY_API_TOKEN', b62Of(32)],
    ['finicity', 'FINICITY_CLIENT_SECRET', b62Of(20)],
    ['finnhub', 'FINNHUB_ACCESS_TOKEN', b62Of(20)],
    ['flickr', 'FLICKR_ACCESS_TOKEN', b62Of(32)],
    ['freshbooks', 'FRESHBOOKS_ACCESS_TOKEN', b62Of(64)],
    ['gitter', 'GITTER_ACCESS_TOKEN', b62Of(40)],
    ['hubspot', 'HUBSPOT_API_KEY', uuid().toUpperCase()],
    ['intercom', 'INTERCOM_ACCESS_TOKEN', b62Of(60)],
    ['jfrog', 'JFROG_API_KEY', b62Of(73)],
    ['kraken', 'KRAKEN_API_SECRET', `${b62Of(86)}==`],
    ['kucoin', 'KUCOIN_SECRET_KEY', uuid()],
    ['launchdarkly', 'LAUNCHDARKLY_ACCESS_TOKEN', b62Of(40)],
    ['linear', 'LINEAR_CLIENT_SECRET', hexOf(32)],
    ['linkedin', 'LINKEDIN_CLIENT_SECRET', b62Of(16)],
    ['looker', 'LOOKER_CLIENT_SECRET', b62Of(24)],
    ['mattermost', 'MATTERMOST_ACCESS_TOKEN', b62Of(26)],
    ['messagebird', 'MESSAGEBIRD_API_TOKEN', b62Of(25)],
    ['netlify', 'NETLIFY_AUTH_TOKEN', b62Of(43)],
    ['new relic', 'NEW_RELIC_USER_API_KEY', b62Of(64)],
    ['new york times', 'NYTIMES_API_KEY', b62Of(32)],
    ['okta', 'OKTA_API_TOKEN', `00${b62Of(40)}`],
    ['plaid', 'PLAID_SECRET', b62Of(30)],
    ['private ai', 'PRIVATE_AI_API_KEY', b62Of(32)],
    ['rapidapi', 'RAPIDAPI_KEY', b62Of(50)],
    ['sendbird', 'SENDBIRD_API_TOKEN', hexOf(40)],
    ['sentry (old format)', 'SENTRY_AUTH_TOKEN', hexOf(64)],
    ['snyk', 'SNYK_TOKEN', uuid()],
    ['sonar', 'SONAR_TOKEN', b62Of(40)],
    ['squarespace', 'SQUARESPACE_ACCESS_TOKEN', uuid()],
    ['sumo logic', 'SUMO_ACCESS_KEY', b62Of(64)],
    ['travis ci', 'TRAVIS_API_TOKEN', b62Of(22)],
    ['twitch', 'TWITCH_CLIENT_SECRET', b62Of(30)],
    ['twitter', 'TWITTER_ACCESS_SECRET', b62Of(45)],
    ['zendesk', 'ZENDESK_SECRET_KEY', b62Of(40)],
  ])("catches gitleaks' keyword-only %s rule", (_service, key, value) => {
    for (const text of [`${key}=${value}`, `${key.toLowerCase()}: "${value}"`]) {
      expect(found(text, 'GENERIC_SECRET'), text).toEqual([value]);
    }
  });

  it('reports a base64 user:password (Docker auth, HTTP Basic) at 0.9, a stand-in one below the minimum', () => {
    const auth = btoa('ci-bot:Zq8mK2xLw4Pr');
    expect(findingOf(`{"auths": {"ghcr.io": {"auth": "${auth}"}}}`, 'GENERIC_SECRET')?.confidence).toBe(0.9);
    expect(findingOf(`Authorization: Basic ${auth}`, 'GENERIC_SECRET')?.value).toBe(auth);
    expect(found(`Authorization: Basic ${btoa('user:password')}`, 'GENERIC_SECRET')).toEqual([]);
  });

  it('reads a literal wrapped as bytes or a buffer', () => {
    const value = 'jJKbgWauv8Uz1bqaAuccu7D3aQtLxPhn';
    for (const text of [`var hmacKey = []byte("${value}")`, `SECRET_KEY = b'${value}'`, `const secret = Buffer.from("${value}")`]) {
      expect(found(text, 'GENERIC_SECRET'), text).toEqual([value]);
    }
    expect(found(`token = compute("${value}")`, 'GENERIC_SECRET')).toEqual([]);
  });
});
