// Things that look like sensitive values and are not: identifiers, digests, versions, tracking and
// order numbers, masked or truncated secrets, public identifiers of companies and cloud resources.
// Benign documents are made of these, and positive documents carry them next to real values.
import { BASE62, DIGITS, HEX, LOWER, UPPER, type Rng } from '../corpus/rng.js';
import { ean13Digit, ibanCheck } from './checks.js';

export const uuid = (r: Rng): string => {
  const h = (n: number) => r.chars(HEX, n);
  return `${h(8)}-${h(4)}-4${h(3)}-${r.pick(['8', '9', 'a', 'b'])}${h(3)}-${h(12)}`;
};
export const sha1 = (r: Rng): string => r.chars(HEX, 40);
export const shortSha = (r: Rng): string => r.chars(HEX, 7);
export const sha256 = (r: Rng): string => r.chars(HEX, 64);
export const imageDigest = (r: Rng): string => `sha256:${sha256(r)}`;
export const semver = (r: Rng): string => `${r.int(0, 14)}.${r.int(0, 30)}.${r.int(0, 40)}`;
export const npmIntegrity = (r: Rng): string => `sha512-${Buffer.from(r.bytes(64)).toString('base64')}`;

/** UPS 1Z, FedEx 12-digit, USPS 22-digit tracking numbers. */
export const tracking = (r: Rng): string => r.pick([`1Z${r.chars(UPPER + DIGITS, 6)}${r.digits(10)}`, `${r.int(2, 7)}${r.digits(11)}`, `9400${r.digits(18)}`]);
export const amazonOrder = (r: Rng): string => `${r.int(111, 114)}-${r.digits(7)}-${r.digits(7)}`;
export const shopOrder = (r: Rng): string => r.pick([`#${r.int(1001, 99999)}`, `SO-${r.int(2019, 2026)}-${r.digits(6)}`, `ORD${r.digits(9)}`, `W${r.digits(9)}`]);
export const ticketId = (r: Rng): string => r.pick([`INC${r.digits(7)}`, `#${r.int(10000, 999999)}`, `CS-${r.int(2020, 2026)}-${r.digits(4)}`, `${r.pick(['OPS', 'PLAT', 'SUP', 'BILL'])}-${r.int(100, 9999)}`]);

export function isbn13(r: Rng): string {
  const twelve = '978' + r.digits(9);
  const full = twelve + ean13Digit(twelve);
  return `${full.slice(0, 3)}-${full.slice(3, 4)}-${full.slice(4, 8)}-${full.slice(8, 12)}-${full[12]}`;
}
export const ean13 = (r: Rng): string => {
  const twelve = r.pick(['40', '50', '87', '76', '30']) + r.digits(10);
  return twelve + ean13Digit(twelve);
};

export const isoTimestamp = (r: Rng, year = 2025): string =>
  `${year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}T${String(r.int(0, 23)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}.${r.digits(3)}Z`;
export const epochMs = (r: Rng): string => String(1_700_000_000_000 + r.int(0, 80_000_000) * 1000 + r.int(0, 999));
export const amount = (r: Rng, max = 5000): string => `${r.int(1, max).toLocaleString('en-US')}.${r.digits(2)}`;

/**
 * Private and documentation addresses: what internal tooling and examples show. A private host
 * address is a labelled IP_ADDRESS wherever it is written (`mk.privateIp`); documentation and
 * loopback addresses are never labelled, and are what benign documents use.
 */
export const privateIp = (r: Rng): string => r.pick([`10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`, `192.168.${r.int(0, 255)}.${r.int(1, 254)}`, `172.${r.int(16, 31)}.${r.int(0, 255)}.${r.int(1, 254)}`]);
export const loopbackIp = (r: Rng): string => r.pick(['127.0.0.1', '127.0.0.1', '127.0.1.1']);
export const docIp = (r: Rng): string => r.pick([`192.0.2.${r.int(1, 254)}`, `198.51.100.${r.int(1, 254)}`, `203.0.113.${r.int(1, 254)}`, `2001:db8::${r.int(1, 0xfff).toString(16)}`]);

/** Kubernetes pod names: deployment, replica-set hash, pod suffix. */
export const podName = (r: Rng, app: string): string => `${app}-${r.chars('bcdfghjklmnpqrstvwxz2456789', 10)}-${r.chars('bcdfghjklmnpqrstvwxz2456789', 5)}`;

/** The last four digits a receipt or a support agent may show. */
export const maskedCard = (r: Rng): string =>
  r.pick([`**** **** **** ${r.digits(4)}`, `XXXX-XXXX-XXXX-${r.digits(4)}`, `${r.pick(['Visa', 'Mastercard', 'Amex'])} ending in ${r.digits(4)}`, `•••• ${r.digits(4)}`, `************${r.digits(4)}`]);

/** How consoles and logs print a secret they know: masked or cut to a few characters. */
export const maskedSecret = (r: Rng): string =>
  r.pick(['***', '********', `AKIA************${r.chars(UPPER, 4)}`, `sk-...${r.chars(BASE62, 4)}`, `ghp_****${r.chars(BASE62, 4)}`, '[REDACTED]', '<redacted>', `xoxb-***`]);

/** AWS account ids are identifiers, not secrets (AWS says as much); they appear in ARNs. */
export const awsAccountId = (r: Rng): string => `${r.int(1, 9)}${r.digits(11)}`;
export const arn = (r: Rng, account = awsAccountId(r)): string =>
  r.pick([`arn:aws:iam::${account}:role/${r.pick(['deploy', 'ci-runner', 'lambda-exec'])}`, `arn:aws:s3:::${r.pick(['assets', 'backups', 'logs'])}-${r.chars(LOWER, 6)}`, `arn:aws:lambda:eu-west-1:${account}:function:${r.pick(['thumbnailer', 'webhook-relay'])}`]);

/** SEPA creditor identifiers: published on every direct-debit mandate; ISO 7064 mod 97 like an IBAN, over the national id only. */
export function sepaCreditorId(r: Rng, country = 'DE'): string {
  const national = '0' + r.digits(10);
  return `${country}${ibanCheck(country, national)}ZZZ${national}`;
}

/** Object ids of public APIs (Stripe customers and charges, Slack channels and users): references, not credentials. */
export const stripeObjectId = (r: Rng): string => `${r.pick(['cus', 'pi', 'ch', 'in', 'evt', 'price', 'sub'])}_${r.chars(BASE62, r.pick([14, 24]))}`;
export const slackChannelId = (r: Rng): string => `${r.pick(['C0', 'U0', 'G0'])}${r.chars(UPPER + DIGITS, 9)}`;

/** The SSH key fingerprints ssh-keygen prints: they identify a public key. */
export const sshFingerprint = (r: Rng): string => `SHA256:${Buffer.from(r.bytes(32)).toString('base64').replace(/=+$/, '')}`;

export const mavenCoord = (r: Rng): string =>
  r.pick(['org.apache.commons:commons-lang3', 'com.fasterxml.jackson.core:jackson-databind', 'org.springframework.boot:spring-boot-starter-web', 'io.netty:netty-handler', 'com.google.guava:guava']) +
  `:${semver(r)}`;

export const cve = (r: Rng): string => `CVE-${r.int(2019, 2025)}-${r.int(1000, 49999)}`;
export const percent = (r: Rng): string => `${r.int(0, 99)}.${r.digits(1)}%`;
