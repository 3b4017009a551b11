// Benign held-out documents: no sensitive value, many near-misses. Context words without values
// ("routing number", "SSN", "password"), values without a person (clinical facts, documented
// example keys), identifiers and numbers of every other kind, placeholders and masked values.
// Addresses in documentation (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32),
// loopback and private CIDR networks ("10.0.0.0/8") are not labelled. A private host address is
// (since 2026-11-28, docs/accuracy.md), so none is written here.
import type { Ctx } from './doc.js';
import { b62, hex, hhmm, isoTs, jiraKey, money, nm, sha, someDate, unlabelledIp, uuid } from './values.js';

export function releaseNotes({ rng, d }: Ctx): void {
  const ver = `${rng.int(1, 9)}.${rng.int(0, 30)}.${rng.int(0, 12)}`;
  d.l`## v${ver} (${someDate(rng)})`;
  d.l``;
  d.l`### Fixes`;
  for (let i = rng.int(2, 5); i > 0; i--) d.l`- ${rng.pick(['Fix race in retry queue', 'Handle empty payloads', 'Stop logging request bodies', 'Mask card numbers in CSV export', 'Reject SSNs with area 000', 'Bump timeout for IBAN validation'])} (#${rng.int(100, 9999)}, ${sha(rng, 7)})`;
  d.l``;
  d.l`### Dependencies`;
  d.l`- bump ${nm('pkg', rng)} from ${nm('semver', rng)} to ${nm('semver', rng)}`;
  d.l`- bump ${nm('pkg', rng)} from ${nm('vsemver', rng)} to ${nm('vsemver', rng)}`;
  d.l``;
  d.l`Image: ghcr.io/fernway/api:${ver}@${nm('digest', rng)}`;
  d.l`Checksum (sha256): ${nm('sha256', rng)}  api-linux-amd64.tar.gz`;
  d.l`Full changelog: https://github.com/fernway/api/compare/v${nm('semver', rng)}...v${ver}`;
}

export function lockfile({ rng, d }: Ctx): void {
  const t = rng.int(0, 2);
  if (t === 0) {
    d.l`"node_modules/${nm('pkg', rng)}": {`;
    d.l`  "version": "${nm('semver', rng)}",`;
    d.l`  "resolved": "https://registry.npmjs.org/${nm('pkg', rng)}/-/${nm('pkg', rng)}-${nm('semver', rng)}.tgz",`;
    d.l`  "integrity": "${nm('integrity', rng)}",`;
    d.l`  "license": "MIT"`;
    d.l`},`;
  } else if (t === 1) {
    for (let i = rng.int(2, 4); i > 0; i--) {
      const mod = rng.pick(['golang.org/x/crypto', 'github.com/lib/pq', 'github.com/redis/go-redis/v9', 'google.golang.org/grpc']);
      const ver = nm('vsemver', rng);
      d.l`${mod} ${ver} h1:${Buffer.from(rng.bytes(32)).toString('base64')}`;
      d.l`${mod} ${ver}/go.mod h1:${Buffer.from(rng.bytes(32)).toString('base64')}`;
    }
  } else {
    for (let i = rng.int(2, 4); i > 0; i--) d.l`${rng.pick(['requests', 'urllib3', 'boto3', 'pydantic', 'numpy'])}==${nm('semver', rng)} \\\n    --hash=sha256:${nm('sha256', rng)}`;
  }
}

export function composePlaceholders({ rng, d }: Ctx): void {
  d.l`services:`;
  d.l`  db:`;
  d.l`    image: postgres:16@${nm('digest', rng)}`;
  d.l`    environment:`;
  d.l`      POSTGRES_USER: app`;
  d.l`      POSTGRES_PASSWORD: ${rng.pick(['${POSTGRES_PASSWORD}', '${DB_PASSWORD:?set me}', '"${PGPASSWORD}"'])}`;
  d.l`      POSTGRES_PASSWORD_FILE: /run/secrets/db_password`;
  d.l`    ports: ["127.0.0.1:5432:5432"]`;
  d.l`  api:`;
  d.l`    image: ghcr.io/fernway/api:${nm('semver', rng)}`;
  d.l`    environment:`;
  d.l`      DATABASE_URL: postgres://app@db:5432/app`;
  d.l`      REDIS_URL: redis://redis:6379/0`;
  d.l`      STRIPE_SECRET_KEY: \${STRIPE_SECRET_KEY}`;
  d.l`      OPENAI_API_KEY: \${OPENAI_API_KEY:-}`;
  d.l`      MAX_TOKENS: "${rng.pick([1024, 4096])}"`;
  d.l`secrets:`;
  d.l`  db_password:`;
  d.l`    file: ./secrets/db_password.txt`;
}

