// Code and operations: Python/JS/Go source with hardcoded credentials, shell history, curl
// commands, stack traces, SQL INSERTs, web server access logs, Jupyter notebooks.
import type { Rng } from '../corpus/rng.js';
import { v, type Ctx, type V } from './doc.js';
import { mk } from './make.js';
import { b62, dob, hex, isoTs, person, phone, sha, uuid, type Who } from './values.js';

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function pythonSource({ rng, d }: Ctx): void {
  d.l`# ${rng.pick(['etl/sync_invoices.py', 'scripts/backfill.py', 'bot/main.py', 'notebooks/export.py'])}`;
  d.l`import os`;
  d.l`import logging`;
  const parts: (() => void)[] = [
    () => {
      d.l`import boto3`;
      d.l``;
      d.l`s3 = boto3.client(`;
      d.l`    "s3",`;
      d.l`    aws_access_key_id="${mk.awsId(rng)}",`;
      d.l`    aws_secret_access_key="${mk.awsSecret(rng)}",  # FIXME use the role`;
      d.l`)`;
    },
    () => {
      d.l`import psycopg2`;
      d.l``;
      d.l`conn = psycopg2.connect(host="${rng.pick(['db.internal', 'localhost', 'pg-reports'])}", dbname="${rng.pick(['billing', 'crm'])}", user="${rng.pick(['etl', 'report'])}", password="${mk.pw(rng)}")`;
    },
    () => {
      d.l`from sqlalchemy import create_engine`;
      d.l``;
      d.l`engine = create_engine("${v('CONNECTION_STRING', `postgresql+psycopg2://${rng.pick(['etl', 'app'])}:${b62(rng, 14)}@${rng.pick(['db.internal', 'analytics.cz8k2lq0xj.eu-west-1.rds.amazonaws.com'])}:5432/${rng.pick(['warehouse', 'crm'])}`)}", pool_pre_ping=True)`;
    },
    () => {
      d.l`from slack_sdk import WebClient`;
      d.l``;
      d.l`client = WebClient(token="${mk.slack(rng)}")`;
    },
    () => {
      d.l`from openai import OpenAI`;
      d.l``;
      d.l`client = OpenAI(api_key="${mk.openai(rng)}")`;
      d.l`resp = client.chat.completions.create(model="gpt-4o-mini", messages=msgs, max_tokens=${rng.pick([256, 1024])})`;
    },
    () => {
      d.l`import googlemaps`;
      d.l``;
      d.l`gmaps = googlemaps.Client(key="${mk.google(rng)}")`;
    },
    () => {
      d.l`import anthropic`;
      d.l``;
      d.l`client = anthropic.Anthropic(api_key='${mk.anthropic(rng)}')`;
    },
    () => {
      d.l`# settings.py`;
      d.l`SECRET_KEY = '${v('GENERIC_SECRET', `django-insecure-${rng.chars('abcdefghijklmnopqrstuvwxyz0123456789!@#%^&*(-_=+)', 50)}`)}'`;
      d.l`DEBUG = False`;
    },
    () => {
      d.l`import requests`;
      d.l``;
      d.l`HEADERS = {"Authorization": "Bearer ${mk.jwt(rng)}"}`;
      d.l`r = requests.get("https://api.${rng.pick(['tallgrass.io', 'fernway.dev'])}/v2/orders", headers=HEADERS, timeout=10)`;
    },
    () => {
      d.l`STRIPE_KEY = os.getenv("STRIPE_KEY", "${mk.stripe(rng)}")  # fallback for local runs`;
    },
  ];
  for (const f of rng.shuffle(parts).slice(0, rng.int(1, 3))) {
    f();
    d.l``;
  }
  d.l`log = logging.getLogger(__name__)`;
}

