// Benign documents: no person, no credential, no account, but full of what looks like one:
// digests, ids, versions, tracking numbers, masked or placeholder secrets, loopback and documentation
// addresses, private CIDR networks, public identifiers of companies and securities, clinical words
// about no one. A private host address is a labelled value (docs/accuracy.md), so none is written here.
import type { Render } from '../holdout/doc.js';
import {
  amazonOrder, amount, arn, awsAccountId, cve, docIp, ean13, epochMs, imageDigest, isbn13, isoTimestamp, mavenCoord, maskedSecret, npmIntegrity,
  loopbackIp, percent, podName, semver, sha1, sha256, shortSha, slackChannelId, sshFingerprint, stripeObjectId, ticketId, tracking, uuid,
} from './lookalikes.js';

const releaseNotes: Render = ({ rng: r, d }) => {
  d.l`## v${semver(r)} (${isoTimestamp(r).slice(0, 10)})`;
  d.l``;
  d.l`### Security`;
  d.l`- Bump \`${mavenCoord(r)}\` to address ${cve(r)} and ${cve(r)}.`;
  d.l`- Rotate the signing key fingerprint to \`${sshFingerprint(r)}\` (public key in docs/keys/).`;
  d.l`### Fixes`;
  for (let i = r.int(3, 6); i > 0; i--) d.l`- ${r.pick(['Retry idempotent requests', 'Fix pagination cursor', 'Handle empty CSV rows', 'Reduce cold start by 40%'])} (#${r.int(1000, 9999)}, ${shortSha(r)})`;
  d.l``;
  d.l`Full changelog: https://github.com/acme/api/compare/${sha1(r)}...${sha1(r)}`;
  d.l`Docker: \`ghcr.io/acme/api@${imageDigest(r)}\``;
};

const maskedCiLog: Render = ({ rng: r, d }) => {
  const t = () => isoTimestamp(r, 2025).replace('Z', '0000Z');
  d.l`${t()} ##[group]Run ./deploy.sh`;
  d.l`${t()} env:`;
  d.l`${t()}   AWS_ACCESS_KEY_ID: ***`;
  d.l`${t()}   AWS_SECRET_ACCESS_KEY: ***`;
  d.l`${t()}   DEPLOY_TOKEN: ${maskedSecret(r)}`;
  d.l`${t()}   AWS_ROLE: ${arn(r)}`;
  d.l`${t()} ##[endgroup]`;
  d.l`${t()} Assumed role in account ${awsAccountId(r)} (session ${uuid(r)})`;
  d.l`${t()} #7 [build 3/6] RUN npm ci`;
  d.l`${t()} #7 DONE ${r.int(5, 90)}.${r.digits(1)}s`;
  d.l`${t()} #12 exporting layers sha256:${sha256(r)} done`;
  d.l`${t()} #12 writing image ${imageDigest(r)} done`;
  d.l`${t()} pushed ${r.pick(['api', 'worker', 'web'])}:${semver(r)} digest: ${imageDigest(r)}`;
  d.l`${t()} resolved ${npmIntegrity(r)}`;
  d.l`${t()} Build ${r.int(1000, 99999)} finished in ${r.int(60, 900)}s (cache hit ${percent(r)})`;
};

const k8sNoSecrets: Render = ({ rng: r, d }) => {
  const app = r.pick(['orders', 'search', 'ledger']);
  d.l`apiVersion: apps/v1`;
  d.l`kind: Deployment`;
  d.l`metadata: { name: ${app}, labels: { app: ${app}, version: "${semver(r)}" } }`;
  d.l`spec:`;
  d.l`  template:`;
  d.l`    spec:`;
  d.l`      containers:`;
  d.l`        - name: ${app}`;
  d.l`          image: registry.internal/${app}@${imageDigest(r)}`;
  d.l`          env:`;
  d.l`            - name: DB_PASSWORD`;
  d.l`              valueFrom: { secretKeyRef: { name: ${app}-db, key: password } }`;
  d.l`            - name: DATABASE_URL`;
  d.l`              value: "postgres://$(DB_USER):$(DB_PASSWORD)@${app}-pg:5432/${app}"`;
  // Redis as a sidecar in the same pod: loopback, not a private address (which would be a labelled value).
  d.l`            - name: REDIS_HOST`;
  d.l`              value: ${loopbackIp(r)}`;
  d.l`# Running pods: ${podName(r, app)}, ${podName(r, app)}`;
  d.l`# kubectl get events: ${r.int(2, 40)} Normal Scheduled, uid ${uuid(r)}`;
};