export function k8sNoSecrets({ rng, d }: Ctx): void {
  d.l`apiVersion: apps/v1`;
  d.l`kind: Deployment`;
  d.l`metadata: { name: ${rng.pick(['ledger', 'intake-api', 'notifier'])}, namespace: prod }`;
  d.l`spec:`;
  d.l`  replicas: ${rng.int(2, 8)}`;
  d.l`  template:`;
  d.l`    spec:`;
  d.l`      containers:`;
  d.l`        - name: app`;
  d.l`          image: registry.internal/ledger@${nm('digest', rng)}`;
  d.l`          env:`;
  d.l`            - name: DB_PASSWORD`;
  d.l`              valueFrom: { secretKeyRef: { name: db-credentials, key: password } }`;
  d.l`            - name: STRIPE_API_KEY`;
  d.l`              valueFrom: { secretKeyRef: { name: payments-env, key: stripe } }`;
  d.l`            - name: GOMAXPROCS`;
  d.l`              value: "${rng.int(1, 8)}"`;
  d.l`          resources: { limits: { cpu: "${rng.int(1, 4)}", memory: ${rng.pick(['512Mi', '1Gi', '2Gi'])} } }`;
  d.l`          readinessProbe: { httpGet: { path: /healthz, port: ${nm('port', rng)} } }`;
}

export function envExample({ rng, d }: Ctx): void {
  d.l`# .env.example — copy to .env and fill in`;
  const lines = [
    'OPENAI_API_KEY=<your-openai-key>',
    'OPENAI_API_KEY=sk-...',
    'ANTHROPIC_API_KEY=sk-ant-...',
    'STRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx',
    'STRIPE_SECRET_KEY=sk_test_REPLACE_ME',
    'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE',
    'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'DB_PASSWORD=',
    'DB_PASSWORD=<password>',
    'JWT_SECRET=replace-me',
    'SESSION_SECRET=${SESSION_SECRET}',
    'SLACK_WEBHOOK_URL=https://hooks.slack.com/services/XXXXXXXXX/XXXXXXXXX/XXXXXXXXXXXXXXXXXXXXXXXX',
    'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DBNAME',
    'PREFLIGHT_API_KEY=svc_sk_<paste here>',
    'GOOGLE_MAPS_KEY=YOUR_API_KEY',
  ];
  for (const l of rng.shuffle(lines).slice(0, rng.int(5, 9))) d.l`${l}`;
  d.l`PORT=${nm('port', rng)}`;
  d.l`LOG_LEVEL=${rng.pick(['info', 'debug'])}`;
}

export function apiDocs({ rng, d }: Ctx): void {
  d.l`### Authentication`;
  d.l``;
  d.l`Send your key in the \`${rng.pick(['Authorization', 'X-Api-Key'])}\` header. Keys start with \`${rng.pick(['sk_live_', 'svc_sk_', 'sk-'])}\` and are shown only once.`;
  d.l``;
  d.l`\`\`\`bash`;
  d.l`curl https://api.example.com/v1/payments \\`;
  d.l`  -H "Authorization: Bearer $API_TOKEN" \\`;
  d.l`  -H "Idempotency-Key: ${uuid(rng)}"`;
  d.l`\`\`\``;
  d.l``;
  d.l`Example response:`;
  d.l``;
  d.l`\`\`\`json`;
  d.l`{ "id": "pay_${b62(rng, 14)}", "amount": ${rng.int(100, 99999)}, "currency": "usd", "created": ${nm('epoch', rng)}, "client_ip": "${rng.pick([`192.0.2.${rng.int(1, 254)}`, `198.51.100.${rng.int(1, 254)}`, `203.0.113.${rng.int(1, 254)}`])}", "status": "succeeded" }`;
  d.l`\`\`\``;
  d.l``;
  d.l`Rate limits: ${rng.int(50, 500)} requests per ${rng.pick(['second', 'minute'])}. Allow-list our egress range ${rng.pick(['198.51.100.0/24', '203.0.113.0/24', '192.0.2.0/24'])} and \`2001:db8::/32\` for IPv6 in the sandbox.`;
  d.l`Never put your \`<your-api-key>\` in client-side code.`;
}