export function jsSource({ rng, d }: Ctx): void {
  d.l`// ${rng.pick(['src/lib/clients.js', 'server/index.ts', 'config/firebase.js', 'api/payments.mjs'])}`;
  const parts: (() => void)[] = [
    () => d.l`const stripe = require('stripe')('${mk.stripe(rng)}');`,
    () => {
      d.l`const firebaseConfig = {`;
      d.l`  apiKey: "${mk.google(rng)}",`;
      d.l`  authDomain: "${rng.pick(['fernway-prod', 'quill-app'])}.firebaseapp.com",`;
      d.l`  projectId: "${rng.pick(['fernway-prod', 'quill-app'])}",`;
      d.l`  appId: "1:${rng.digits(12)}:web:${hex(rng, 22)}",`;
      d.l`};`;
    },
    () => d.l`await mongoose.connect('${mk.conn(rng, 'mongodb')}');`,
    () => d.l`const anthropic = new Anthropic({ apiKey: '${mk.anthropic(rng)}' });`,
    () => d.l`const res = await fetch(PREFLIGHT_URL + '/v1/check', { method: 'POST', headers: { 'X-Api-Key': '${mk.svc(rng)}', 'Content-Type': 'application/json' }, body });`,
    () => d.l`export const JWT_SECRET = process.env.JWT_SECRET || '${mk.secret(rng)}';`,
    () => d.l`const web = new WebClient(process.env.SLACK_TOKEN || '${mk.slack(rng)}');`,
    () => d.l`const octokit = new Octokit({ auth: \`${mk.github(rng)}\` });`,
    () => {
      d.l`// TODO: load from KMS`;
      d.l`const privateKey = \`${mk.pem(rng)}\`;`;
      d.l`const token = jwt.sign(claims, privateKey, { algorithm: 'RS256' });`;
    },
    () => d.l`const redis = new Redis("${mk.conn(rng, 'redis')}");`,
  ];
  for (const f of rng.shuffle(parts).slice(0, rng.int(1, 3))) f();
  d.l``;
  d.l`export default { timeoutMs: ${rng.pick([3000, 10000, 30000])}, retries: ${rng.int(0, 5)} };`;
}

export function goSource({ rng, d }: Ctx): void {
  d.l`package ${rng.pick(['main', 'store', 'billing'])}`;
  d.l``;
  d.l`import (`;
  d.l`\t"database/sql"`;
  d.l`\t"net/http"`;
  d.l`)`;
  d.l``;
  const parts: (() => void)[] = [
    () => {
      d.l`const dsn = "${mk.conn(rng, rng.pick(['postgres', 'mysql'] as const))}"`;
      d.l``;
      d.l`func open() (*sql.DB, error) { return sql.Open("postgres", dsn) }`;
    },
    () => {
      d.l`var creds = credentials.NewStaticCredentialsProvider("${mk.awsId(rng)}", "${mk.awsSecret(rng)}", "")`;
    },
    () => {
      d.l`func auth(req *http.Request) {`;
      d.l`\treq.Header.Set("Authorization", "token ${mk.github(rng)}")`;
      d.l`}`;
    },
    () => d.l`var hmacKey = []byte("${mk.secret(rng)}")`,
    () => d.l`const slackHook = "${mk.hook(rng)}"`,
    () => d.l`var gitlabToken = "${mk.gitlab(rng)}" // read_api only`,
  ];
  for (const f of rng.shuffle(parts).slice(0, rng.int(1, 3))) {
    f();
    d.l``;
  }
}

export function shellHistory({ rng, d }: Ctx): void {
  let n = rng.int(200, 1900);
  const h = (...parts: (string | V)[]) => d.put(`${String(n++).padStart(5)}  `, ...parts, '\n');
  if (rng.chance(0.5)) d.l`$ history | tail -${rng.int(8, 20)}`;
  const cmds: (() => void)[] = [
    () => h(`export AWS_ACCESS_KEY_ID=`, mk.awsId(rng)),
    () => h(`export AWS_SECRET_ACCESS_KEY=`, mk.awsSecret(rng)),
    () => h(`mysql -h ${rng.pick(['db01', 'mysql-primary', '127.0.0.1'])} -u root -p`, v('PASSWORD', b62(rng, rng.int(10, 16))), ` ${rng.pick(['orders', 'crm'])}`),
    () => h(`psql "`, mk.conn(rng, 'postgres'), `" -c '\\dt'`),
    () => h(`ssh -i ~/.ssh/prod.pem ubuntu@`, mk.ip(rng)),
    () => h(`curl -s -H "Authorization: token `, mk.github(rng), `" https://api.github.com/user`),
    () => h(`git remote set-url origin https://oauth2:`, mk.gitlab(rng), `@gitlab.com/${rng.pick(['fernway', 'quill'])}/api.git`),
    () => h(`echo '`, mk.slack(rng), `' | gh secret set SLACK_TOKEN`),
    () => h(`redis-cli -h cache.internal -a '`, v('PASSWORD', b62(rng, 20)), `' FLUSHDB`),
    () => h(`export OPENAI_API_KEY=`, mk.openai(rng)),
    () => h(`export ANTHROPIC_API_KEY="`, mk.anthropic(rng), `"`),
    () => h(`htpasswd -b /etc/nginx/.htpasswd admin `, mk.pw(rng)),
    () => h(`kubectl create secret generic stripe --from-literal=key=`, mk.stripe(rng)),
    () => h(`ping -c 3 `, mk.ip(rng)),
  ];
  const filler = ['ls -la', 'cd ~/src/api', 'git status', 'git pull --rebase', 'docker ps', 'kubectl get pods -n prod', 'vim .env', 'make test', 'htop', `git checkout -b fix/${rng.int(100, 999)}`, 'npm ci', 'exit'];
  for (const f of rng.shuffle(cmds).slice(0, rng.int(2, 4))) {
    if (rng.chance(0.7)) h(rng.pick(filler));
    f();
  }
  h(rng.pick(filler));
}