const terraformVariables: Render = ({ rng: r, d }) => {
  d.l`variable "db_password" {`;
  d.l`  type      = string`;
  d.l`  sensitive = true`;
  d.l`}`;
  d.l``;
  d.l`variable "api_token" {`;
  d.l`  description = "Set via TF_VAR_api_token in CI; never commit a value."`;
  d.l`  type        = string`;
  d.l`}`;
  d.l``;
  d.l`resource "aws_db_instance" "main" {`;
  d.l`  identifier = "main-${r.chars('abcdefghijklmnopqrstuvwxyz', 6)}"`;
  d.l`  password   = var.db_password`;
  d.l`  kms_key_id = "arn:aws:kms:us-east-1:${awsAccountId(r)}:key/${uuid(r)}"`;
  d.l`}`;
  d.l``;
  d.l`resource "aws_security_group_rule" "vpc" {`;
  d.l`  cidr_blocks = ["10.${r.int(0, 255)}.0.0/16", "${docIp(r)}/32"]`;
  d.l`}`;
};

const apiQuickstart: Render = ({ rng: r, d }) => {
  d.l`# Quickstart`;
  d.l``;
  d.l`1. Create a key in the dashboard and export it. Never paste a real key into an issue.`;
  d.l``;
  d.l`\`\`\`bash`;
  d.l`export OPENAI_API_KEY="<your-api-key>"`;
  d.l`export ANTHROPIC_API_KEY=sk-ant-...`;
  d.l`export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE`;
  d.l`export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`;
  d.l`export SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX`;
  d.l`export DATABASE_URL="postgres://\${PGUSER}:\${PGPASSWORD}@localhost:5432/app"`;
  d.l`\`\`\``;
  d.l``;
  d.l`2. Call the API (the example server listens on ${docIp(r)}):`;
  d.l``;
  d.l`\`\`\`bash`;
  d.l`curl -H "Authorization: Bearer $OPENAI_API_KEY" https://api.example.com/v1/items/${uuid(r)}`;
  d.l`\`\`\``;
  d.l``;
  d.l`Responses carry a request id such as \`req_${r.chars('abcdefghijklmnopqrstuvwxyz0123456789', 24)}\` and objects such as \`${stripeObjectId(r)}\`. Rate limit: ${r.int(60, 600)} requests/min.`;
};

const shippingUpdate: Render = ({ rng: r, d }) => {
  const n = tracking(r);
  d.l`Tracking ${n}`;
  d.l`Order ${amazonOrder(r)} · Package 1 of ${r.int(1, 3)}`;
  for (let i = r.int(3, 6); i > 0; i--) {
    d.l`${isoTimestamp(r).slice(0, 16).replace('T', ' ')}  ${r.pick(['Departed facility', 'Arrived at facility', 'Out for delivery', 'In transit', 'Label created'])}  ${r.pick(['LOUISVILLE, KY', 'MEMPHIS, TN', 'ONTARIO, CA', 'NEWARK, NJ', 'DALLAS, TX'])}`;
  }
  d.l`Weight ${r.int(1, 40)}.${r.digits(1)} lb · Service ${r.pick(['Ground', '2nd Day Air', 'Priority Mail'])} · Ref ${ticketId(r)}`;
};

const productCatalog: Render = ({ rng: r, d }) => {
  d.l`sku,title,isbn13,ean,price_usd,stock,updated_ms`;
  for (let i = r.int(4, 8); i > 0; i--) {
    d.l`${r.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 3)}-${r.digits(6)},"${r.pick(['Field Guide to Birds', 'Intro to Statistics', 'Sourdough at Home', 'Rust in Action', 'The Night Circus'])}",${isbn13(r)},${ean13(r)},${amount(r, 80)},${r.int(0, 900)},${epochMs(r)}`;
  }
};