export function healthArticle({ rng, d }: Ctx): void {
  const topics = [
    ['Type 2 diabetes', 'Metformin is usually the first medication prescribed, alongside changes to diet and exercise.', 'An HbA1c of 6.5% or higher on two tests is diagnostic.'],
    ['Hypertension', 'Lisinopril, amlodipine and hydrochlorothiazide are common first-line choices.', 'Readings above 130/80 mmHg are considered high.'],
    ['Colon cancer screening', 'Most adults should start screening at 45; a colonoscopy every 10 years is one option.', 'Stool-based tests are repeated every 1 to 3 years.'],
    ['Atrial fibrillation', 'Anticoagulants such as apixaban lower the risk of stroke.', 'A CHA2DS2-VASc score guides treatment.'],
    ['Asthma', 'Albuterol relieves symptoms quickly; inhaled steroids prevent attacks.', 'Peak-flow readings below 50% of personal best need urgent care.'],
  ];
  const [title, a, b] = rng.pick(topics) as [string, string, string];
  d.l`# ${title}: what you should know`;
  d.l`_Patient education leaflet · reviewed ${someDate(rng)} · ${rng.int(3, 9)} min read_`;
  d.l``;
  d.l`${title} affects about ${rng.int(2, 40)} million people in the US. ${a} ${b}`;
  d.l``;
  d.l`People born before ${rng.int(1950, 1970)} may have been screened under older guidelines. Ask your doctor whether you are due for a check-up. Bring a list of your medications, including supplements.`;
  d.l``;
  d.l`Sources: CDC (${rng.int(2019, 2024)}), ${rng.pick(['NIH', 'American Heart Association', 'USPSTF'])}. ISBN ${nm('isbn', rng)}.`;
}

export function blankForms({ rng, d }: Ctx): void {
  d.l`${rng.pick(['NEW PATIENT REGISTRATION', 'DIRECT DEPOSIT ENROLLMENT', 'EMPLOYMENT APPLICATION', 'TRAVEL PROFILE'])} (form ${rng.pick(['A-12', 'HR-7', 'REG-03'])}, rev. ${someDate(rng)})`;
  d.l``;
  d.l`Full name: ______________________________`;
  d.l`Date of birth: __/__/____     Social Security No.: ___-__-____`;
  d.l`Passport or driver's license #: __________________`;
  d.l`Member ID (from your insurance card): ______________`;
  d.l`Bank routing number (9 digits): _________  Account number: ______________`;
  d.l`Password hint (do not write your password): ______________`;
  d.l``;
  d.l`Please print clearly. Fields marked * are required. Page ${rng.int(1, 3)} of ${rng.int(3, 5)}.`;
}

export function bankMarketing({ rng, d }: Ctx): void {
  d.l`${rng.pick(['Kestrel Bank', 'Prairie State Bank', 'Redwood Federal Savings'])} — rates effective ${someDate(rng)}`;
  d.l``;
  d.l`| Product | APY | Minimum |`;
  d.l`|---|---:|---:|`;
  d.l`| ${rng.int(6, 18)}-month CD | ${nm('pct', rng)} | $${nm('bign', rng)} |`;
  d.l`| High-yield savings | ${nm('pct', rng)} | $0 |`;
  d.l`| Credit card purchase APR | ${rng.int(18, 29)}.${rng.int(10, 99)}% | — |`;
  d.l``;
  d.l`Where to find your routing and account numbers: at the bottom of your checks, the 9-digit routing number comes first, then your account number, then the check number. For international wires you will also need our SWIFT code, shown in online banking. Never share your password or one-time codes; we will never ask for them.`;
  d.l``;
  d.l`Member FDIC. Equal Housing Lender. NMLS ${rng.int(100000, 999999)}.`;
}