export function curlCommands({ rng, d }: Ctx): void {
  d.l`${rng.pick(['## Reproduce', '# quick test', 'Repro steps (from my terminal):', '```bash'])}`;
  const cmds: (() => void)[] = [
    () => {
      d.l`curl https://api.anthropic.com/v1/messages \\`;
      d.l`  -H "x-api-key: ${mk.anthropic(rng)}" \\`;
      d.l`  -H "anthropic-version: 2023-06-01" -H "content-type: application/json" \\`;
      d.l`  -d '{"model":"claude-3-5-haiku-latest","max_tokens":256,"messages":[{"role":"user","content":"ping"}]}'`;
    },
    () => {
      d.l`curl -sS https://api.openai.com/v1/models -H "Authorization: Bearer ${mk.openai(rng)}" | jq '.data[].id'`;
    },
    () => {
      d.l`curl https://api.stripe.com/v1/refunds -u ${mk.stripe(rng)}: -d charge=ch_${b62(rng, 24)}`;
    },
    () => {
      d.l`curl -X POST -H 'Content-type: application/json' --data '{"text":"deploy done"}' ${mk.hook(rng)}`;
    },
    () => {
      d.l`curl "https://maps.googleapis.com/maps/api/geocode/json?address=1600+Amphitheatre&key=${mk.google(rng)}"`;
    },
    () => {
      d.l`curl -X POST http://localhost:8080/v1/check -H "X-Api-Key: ${mk.svc(rng)}" -d @sample.json`;
    },
    () => {
      d.l`curl -H "Authorization: Bearer ${mk.jwt(rng)}" https://api.${rng.pick(['tallgrass.io', 'fernway.dev'])}/me`;
    },
    () => {
      d.l`curl -u ${rng.pick(['admin', 'ops', 'grafana'])}:${v('PASSWORD', b62(rng, rng.int(10, 18)))} https://grafana.${rng.pick(['tallgrass.io', 'fernway.dev'])}/api/health`;
    },
    () => {
      d.l`curl --header "PRIVATE-TOKEN: ${mk.gitlab(rng)}" "https://gitlab.com/api/v4/projects/${rng.int(1000, 99999999)}/pipelines"`;
    },
    () => {
      d.l`curl -H "X-Shopify-Access-Token: ${v('GENERIC_SECRET', `shpat_${hex(rng, 32)}`)}" https://${rng.pick(['fernway', 'quill'])}.myshopify.com/admin/api/2024-07/orders.json`;
    },
  ];
  for (const f of rng.shuffle(cmds).slice(0, rng.int(1, 3))) f();
  if (rng.chance(0.4)) d.l`# -> HTTP/2 ${rng.pick([200, 401, 429, 500])}, x-request-id: ${uuid(rng)}`;
}

