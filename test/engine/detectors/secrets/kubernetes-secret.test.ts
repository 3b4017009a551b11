import { describe, expect, it } from 'vitest';
import { mask, scan } from '../../../../src/engine/index.js';
import { found } from '../../helpers.js';
import { BASE62, fill, findingOf, randomStrings } from './fixtures.js';

const random = randomStrings(31);
const b64 = (plain: string) => Buffer.from(plain).toString('base64');
const signing = random(BASE62, 24);
const sessionKey = `${random(BASE62, 10)}-${random(BASE62, 8)}`;

const MANIFEST = `apiVersion: v1
kind: Secret
metadata:
  name: billing-worker
  namespace: payments
type: Opaque
data:
  owner: ${b64(signing)}
  ledger.conf: |
    ${b64('ledger=prod\nkey=' + sessionKey).slice(0, 40)}
    ${b64('ledger=prod\nkey=' + sessionKey).slice(40)}
stringData:
  shard: "${sessionKey}"   # rotated monthly
  realm: '${signing}'
`;

describe('KUBERNETES_SECRET', () => {
  it('reports every value under data and stringData of a kind: Secret, whatever its key is called', () => {
    const values = found(MANIFEST, 'KUBERNETES_SECRET');
    expect(values).toEqual([b64(signing), expect.stringContaining('\n'), sessionKey, signing]);
  });

  it('finds a Secret inside a List, and when data comes before kind', () => {
    const list = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  data:
    LOG_LEVEL: ${random(BASE62, 20)}
- apiVersion: v1
  data:
    realm: ${b64(signing)}
  kind: Secret
`;
    expect(found(list, 'KUBERNETES_SECRET')).toEqual([b64(signing)]);
  });

  it('reads JSON manifests too (kubectl get secret -o json), one object at a time', () => {
    const json = `{
    "apiVersion": "v1",
    "data": {
        "owner": "${b64(signing)}",
        "escaped\\"key": "${b64(sessionKey)}"
    },
    "kind": "Secret",
    "metadata": {"name": "billing", "labels": {"data": "none"}}
}
{"kind": "List", "items": [{"kind": "ConfigMap", "data": {"a": "${b64(signing)}"}}, {"stringData": {"realm": "${sessionKey}"}, "kind": "Secret"}]}`;
    expect(found(json, 'KUBERNETES_SECRET')).toEqual([b64(signing), b64(sessionKey), sessionKey]);
    expect(found(`{"kind": "ConfigMap", "data": {"a": "${b64(signing)}"}}`, 'KUBERNETES_SECRET')).toEqual([]);
  });

  it('masks every value, in every style', () => {
    for (const style of ['label', 'pseudonym', 'partial', 'hash'] as const) {
      const masked = mask(MANIFEST, scan(MANIFEST), style, 'k');
      for (const value of [b64(signing), sessionKey, signing]) expect(masked, style).not.toContain(value);
    }
  });

  it('leaves a more specific type its value: a password key stays PASSWORD, a token key GENERIC_SECRET', () => {
    const token = random(BASE62, 32);
    const text = `kind: Secret\nstringData:\n  POSTGRES_PASSWORD: Tr0ub4dor&3x\n  STRIPE: sk_live_${random(BASE62, 24)}\n  api-token: ${token}\n`;
    expect(found(text, 'PASSWORD')).toEqual(['Tr0ub4dor&3x']);
    expect(found(text, 'STRIPE_KEY')).toHaveLength(1);
    expect(found(text, 'GENERIC_SECRET')).toEqual([token]);
    expect(found(text, 'KUBERNETES_SECRET')).toEqual([]);
  });

  it.each([
    ['a ConfigMap', `kind: ConfigMap\ndata:\n  api-url: ${random(BASE62, 24)}\n`],
    ['another document of the same file', `kind: Secret\nmetadata:\n  name: a\n---\nkind: ConfigMap\ndata:\n  key: ${b64(signing)}\n`],
    ['a SealedSecret (encrypted for the cluster)', `kind: SealedSecret\nspec:\n  encryptedData:\n    key: ${random(BASE62, 60)}\n`],
    ['templates and empty values', 'kind: Secret\nstringData:\n  a: "{{ .Values.token }}"\n  b: ""\n  c: ${API_TOKEN}\n  d: <token>\n'],
    ['non-base64 under data', 'kind: Secret\ndata:\n  a: not base64 at all!\n'],
    ['a certificate (public by design)', `kind: Secret\ntype: kubernetes.io/tls\ndata:\n  tls.crt: ${b64('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----')}\n`],
    ['a Secret that only names keys', 'kind: Secret\nmetadata:\n  name: db\n  labels:\n    data: none\n'],
  ])('reports nothing in %s', (_name, text) => {
    expect(found(text, 'KUBERNETES_SECRET')).toEqual([]);
  });

  it('keeps stand-ins below the default minimum', () => {
    const text = `kind: Secret\ndata:\n  password: ${b64('changeme')}\nstringData:\n  token: your-token-here\n`;
    expect(found(text, 'KUBERNETES_SECRET')).toEqual([]);
    expect(findingOf(text, 'KUBERNETES_SECRET')?.confidence).toBe(0.3);
  });

  it.each([
    ['data lines', `kind: Secret\ndata:\n${fill('  k: QUJD\n')}`],
    ['nested list items', `kind: Secret\n${fill('- data:\n  ')}`],
    ['one long value', `kind: Secret\ndata:\n  k: ${'A'.repeat(1 << 20)}`],
    ['block scalars', `kind: Secret\nstringData:\n${fill('  k: |\n    v\n')}`],
    ['nested JSON objects', `{"kind": "Secret", ${fill('"data": {')}`],
    ['JSON values', `{"kind": "Secret", "data": {${fill('"k": "QUJD", ')}}}`],
    ['an unterminated JSON string', `{"kind": "Secret", "data": {"k": "${'\\"'.repeat(1 << 19)}`],
  ])('scans 1 MiB of %s', { timeout: 20_000 }, (_name, text) => {
    expect(scan(text).length).toBeLessThan(1 << 20);
  });
});