export function shippingNotice({ rng, d }: Ctx): void {
  d.l`Your order ${nm('orderid', rng)} has shipped! 📦`;
  d.l``;
  d.l`Carrier: ${rng.pick(['UPS', 'FedEx', 'USPS'])}`;
  d.l`Tracking: ${rng.pick([nm('ups', rng), nm('fedex', rng), nm('usps', rng)])}`;
  d.l`Estimated delivery: ${rng.pick(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])}, ${someDate(rng)} by ${rng.int(5, 9)} PM`;
  d.l`Ship-to ZIP: ${nm('zip', rng)}`;
  d.l``;
  d.l`| Item | SKU | Qty | Price |`;
  d.l`|---|---|---:|---:|`;
  for (let i = rng.int(1, 3); i > 0; i--) d.l`| ${rng.pick(['USB-C hub', 'trail shoes', 'espresso grinder', 'desk lamp'])} | ${nm('sku', rng)} | ${rng.int(1, 3)} | ${nm('price', rng)} |`;
  d.l``;
  d.l`Amazon order ${nm('amzorder', rng)} · invoice ${nm('invoice', rng)}`;
}

export function sqlSchema({ rng, d }: Ctx): void {
  d.l`-- migration ${rng.int(1, 300).toString().padStart(4, '0')}_${rng.pick(['add_patients', 'payment_methods', 'kyc_fields'])}.sql`;
  d.l`CREATE TABLE ${rng.pick(['patients', 'customers', 'applicants'])} (`;
  d.l`  id            bigserial PRIMARY KEY,`;
  d.l`  mrn           varchar(20) UNIQUE,`;
  d.l`  full_name     text NOT NULL,`;
  d.l`  dob           date,`;
  d.l`  ssn_enc       bytea,           -- AES-GCM, key in KMS`;
  d.l`  card_last4    char(4),`;
  d.l`  iban_hash     char(64),`;
  d.l`  password_hash text,            -- argon2id`;
  d.l`  created_at    timestamptz DEFAULT now()`;
  d.l`);`;
  d.l`CREATE INDEX ON ${rng.pick(['patients', 'customers'])} (mrn);`;
  d.l`COMMENT ON COLUMN customers.dob IS 'date of birth, ISO 8601';`;
  d.l`INSERT INTO schema_migrations (version, applied_at) VALUES ('${rng.int(20230101, 20251231)}${rng.digits(6)}', '${isoTs(rng)}');`;
}

export function featureTicket({ rng, d }: Ctx): void {
  d.l`${jiraKey(rng)}: ${rng.pick(['Mask SSNs in the CSV export', 'Validate IBAN checksum on payout form', 'Rotate API keys every 90 days', 'Store DOB as date, not string'])}`;
  d.l`Type: Story · Points: ${rng.pick([1, 2, 3, 5, 8])} · Sprint ${rng.int(40, 99)} (${someDate(rng)} – ${someDate(rng)})`;
  d.l``;
  d.l`*Acceptance criteria*`;
  d.l`- SSN shown as \`***-**-####\` everywhere except the admin view`;
  d.l`- IBAN accepted with or without spaces, max 34 characters, mod-97 checked`;
  d.l`- routing numbers must be 9 digits and pass the ABA checksum`;
  d.l`- passwords never logged, even at debug level`;
  d.l``;
  d.l`Linked: ${jiraKey(rng)}, PR #${rng.int(100, 9999)} (${sha(rng, 7)})`;
}

export function stackNoCreds({ rng, d }: Ctx): void {
  const t = rng.int(0, 2);
  if (t === 0) {
    d.l`Error: connect ECONNREFUSED 127.0.0.1:${nm('port', rng)}`;
    d.l`    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:${rng.int(1000, 1700)}:${rng.int(10, 20)}) {`;
    d.l`  errno: -111, code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: ${nm('port', rng)}`;
    d.l`}`;
    d.l`(using DATABASE_URL=postgres://app@db:5432/orders, password from PGPASSFILE)`;
  } else if (t === 1) {
    d.l`Exception in thread "pool-${rng.int(1, 9)}-thread-${rng.int(1, 40)}" java.lang.OutOfMemoryError: Java heap space`;
    d.l`\tat java.util.Arrays.copyOf(Arrays.java:${rng.int(3000, 3800)})`;
    d.l`\tat com.fernway.export.CsvWriter.flush(CsvWriter.java:${rng.int(40, 200)})`;
    d.l`\tat java.lang.Thread.run(Thread.java:${rng.int(700, 900)})`;
    d.l`heap dump: /tmp/java_pid${rng.int(1000, 99999)}.hprof (${rng.int(512, 4096)} MB), request ${uuid(rng)}`;
  } else {
    d.l`thread 'tokio-runtime-worker' panicked at src/ingest.rs:${rng.int(10, 400)}:${rng.int(5, 60)}:`;
    d.l`called \`Result::unwrap()\` on an \`Err\` value: Timeout { elapsed: ${rng.int(1, 30)}s }`;
    d.l`   0: 0x${nm('memaddr', rng)} - std::backtrace_rs::backtrace::libunwind::trace`;
    d.l`   1: 0x${nm('memaddr', rng)} - ingest::worker::run`;
    d.l`note: run with \`RUST_BACKTRACE=full\` for a verbose backtrace.`;
  }
}