const clinicalReference: Render = ({ rng: r, d }) => {
  d.l`Reference ranges (adult, fasting) — laboratory handbook rev. ${semver(r)}`;
  d.l`Hemoglobin A1c: 4.8-5.6%. Diabetes is diagnosed at 6.5% or higher on two tests.`;
  d.l`LDL cholesterol: below 100 mg/dL; patients on atorvastatin are usually rechecked after 6-12 weeks.`;
  d.l`TSH: 0.45-4.5 uIU/mL. Hypothyroidism is common in women over 60; levothyroxine doses are adjusted every 6-8 weeks.`;
  d.l`eGFR below 60 mL/min/1.73m² for three months suggests chronic kidney disease.`;
  d.l`Specimen stability: ${r.int(2, 8)} days refrigerated. Catalogue code ${r.int(10000, 99999)}-${r.int(1, 9)}.`;
};

/** Prometheus alerting on a target it scrapes over loopback (itself, Alertmanager, the node exporter). */
const alertPayload: Render = ({ rng: r, d }) => {
  const app = r.pick(['checkout', 'search', 'ingest']);
  d.l`{"receiver":"oncall","status":"firing","alerts":[{"labels":{"alertname":"HighErrorRate","pod":"${podName(r, app)}","namespace":"prod","instance":"${loopbackIp(r)}:${r.pick([9090, 9093, 9100])}"},"annotations":{"summary":"5xx rate ${percent(r)} over 5m","runbook":"https://runbooks.internal/${app}"},"startsAt":"${isoTimestamp(r)}","fingerprint":"${r.chars('0123456789abcdef', 16)}"}],"groupKey":"{}:{alertname=\\"HighErrorRate\\"}","truncatedAlerts":0,"externalURL":"http://alertmanager:9093","version":"4"}`;
  d.l`Slack: posted to ${slackChannelId(r)} as ts ${epochMs(r).slice(0, 10)}.${r.digits(6)}`;
};

const schemaMigration: Render = ({ rng: r, d }) => {
  d.l`-- ${isoTimestamp(r).slice(0, 10).replace(/-/g, '')}${r.digits(6)}_create_customers.sql`;
  d.l`CREATE TABLE customers (`;
  d.l`  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),`;
  d.l`  full_name     text NOT NULL,`;
  d.l`  email         citext UNIQUE NOT NULL,`;
  d.l`  phone         text,`;
  d.l`  ssn_encrypted bytea,          -- never store an SSN in clear`;
  d.l`  card_last4    char(4),`;
  d.l`  iban_hash     char(64),`;
  d.l`  date_of_birth date,`;
  d.l`  created_at    timestamptz NOT NULL DEFAULT now()`;
  d.l`);`;
  d.l`CREATE INDEX customers_email_idx ON customers (email);`;
  d.l`COMMENT ON COLUMN customers.password_hash IS 'argon2id, m=${r.pick([19456, 65536])}, t=2, p=1';`;
};

const earningsSummary: Render = ({ rng: r, d }) => {
  d.l`Q${r.int(1, 4)} FY${r.int(2023, 2025)} results (unaudited), USD millions`;
  d.l`Revenue ${r.int(100, 9000)}.${r.digits(1)} (+${percent(r)} y/y); operating margin ${percent(r)}.`;
  d.l`Holdings: Apple Inc. (CUSIP 037833100), Microsoft Corp. (CUSIP 594918104), Amazon.com Inc. (CUSIP 023135106).`;
  d.l`Share count ${r.int(100, 900)},${r.digits(3)},${r.digits(3)}; dividend $0.${r.digits(2)} payable ${r.int(1, 12)}/${r.int(1, 28)}/2025 to holders of record.`;
  d.l`Guidance: ${r.int(1, 9)},${r.digits(3)}-${r.int(1, 9)},${r.digits(3)} for the year. Next call ${isoTimestamp(r).slice(0, 10)} 16:30 ET.`;
};

