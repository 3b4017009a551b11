// Benign documents: no sensitive value at all, but full of what detectors confuse with one.
// Each kind is a header plus a random selection of its lines, kept in order.
import { DocBuilder } from './doc.js';
import { nearMiss } from './near-miss.js';
import { type Rng } from './rng.js';

interface BenignKind {
  head: string[];
  lines: string[];
  /** How many of the lines a document takes. */
  take: [number, number];
  joiner: string;
}

const KINDS: Record<string, BenignKind> = {
  release_notes: {
    head: ['## {vsemver} ({date})', '# Release {semver}', 'Changelog — {vsemver}'],
    lines: [
      '- Fixed a crash when the cache was empty (#{n}, {sha7})', '- Bumped {pkg} from {semver} to {semver}', '- Windows build {ver4} is now supported',
      '- Assembly version set to {ver4}', 'Full changelog: {vsemver}...{vsemver}', 'SHA-256 of the tarball: {sha256}', '- Merged commit {sha} into main',
      '- Docker image: ghcr.io/acme/app@{digest}', '- Dropped support for Node {n}; minimum is now 20.19', '- Improved startup time by {pct}',
      '- Token counting: token_count is now reported per request (default max_tokens = 4096)', '- Passport.js strategy upgraded to {semver}',
      '- Swift 5.9 SDK added; the SwiftUI sample app builds again', '- ICD-10 lookup table refreshed from the {date} release',
    ],
    take: [3, 7],
    joiner: '\n',
  },
  lockfile: {
    head: ['{\n  "name": "web-app",\n  "version": "{semver}",\n  "lockfileVersion": 3,\n  "packages": {'],
    lines: [
      '    "node_modules/{pkg}": {\n      "version": "{semver}",\n      "resolved": "https://registry.npmjs.org/{pkg}/-/{pkg}-{semver}.tgz",\n      "integrity": "{integrity}"\n    },',
      '    "node_modules/@types/{pkg}": {\n      "version": "{semver}",\n      "integrity": "{integrity}",\n      "dev": true\n    },',
    ],
    take: [2, 5],
    joiner: '\n',
  },
  ci_log: {
    head: ['Run #{n} — {date} {time} UTC', '>>> CI pipeline {jobid} started'],
    lines: [
      'Checking out {sha}', 'HEAD is now at {sha7} Merge pull request #{n}', 'Pulling image node:20-alpine@{digest}', 'npm ci --no-audit: added {n} packages in {ms}ms',
      'Tests: {n} passed, 0 failed, {n} total (duration {ms}ms)', 'Coverage: {pct} statements', 'Uploading artifact build-{epoch}.tar.gz ({bign} bytes)',
      'request_id={uuid} status=200 latency_ms={ms}', 'cache key: node-modules-{sha256}', 'Job {jobid} finished at {epochms}', 'WARNING: PASSWORD environment variable not set, using ${DB_PASSWORD} from the vault',
      'Deploying version {vsemver} to staging (build {ver4})', 'AWS account {awsacct}: stack update complete', 'Routing key orders.created bound to queue billing',
    ],
    take: [4, 9],
    joiner: '\n',
  },
  order_confirmation: {
    head: ['Thanks for your order!', 'Your order has shipped', 'Order confirmation'],
    lines: [
      'Order number: {amzorder}', 'Order {orderid} placed on {date}', 'Item: "Designing Data-Intensive Applications", ISBN {isbn}, {price}', 'Item: {sku}, qty 2, {price} each',
      'Subtotal: {price}  Shipping: {price}  Total: {price}', 'UPS tracking: {ups}', 'FedEx tracking number {fedex}', 'USPS tracking: {usps}',
      'Ships from our warehouse in {citystate}.', 'Estimated delivery: {weekday}, {date}', 'Delivery area ZIP {zip}', 'Invoice {invoice} is attached.',
      'Questions? Reply to this email or call the number on our website.', 'EAN {ean}',
    ],
    take: [4, 8],
    joiner: '\n',
  },
  catalog_csv: {
    head: ['sku,name,price,ean,stock,updated_at'],
    lines: ['{sku},Trail shoe,{price},{ean},{n},{epoch}', '{sku},USB-C hub,{price},{ean},{n},{epoch}', '{sku},Desk lamp,{price},{ean},{n},{epoch}', '{sku},Yoga mat,{price},{ean},{n},{epoch}', '{sku},Backpack 30L,{price},{ean},{n},{epoch}'],
    take: [2, 5],
    joiner: '\n',
  },
  health_article: {
    head: ['Living well with chronic conditions', 'Health tips: what to ask your doctor', 'Understanding blood pressure'],
    lines: [
      'Diabetes is a common disease that affects millions of adults.', 'Ask your doctor about metformin if lifestyle changes are not enough.',
      'Hypertension often has no symptoms, which is why regular checks matter.', 'A colonoscopy is recommended from age 45 for most adults.',
      'Statins such as atorvastatin lower cholesterol.', 'Asthma can usually be controlled with the right inhaler.', 'Adults born before 1957 are generally considered immune to measles.',
      'Depression is treatable; talk to a professional if you feel low for more than two weeks.', 'The DEA classifies some pain medications as controlled substances.',
      'Clinics report diagnoses with ICD-10 codes; ask the billing office if a claim is unclear.', 'Blood pressure below 120/80 is considered normal.',
      'Published {date}. Reviewed by our editorial team.',
    ],
    take: [3, 6],
    joiner: ' ',
  },
  env_example: {
    head: ['# .env.example — copy to .env and fill in', '# Configuration template'],
    lines: [
      'DATABASE_URL=postgres://localhost:5432/app', 'DB_PASSWORD=${DB_PASSWORD}', 'password: ${DB_PASSWORD}', 'REDIS_URL=redis://cache:6379/0',
      'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'OPENAI_API_KEY=<your-openai-key>',
      'STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx', 'GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', 'SMTP_PASSWORD=', 'API_KEY=your-api-key-here',
      'SECRET_KEY_BASE=change-me', 'token_count = {n}', 'MAX_TOKENS=4096', 'SESSION_TTL_SECONDS=3600', 'JWT_SECRET=${JWT_SECRET}', 'PORT={port}',
      'MONGODB_URI=mongodb://mongo:27017/test', 'password: "********"', 'SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXX/YYY/ZZZ',
    ],
    take: [4, 9],
    joiner: '\n',
  },
  code: {
    head: ['// utils.ts', '# helpers.py', '/* config loader */'],
    lines: [
      "const REQUEST_ID = '{uuid}';", "EXPECTED_SHA256 = '{sha256}'", 'const tokenCount = countTokens(prompt); // e.g. {n}', 'max_tokens = 4096',
      'password = getpass.getpass("Password: ")', "const apiKey = process.env.STRIPE_SECRET_KEY;", "api_key = os.environ['OPENAI_API_KEY']",
      "if (!password) throw new Error('password is required');", 'idempotency_key = "{uuid}"', "const primaryKey = 'user_id';", 'cache_key = f"orders:{n}"',
      "assert digest == '{sha256}'", "const BUILD = '{ver4}';", "const ISBN = '{isbn}';", 'created_at = {epoch}', "const logo = 'data:image/png;base64,{b64blob}';",
      "const FALLBACK_IP = '127.0.0.1';", 'public_key = """{pubkey}"""',
    ],
    take: [4, 8],
    joiner: '\n',
  },
  meeting_notes: {
    head: ['QUARTERLY BUSINESS REVIEW — NOTES', 'Weekly sync ({date})', 'Minutes: vendor selection'],
    lines: [
      'Attendees from {company} and {company} joined from {city}.', 'Budget approved: {price}k for Q{n}.', 'Next review on {weekday}, {date} at {time}.',
      'Room {room}, dial-in ext. {ext}.', 'Action item: Finance to confirm the grace period ends {date}.', 'Revenue grew {pct} year over year to ${bign}.',
      'IMPORTANT: DATABASE MIGRATION FREEZE STARTS {date}.', 'Morgan Stanley and Wells Fargo are both bidding.', 'Offsite planned in Santa Clara, then Fort Worth.',
      'Reminder: never share your password in chat; use the vault.', 'Headcount plan: {n} hires, {n} backfills.', 'The Main Street office closes on {date}.',
      'Shipping to Route 66 Diner paused until {date}.', 'Dear Customer templates will be reviewed by Legal.',
    ],
    take: [4, 8],
    joiner: '\n',
  },
  qa_report: {
    head: ['Form validation test report — {date}', 'QA: input validation regression run'],
    lines: [
      'Rejected card number {badcard} (Luhn check failed) — expected.', 'Rejected SSN {badssn}: not issued by the SSA — expected.',
      'IBAN {badiban} rejected: checksum mismatch — expected.', 'DEA number {baddea} rejected (bad check digit) — expected.',
      'NPI {badnpi} rejected: check digit fails — expected.', 'Wallet {badbtc} rejected: invalid checksum — expected.',
      'Order id {orderid} accepted.', 'ZIP {zip} accepted without street (optional field).', '{n} of {n} cases passed in {ms} ms.',
    ],
    take: [3, 7],
    joiner: '\n',
  },
  infra_notes: {
    head: ['Runbook: rotate certificates', 'Infra notes', 'On-call handover'],
    lines: [
      'AWS account {awsacct} hosts the staging VPC.', 'Routing_key=billing.invoice.paid is consumed by the ledger.', 'Pin the base image to {digest}.',
      'Replace the certificate below before {date}:\n{cert}', 'SNMP OID 1.3.6.1.4.1.{n}.1 reports disk usage.', 'Segfault at {memaddr} in libssl; upgraded to {semver}.',
      'Contract deployed in tx {txhash}.', 'Artifacts pinned on IPFS: ipfs://{cid}', 'Certificate fingerprint (SHA-256): {sha256}',
      'Service listens on port {port}; health check every {n}s.', 'Build {ver4} rolled out to {pct} of hosts.', 'Secrets live in Vault under secret/data/app; never in the repo.',
    ],
    take: [3, 7],
    joiner: '\n',
  },
  chat: {
    head: ['#general', '#dev'],
    lines: [
      '[{time}] mk: standup moved to {time}', '[{time}] dana: did {vsemver} go out?', '[{time}] ravi: yes, build {ver4}', '[{time}] tk: order {amzorder} shipped btw',
      '[{time}] nina.qa: token_count looks off, {n} vs {n}', '[{time}] chris: password reset link expired again lol', '[{time}] oncall: p99 {ms}ms, all good',
      '[{time}] alex_r: lunch at {time}? 🍕', '[{time}] pm-lena: demo for {company} on {weekday}', '[{time}] sam.ops: commit {sha7} reverted',
    ],
    take: [3, 7],
    joiner: '\n',
  },
  stack_trace: {
    head: ['Error: Request failed with status code 503', 'Traceback (most recent call last):', 'java.lang.IllegalStateException: pool exhausted'],
    lines: [
      '    at Object.handler (/app/dist/routes/orders.js:{n}:{n})', '    at processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '  File "/usr/lib/python3.11/site-packages/urllib3/connectionpool.py", line {n}, in urlopen', '    at com.acme.db.Pool.acquire(Pool.java:{n})',
      'request_id: {uuid}', 'thread 0x{sha7} at {memaddr}', 'Caused by: timeout after {ms} ms (attempt {n})', 'trace_id={sha256}',
    ],
    take: [3, 6],
    joiner: '\n',
  },
  analytics: {
    head: ['Weekly metrics ({date})', 'Dashboard export'],
    lines: [
      'Active users: {bign} ({pct} week over week)', 'Conversion: {pct}; average order {price}', 'Top city: {city} ({bign} sessions)', 'Events ingested: {bign} since {epoch}',
      'Median latency {ms} ms, p99 {ms} ms', 'Refund rate {pct}', 'Window: {epochms} to {epochms}', 'Top SKU: {sku}', 'Largest account: {company}',
    ],
    take: [3, 7],
    joiner: '\n',
  },
};

export const BENIGN_KINDS = Object.keys(KINDS);

export function benignDoc(rng: Rng, id: string, kindName: string): ReturnType<DocBuilder['build']> {
  const kind = KINDS[kindName];
  if (!kind) throw new Error(`unknown benign kind ${kindName}`);
  const fill = (t: string) => t.replace(/\{([a-z0-9]+)\}/g, (_, token: string) => nearMiss(token, rng));
  const count = rng.int(kind.take[0], Math.min(kind.take[1], kind.lines.length));
  const chosen = rng.shuffle(kind.lines.map((_, i) => i)).slice(0, count).sort((a, b) => a - b);
  const body = chosen.map((i) => fill(kind.lines[i] ?? '')).join(kind.joiner);
  let text = `${fill(rng.pick(kind.head))}\n${body}`;
  if (kindName === 'lockfile') text = text.replace(/,$/, '') + '\n  }\n}';
  return new DocBuilder().text(text).build(id, `benign:${kindName}`, true);
}