export function inventoryTsv({ rng, d }: Ctx): void {
  d.l`sku\tean\tdescription\tqty\tunit_price\twarehouse_zip\tupdated`;
  for (let i = rng.int(3, 7); i > 0; i--) d.l`${nm('sku', rng)}\t${nm('ean', rng)}\t${rng.pick(['hex bolts M6', 'cable ties 200mm', 'label roll 4x6', 'pallet wrap', 'nitrile gloves L'])}\t${rng.int(0, 5000)}\t${nm('price', rng)}\t${nm('zip', rng)}\t${isoTs(rng)}`;
}

export function qaReport({ rng, d }: Ctx): void {
  d.l`QA run ${uuid(rng)} — input validation (${someDate(rng)})`;
  d.l``;
  d.l`| field | input | expected | result |`;
  d.l`|---|---|---|---|`;
  d.l`| card number | ${nm('badcard', rng)} | reject (Luhn) | ✅ rejected |`;
  d.l`| SSN | ${nm('badssn', rng)} | reject (SSA rules) | ✅ rejected |`;
  d.l`| IBAN | ${nm('badiban', rng)} | reject (mod-97) | ✅ rejected |`;
  d.l`| NPI | ${nm('badnpi', rng)} | reject (check digit) | ✅ rejected |`;
  d.l`| DEA | ${nm('baddea', rng)} | reject (check digit) | ✅ rejected |`;
  d.l`| BTC address | ${nm('badbtc', rng)} | reject (checksum) | ${rng.pick(['✅ rejected', '❌ accepted (bug ' + jiraKey(rng) + ')'])} |`;
  d.l``;
  d.l`${rng.int(40, 300)} cases, ${rng.int(0, 3)} failures, duration ${nm('ms', rng)} ms. Build ${sha(rng, 10)}.`;
}

export function metricsTable({ rng, d }: Ctx): void {
  d.l`### Load test ${someDate(rng)} — ${rng.pick(['checkout-api', 'ledger', 'search'])} ${nm('vsemver', rng)}`;
  d.l``;
  d.l`| endpoint | rps | p50 ms | p99 ms | errors |`;
  d.l`|---|---:|---:|---:|---:|`;
  for (const e of rng.shuffle(['/v1/check', '/v1/orders', '/healthz', '/v1/refunds']).slice(0, 3)) d.l`| ${e} | ${rng.int(100, 9000)} | ${rng.int(1, 40)} | ${rng.int(20, 900)} | ${nm('pct', rng)} |`;
  d.l``;
  d.l`Client: Windows ${nm('ver4', rng)}, Node ${nm('vsemver', rng)}; ${rng.int(2, 64)} cores; run id ${rng.int(100000, 999999)}.`;
}

/**
 * A runbook written against documentation and loopback addresses (as vendors' runbooks are), with
 * private CIDR routes: networks, not hosts, so unlabelled. It tests look-alikes and stays benign;
 * a private host address would be a labelled value (docs/accuracy.md).
 */
export function networkRunbook({ rng, d }: Ctx): void {
  d.l`# Runbook: ${rng.pick(['VPN split tunnel', 'office firewall', 'staging VPC peering'])}`;
  d.l``;
  d.l`1. Check the gateway at ${unlabelledIp(rng)} responds (\`ping -c 3\`).`;
  d.l`2. Routes: ${rng.pick(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'])} via tun0; everything else via eth0.`;
  d.l`3. DNS: ${unlabelledIp(rng)} then ${unlabelledIp(rng)}.`;
  d.l`4. Example in the vendor docs uses ${rng.pick(['192.0.2.1', '198.51.100.23', '203.0.113.9'])} as the peer; ours is in the vault, not here.`;
  d.l`5. Ports: ${nm('port', rng)}/tcp, ${rng.pick([500, 4500, 1194])}/udp. MTU ${rng.pick([1380, 1420, 1500])}.`;
  d.l``;
  d.l`Firmware ${nm('ver4', rng)} · last reviewed ${someDate(rng)} at ${hhmm(rng)}.`;
}