export function stackTrace({ rng, d }: Ctx): void {
  const t = rng.int(0, 4);
  if (t === 0) {
    const pw = b62(rng, 16);
    d.l`${isoTs(rng)} ERROR [main] o.h.engine.jdbc.spi.SqlExceptionHelper - FATAL: password authentication failed for user "app"`;
    d.l`org.postgresql.util.PSQLException: FATAL: password authentication failed for user "app"`;
    d.l`\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:${rng.int(500, 800)})`;
    d.l`\tat org.postgresql.jdbc.PgConnection.<init>(PgConnection.java:${rng.int(200, 300)})`;
    d.l`\tat com.zaxxer.hikari.pool.PoolBase.newConnection(PoolBase.java:${rng.int(300, 400)})`;
    d.l`\t... ${rng.int(10, 40)} common frames omitted`;
    d.l`Caused by: datasource url=${v('CONNECTION_STRING', `jdbc:postgresql://${rng.pick(['db-prod.internal', 'pg-ledger'])}:5432/${rng.pick(['ledger', 'orders'])}?user=app&password=${pw}`)}`;
  } else if (t === 1) {
    d.l`Traceback (most recent call last):`;
    d.l`  File "/srv/app/db.py", line ${rng.int(10, 80)}, in <module>`;
    d.l`    engine = create_engine("${mk.conn(rng, rng.pick(['postgres', 'mysql'] as const))}")`;
    d.l`  File "/usr/local/lib/python3.12/site-packages/sqlalchemy/engine/base.py", line ${rng.int(100, 3000)}, in connect`;
    d.l`sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "${rng.pick(['db.example', 'pg.internal'])}" (${mk.ip(rng)}), port 5432 failed: Connection timed out`;
    d.l`(Background on this error at: https://sqlalche.me/e/20/e3q8)`;
  } else if (t === 2) {
    d.l`MongoServerError: bad auth : authentication failed`;
    d.l`    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:${rng.int(100, 400)}:${rng.int(10, 40)})`;
    d.l`    at MessageStream.<anonymous> (/app/node_modules/mongodb/lib/cmap/connection.js:${rng.int(50, 90)}:${rng.int(10, 70)})`;
    d.l`    at process.processTicksAndRejections (node:internal/process/task_queues:95:5) {`;
    d.l`  ok: 0,`;
    d.l`  code: 8000,`;
    d.l`  codeName: 'AtlasError',`;
    d.l`  connectionString: '${mk.conn(rng, 'mongodb')}'`;
    d.l`}`;
  } else if (t === 3) {
    d.l`panic: redis: dial tcp ${mk.ip(rng)}:6379: i/o timeout`;
    d.l``;
    d.l`goroutine 1 [running]:`;
    d.l`main.mustRedis({0x${hex(rng, 6)}, 0x${rng.int(20, 90)}})`;
    d.l`\t/src/cmd/worker/main.go:${rng.int(20, 200)} +0x${hex(rng, 3)}`;
    d.l`// REDIS_URL was ${mk.conn(rng, 'redis')}`;
  } else {
    d.l`Unhandled exception. System.Data.SqlClient.SqlException (0x80131904): Login failed for user '${rng.pick(['report_ro', 'app'])}'.`;
    d.l`   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(DbConnectionPoolIdentity identity, SqlConnectionString connectionOptions)`;
    d.l`   at Reports.Program.Main(String[] args) in C:\\src\\Reports\\Program.cs:line ${rng.int(10, 90)}`;
    d.l`ClientConnectionId:${uuid(rng)}`;
    d.l`ConnectionString: ${mk.conn(rng, 'sqlserver')}`;
  }
}

function sqlPerson(rng: Rng): Who {
  for (;;) {
    const p = person(rng);
    if (!p.name.text.includes("'")) return p;
  }
}

export function sqlInsert({ rng, d }: Ctx): void {
  const t = rng.int(0, 3);
  d.l`-- ${rng.pick(['seed data copied from prod', 'fixtures/dev_seed.sql', 'migration 0042 backfill', 'dump excerpt'])}`;
  if (t === 0) {
    d.l`INSERT INTO customers (id, full_name, email, phone, ssn, date_of_birth) VALUES`;
    const n = rng.int(2, 4);
    for (let i = 0; i < n; i++) {
      const p = sqlPerson(rng);
      d.put(`  (${rng.int(1000, 99999)}, '`, p.name, `', '`, p.email(), `', '`, phone(rng), `', '`, mk.ssn(rng), `', '`, dob(rng, 'iso'), `')${i === n - 1 ? ';' : ','}\n`);
    }
  } else if (t === 1) {
    d.l`INSERT INTO payment_methods (customer_id, cardholder, card_number, exp_month, exp_year) VALUES`;
    const n = rng.int(2, 4);
    for (let i = 0; i < n; i++) d.put(`  (${rng.int(1000, 99999)}, '`, sqlPerson(rng).name, `', '`, mk.card(rng), `', ${rng.int(1, 12)}, ${rng.int(2026, 2031)})${i === n - 1 ? ';' : ','}\n`);
  } else if (t === 2) {
    d.l`INSERT INTO patients (mrn, name, dob, primary_dx, icd10, payer_member_id) VALUES`;
    const n = rng.int(2, 3);
    for (let i = 0; i < n; i++) d.put(`  ('`, mk.mrn(rng), `', '`, sqlPerson(rng).name, `', '`, dob(rng, 'iso'), `', '`, mk.dx(rng), `', '`, mk.icd(rng), `', '`, rng.chance(0.5) ? mk.member(rng) : mk.mbi(rng, false), `')${i === n - 1 ? ';' : ','}\n`);
  } else {
    const p = sqlPerson(rng);
    d.l`UPDATE users SET password = '${mk.pw(rng)}', must_reset = true WHERE email = '${p.email()}';`;
    d.l`INSERT INTO api_credentials (owner, provider, secret) VALUES ('${rng.pick(['billing', 'growth'])}', 'stripe', '${mk.stripe(rng)}'), ('${rng.pick(['support', 'ops'])}', 'slack', '${mk.slack(rng)}');`;
  }
}