const trainTimetable: Render = ({ rng: r, d }) => {
  d.l`Fahrplan ${r.pick(['Berlin Hbf → München Hbf', 'Köln Hbf → Hamburg Hbf', 'Frankfurt(Main)Hbf → Zürich HB'])} — gültig ab ${r.int(1, 28)}.${r.int(1, 12)}.2025`;
  for (let i = r.int(4, 7); i > 0; i--) {
    d.l`${r.pick(['ICE', 'IC', 'EC'])} ${r.int(100, 1999)}   ab ${String(r.int(5, 22)).padStart(2, '0')}:${r.pick(['04', '17', '30', '52'])}  Gl. ${r.int(1, 14)}   an ${String(r.int(6, 23)).padStart(2, '0')}:${r.pick(['11', '26', '48'])}   ${r.pick(['Bordrestaurant', 'Fahrradmitnahme reservierungspflichtig', 'WLAN'])}`;
  }
  d.l`Sparpreis ab ${r.int(17, 60)},${r.pick(['99', '90'])} € · Auftragsnummer-Beispiel: ${r.chars('ABCDEFGHJKLMNPQRSTUVWXYZ', 6)}`;
};

/** A support queue's weekly digest: ticket, order and RMA numbers that look like phone numbers, durations, rates. */
const queueDigest: Render = ({ rng: r, d }) => {
  d.l`Support queue — week ${r.int(1, 52)} digest`;
  d.l`Opened ${r.int(300, 2000)} · solved ${r.int(300, 2000)} · median first reply 00:${String(r.int(2, 59)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')} · CSAT ${percent(r)}`;
  d.l``;
  d.l`Oldest open:`;
  for (let i = r.int(3, 5); i > 0; i--) d.l`  ${ticketId(r)}  order ${amazonOrder(r)}  RMA ${r.int(10, 99)}-${r.digits(3)}-${r.digits(5)}  waiting ${r.int(2, 19)}d  tag:${r.pick(['refund', 'carrier', 'warranty'])}`;
  d.l``;
  d.l`Macro usage: "Where is my order" ${r.int(50, 400)}×, "Reset password" ${r.int(20, 300)}×, "Card declined" ${r.int(10, 200)}×.`;
  d.l`Callback line capacity: ${r.int(2, 9)} agents, SLA ${r.int(1, 4)}h. Next review ${isoTimestamp(r).slice(0, 10)}.`;
};

/** An accounts-payable run between companies: invoice and PO numbers, amounts, tax rates, no people. */
const invoiceRun: Render = ({ rng: r, d }) => {
  d.l`AP payment run ${isoTimestamp(r).slice(0, 10)} — batch ${r.int(1000, 9999)}`;
  d.l`invoice_no,po_no,vendor,net,vat_rate,gross,due`;
  for (let i = r.int(4, 7); i > 0; i--) {
    d.l`INV-${r.int(2024, 2025)}-${r.digits(6)},PO${r.digits(8)},${r.pick(['Staples Inc.', 'Cintas Corp', 'Grainger', 'Dell Technologies', 'Atlassian'])},${amount(r, 20000)},${r.pick(['0%', '7%', '19%', '20%'])},${amount(r, 24000)},${r.int(1, 12)}/${r.int(1, 28)}/2025`;
  }
  d.l`Total ${amount(r, 90000)} USD across ${r.int(4, 7)} invoices; remittance advice id ${uuid(r)}.`;
};

/** A Japanese product sheet: JAN (EAN-13) codes, model numbers, dimensions. */
const productSheetJa: Render = ({ rng: r, d }) => {
  d.l`製品仕様書 — ${r.pick(['電気ケトル', 'ワイヤレスイヤホン', 'LEDデスクライト'])}`;
  d.l`型番: ${r.pick(['KX', 'HP', 'LD'])}-${r.int(1000, 9999)}${r.pick(['A', 'B', 'W'])}`;
  d.l`JANコード: ${ean13(r)}`;
  d.l`定格: AC100V ${r.int(10, 1200)}W  質量: 約${r.int(100, 2000)}g  寸法: ${r.int(50, 300)}×${r.int(50, 300)}×${r.int(20, 200)}mm`;
  d.l`発売日: ${r.int(2023, 2025)}年${r.int(1, 12)}月${r.int(1, 28)}日  希望小売価格: ${r.int(1980, 29800).toLocaleString('en-US')}円（税込）`;
  d.l`ファームウェア: v${semver(r)}  ビルド ${shortSha(r)}`;
};

export const BENIGN_KINDS: Readonly<Record<string, Render>> = {
  releaseNotes, maskedCiLog, k8sNoSecrets, terraformVariables, apiQuickstart, shippingUpdate, productCatalog,
  clinicalReference, alertPayload, schemaMigration, earningsSummary, trainTimetable, queueDigest, invoiceRun, productSheetJa,
};