export function terraformPlan({ rng, d }: Ctx): void {
  const acct = nm('awsacct', rng);
  d.l`Terraform will perform the following actions:`;
  d.l``;
  d.l`  # aws_iam_role.ci will be created`;
  d.l`  + resource "aws_iam_role" "ci" {`;
  d.l`      + arn                = "arn:aws:iam::${acct}:role/ci-deployer"`;
  d.l`      + assume_role_policy = jsonencode({ Principal = { AWS = "arn:aws:iam::${acct}:root" } })`;
  d.l`      + id                 = (known after apply)`;
  d.l`    }`;
  d.l``;
  d.l`  # aws_instance.bastion will be updated in-place`;
  d.l`  ~ resource "aws_instance" "bastion" {`;
  d.l`        id            = "i-0${hex(rng, 16)}"`;
  d.l`      ~ ami           = "ami-0${hex(rng, 16)}" -> "ami-0${hex(rng, 16)}"`;
  d.l`        subnet_id     = "subnet-0${hex(rng, 16)}"`;
  d.l`    }`;
  d.l``;
  d.l`Plan: 1 to add, 1 to change, 0 to destroy. (account ${acct})`;
}

export function meetingNotes({ rng, d }: Ctx): void {
  d.l`# ${rng.pick(['Weekly ops sync', 'Incident review', 'Q3 planning'])} — ${someDate(rng)}`;
  d.l`Room ${nm('room', rng)} / Zoom meeting ID ${rng.int(800, 999)} ${rng.digits(4)} ${rng.digits(4)}`;
  d.l``;
  d.l`- Incident ${jiraKey(rng)}: root cause was an expired TLS cert; MTTR ${rng.int(10, 200)} min.`;
  d.l`- Budget: ${money(rng)} approved for ${rng.pick(['observability', 'backups', 'the DLP rollout'])}.`;
  d.l`- Next review ${rng.pick(['Mon', 'Thu'])} ${hhmm(rng)}; @${rng.pick(['platform', 'sec', 'payments'])} to own follow-ups.`;
  d.l`- Reminder: password rotation for shared accounts is due by ${someDate(rng)} (use the vault, never chat).`;
}

export function cryptoNews({ rng, d }: Ctx): void {
  d.l`Block ${rng.int(18_000_000, 21_000_000).toLocaleString('en-US')} finalized · base fee ${rng.int(3, 90)} gwei`;
  d.l`Largest transfer: ${rng.int(100, 90000)} ETH in tx ${nm('txhash', rng)}`;
  d.l`Bitcoin height ${rng.int(800000, 900000)}, hashrate ${rng.int(400, 900)} EH/s, mempool ${nm('bign', rng)} tx.`;
  d.l`IPFS snapshot: ${nm('cid', rng)}`;
  d.l`Reminder: never share your seed phrase or private key. A valid address has a checksum; this one from the phishing email does not: ${nm('badbtc', rng)}.`;
}

export function labRanges({ rng, d }: Ctx): void {
  d.l`Reference ranges (adult) — lab manual ${nm('vsemver', rng)}`;
  d.l``;
  d.l`| test | range | units |`;
  d.l`|---|---|---|`;
  d.l`| HbA1c | 4.0–5.6 | % |`;
  d.l`| LDL cholesterol | < 100 | mg/dL |`;
  d.l`| TSH | 0.4–4.0 | mIU/L |`;
  d.l`| eGFR | > 90 | mL/min/1.73m² |`;
  d.l``;
  d.l`Values in ${rng.pick(['bold', 'red'])} are flagged. Patients on warfarin need INR monitoring; metformin is held before contrast CT when eGFR < 30.`;
}