export function accessLog({ rng, d }: Ctx): void {
  const ua = () => rng.pick(['"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15"', '"curl/8.4.0"', '"python-requests/2.31.0"', '"Go-http-client/1.1"']);
  const stamp = () => `[${rng.int(1, 28)}/${rng.pick(MON)}/2025:${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')} +0000]`;
  const reqs: (() => (string | V)[])[] = [
    () => [`GET /api/v1/geocode?q=${rng.int(1, 999)}+main&key=`, mk.google(rng), ` HTTP/1.1`],
    () => [`GET /password/reset?token=`, mk.jwt(rng), ` HTTP/2.0`],
    () => [`GET /export/users?email=`, person(rng).email(), `&format=csv HTTP/1.1`],
    () => [`POST /login HTTP/1.1`],
    () => [`GET /static/app.${hex(rng, 8)}.js HTTP/2.0`],
    () => [`GET /healthz HTTP/1.1`],
  ];
  for (let i = rng.int(4, 8); i > 0; i--) {
    const r = rng.pick(reqs)();
    d.put(mk.ip(rng), ` - - ${stamp()} "`, ...r, `" ${rng.pick([200, 200, 302, 401, 404, 500])} ${rng.int(120, 90000)} "-" ${ua()}\n`);
  }
}

export function notebook({ rng, d }: Ctx): void {
  d.l`{`;
  d.l` "cells": [`;
  d.l`  {`;
  d.l`   "cell_type": "code",`;
  d.l`   "execution_count": ${rng.int(1, 40)},`;
  d.l`   "metadata": {},`;
  d.l`   "source": [`;
  const line = rng.int(0, 2);
  if (line === 0) d.l`    "client = OpenAI(api_key=\\"${mk.openai(rng)}\\")\\n",`;
  else if (line === 1) d.l`    "os.environ[\\"ANTHROPIC_API_KEY\\"] = \\"${mk.anthropic(rng)}\\"\\n",`;
  else d.l`    "engine = sa.create_engine(\\"${mk.conn(rng, 'postgres')}\\")\\n",`;
  d.l`    "df = pd.read_sql(\\"select * from orders limit 100\\", engine)"`;
  d.l`   ],`;
  d.l`   "outputs": [{"output_type": "stream", "name": "stdout", "text": ["${rng.int(100, 9000)} rows\\n"]}]`;
  d.l`  }`;
  d.l` ],`;
  d.l` "metadata": {"kernelspec": {"name": "python3"}},`;
  d.l` "nbformat": 4, "nbformat_minor": 5`;
  d.l`}`;
}

export function secretsDump({ rng, d }: Ctx): void {
  // `aws iam create-access-key` output pasted into a ticket, or a service-account JSON.
  if (rng.chance(0.5)) {
    const user = rng.pick(['ci-deployer', 'etl-bot', 'backup-writer']);
    d.l`$ aws iam create-access-key --user-name ${user}`;
    d.l`{`;
    d.l`    "AccessKey": {`;
    d.l`        "UserName": "${user}",`;
    d.l`        "AccessKeyId": "${mk.awsId(rng)}",`;
    d.l`        "Status": "Active",`;
    d.l`        "SecretAccessKey": "${mk.awsSecret(rng)}",`;
    d.l`        "CreateDate": "${isoTs(rng)}"`;
    d.l`    }`;
    d.l`}`;
  } else {
    const proj = rng.pick(['fernway-prod', 'quill-analytics', 'tallgrass-etl']);
    d.l`{`;
    d.l`  "type": "service_account",`;
    d.l`  "project_id": "${proj}",`;
    d.l`  "private_key_id": "${hex(rng, 40)}",`;
    d.l`  "private_key": "${mk.pem(rng, '\\n')}\\n",`;
    d.l`  "client_email": "${v('EMAIL', `${rng.pick(['etl', 'bq-reader', 'deployer'])}@${proj}.iam.gserviceaccount.com`)}",`;
    d.l`  "client_id": "${rng.digits(21)}",`;
    d.l`  "token_uri": "https://oauth2.googleapis.com/token"`;
    d.l`}`;
  }
}