export function slackBenign({ rng, d }: Ctx): void {
  const hs = ['tpham', 'jules', 'nk', 'rafa', 'oncall-2'];
  const say = (s: string) => d.l`[${hhmm(rng)}] <${rng.pick(hs)}> ${s}`;
  say(`deploying ${sha(rng, 7)} to prod 🚀`);
  say(rng.pick([`p99 is ${rng.int(100, 900)}ms, was ${rng.int(80, 300)} yesterday`, `error rate ${nm('pct', rng)} after the deploy`, `canary looks fine`]));
  say(rng.pick([`rollback to ${nm('vsemver', rng)}?`, `nah its the cache warming`, `see ${jiraKey(rng)}`]));
  say(rng.pick(['ok ty', '👍', 'lgtm', 'ship it']));
  if (rng.chance(0.5)) say(`reminder: dont paste tokens or passwords here, use 1password`);
}

export function codeEnvRefs({ rng, d }: Ctx): void {
  if (rng.chance(0.5)) {
    d.l`import os`;
    d.l`import boto3`;
    d.l``;
    d.l`STRIPE_KEY = os.environ["STRIPE_KEY"]`;
    d.l`DB_PASSWORD = os.getenv("DB_PASSWORD")`;
    d.l`secret = boto3.client("secretsmanager").get_secret_value(SecretId="prod/${rng.pick(['db', 'stripe', 'openai'])}")["SecretString"]`;
    d.l`token_count = ${rng.int(100, 9000)}`;
    d.l`max_tokens = ${rng.pick([256, 4096])}`;
  } else {
    d.l`const apiKey = process.env.OPENAI_API_KEY ?? '';`;
    d.l`const password = await vault.read('secret/data/${rng.pick(['db', 'smtp'])}').then((r) => r.data.password);`;
    d.l`const idempotencyKey = '${uuid(rng)}';`;
    d.l`const routing_key = 'orders.created.v${rng.int(1, 3)}';`;
    d.l`if (!apiKey) throw new Error('OPENAI_API_KEY is not set');`;
  }
}

export function dataUri({ rng, d }: Ctx): void {
  d.l`.logo {`;
  d.l`  background: #${hex(rng, 6)} url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA${nm('b64blob', rng)}") no-repeat;`;
  d.l`  color: #${hex(rng, 6)};`;
  d.l`}`;
  d.l`@font-face { font-family: Inter; src: url(/fonts/inter.${hex(rng, 8)}.woff2) format("woff2"); }`;
  d.l`/* build ${nm('epochms', rng)} */`;
}

export function redactedLog({ rng, d }: Ctx): void {
  for (let i = rng.int(3, 6); i > 0; i--) {
    d.l`${isoTs(rng)} INFO ${rng.pick(['payment.authorized card=************' + rng.digits(4), 'kyc.checked ssn=***-**-' + rng.digits(4), 'login.ok user=u_' + b62(rng, 8) + ' password=[REDACTED]', 'http.request Authorization: Bearer ***', 'payout.created iban=****' + rng.digits(4) + ' bic=[masked]'])} req=${uuid(rng)}`;
  }
}

export function timeSeriesCsv({ rng, d }: Ctx): void {
  d.l`ts_ms,device,reading,unit,batch`;
  for (let i = rng.int(4, 8); i > 0; i--) d.l`${nm('epochms', rng)},${uuid(rng)},${rng.int(0, 400)}.${rng.digits(2)},${rng.pick(['kPa', 'C', 'rpm'])},${nm('jobid', rng)}`;
}

export function bibliography({ rng, d }: Ctx): void {
  d.l`## References`;
  for (let i = 1; i <= rng.int(2, 4); i++) d.l`${i}. ${rng.pick(['Designing Data-Intensive Applications', 'Site Reliability Engineering', 'Security Engineering', 'The Practice of Cloud System Administration'])}. ${rng.pick(["O'Reilly", 'Wiley', 'Addison-Wesley'])}, ${rng.int(2010, 2024)}. ISBN ${nm('isbn', rng)}. doi:10.${rng.int(1000, 9999)}/${b62(rng, 8)}`;
}

export const BENIGN_KINDS = {
  releaseNotes, lockfile, composePlaceholders, k8sNoSecrets, envExample, apiDocs, healthArticle, blankForms, bankMarketing, shippingNotice,
  sqlSchema, featureTicket, stackNoCreds, inventoryTsv, qaReport, metricsTable, networkRunbook, terraformPlan, meetingNotes, cryptoNews,
  labRanges, slackBenign, codeEnvRefs, dataUri, redactedLog, timeSeriesCsv, bibliography,
};
