// Configuration: YAML, TOML, INI (~/.aws/credentials, my.cnf, .netrc), Kubernetes Secrets,
// docker-compose environment sections, registry auth files, Terraform variables, CI workflows.
import type { Rng } from '../corpus/rng.js';
import { v, type Ctx, type V } from './doc.js';
import { mk } from './make.js';
import { b62, hex, person, sha } from './values.js';

const b64 = (s: string): string => Buffer.from(s).toString('base64');

export function yamlConfig({ rng, d }: Ctx): void {
  d.l`# ${rng.pick(['config/production.yml', 'values-prod.yaml', 'settings.yaml', 'application-prod.yml'])}`;
  d.l`app:`;
  d.l`  name: ${rng.pick(['ledger', 'reports', 'intake-api', 'scheduler'])}`;
  d.l`  port: ${rng.pick([8080, 3000, 8443])}`;
  d.l`  log_level: ${rng.pick(['info', 'warn', 'debug'])}`;
  const blocks: (() => void)[] = [
    () => {
      d.l`database:`;
      if (rng.chance(0.5)) d.l`  url: "${mk.conn(rng)}"`;
      else {
        d.l`  host: ${rng.pick(['db-prod.internal', 'pg-main.svc.cluster.local', 'mysql.ops.lan'])}`;
        d.l`  user: ${rng.pick(['app', 'svc_reports', 'ledger_rw'])}`;
        const q = rng.chance(0.5) ? '"' : '';
        d.l`  ${rng.pick(['password', 'pass', 'passwd'])}: ${q}${mk.pw(rng)}${q}`;
      }
      d.l`  pool: ${rng.int(5, 50)}`;
    },
    () => {
      d.l`smtp:`;
      d.l`  host: smtp.${rng.pick(['sendgrid.net', 'mailgun.org', 'office365.com'])}`;
      d.l`  username: ${rng.pick(['apikey', 'postmaster', 'noreply-bot'])}`;
      d.l`  password: '${mk.pw(rng)}'`;
    },
    () => {
      d.l`oauth:`;
      d.l`  client_id: ${rng.digits(12)}-${rng.chars('abcdefghijklmnopqrstuvwxyz0123456789', 32)}.apps.googleusercontent.com`;
      d.l`  client_secret: ${mk.secret(rng)}`;
    },
    () => {
      d.l`integrations:`;
      d.l`  stripe:`;
      d.l`    secret_key: ${mk.stripe(rng)}`;
      d.l`    webhook_secret: ${whsec(rng)}`;
    },
    () => {
      d.l`alerting:`;
      d.l`  slack:`;
      d.l`    api_url: ${mk.hook(rng)}`;
      d.l`    channel: '#alerts-${rng.pick(['prod', 'billing', 'infra'])}'`;
    },
    () => {
      d.l`maps:`;
      d.l`  browser_key: ${mk.google(rng)}   # restricted to *.${rng.pick(['fernway.dev', 'tallgrass.io'])}`;
    },
    () => {
      d.l`jwt:`;
      d.l`  signing_key: |`;
      d.l`    ${mk.pem(rng, '\n    ')}`;
      d.l`  ttl: ${rng.pick(['15m', '1h', '24h'])}`;
    },
    () => {
      d.l`llm:`;
      d.l`  provider: ${rng.pick(['openai', 'anthropic'])}`;
      d.l`  api_key: ${rng.chance(0.5) ? mk.openai(rng) : mk.anthropic(rng)}`;
      d.l`  max_tokens: ${rng.pick([1024, 4096, 8192])}`;
    },
  ];
  for (const b of rng.shuffle(blocks).slice(0, rng.int(2, 3))) b();
}

/**
 * A Stripe webhook signing secret, `whsec_` included. Stripe issues it, so it is a STRIPE_KEY: when a
 * provider's own format is recognisable, the most specific type wins.
 */
function whsec(rng: Rng): V {
  return v('STRIPE_KEY', `whsec_${b62(rng, 32)}`);
}

export function tomlConfig({ rng, d }: Ctx): void {
  d.l`# ${rng.pick(['config.toml', 'settings.toml', '.streamlit/secrets.toml', 'Rocket.toml'])}`;
  d.l`[server]`;
  d.l`bind = "0.0.0.0:${rng.pick([8000, 8080, 9000])}"`;
  d.l`workers = ${rng.int(2, 16)}`;
  d.l``;
  const blocks: (() => void)[] = [
    () => {
      d.l`[database]`;
      d.l`url = "${mk.conn(rng)}"`;
      d.l`max_connections = ${rng.int(5, 100)}`;
    },
    () => {
      d.l`[db]`;
      const host = rng.pick(['10.20.0.5', 'db.local', 'postgres']);
      d.l`host = "${host.startsWith('10.') ? v('IP_ADDRESS', host) : host}"`;
      d.l`username = "${rng.pick(['analytics', 'streamlit', 'app'])}"`;
      d.l`password = "${mk.pw(rng)}"`;
    },
    () => {
      d.l`[aws]`;
      d.l`access_key_id = "${mk.awsId(rng)}"`;
      d.l`secret_access_key = "${mk.awsSecret(rng)}"`;
      d.l`region = "${rng.pick(['us-east-1', 'eu-west-1', 'us-west-2'])}"`;
    },
    () => {
      d.l`[payments]`;
      d.l`stripe_secret = "${mk.stripe(rng)}"`;
      d.l`webhook_signing_secret = "${whsec(rng)}"`;
    },
    () => {
      d.l`[payouts.crypto]`;
      d.l`btc_address = "${mk.wallet(rng, 'btc')}"`;
      d.l`eth_address = "${mk.wallet(rng, 'eth')}"`;
    },
    () => {
      d.l`[session]`;
      d.l`secret_key = "${mk.secret(rng)}"`;
      d.l`cookie_name = "sid"`;
    },
    () => {
      d.l`[payouts.default]`;
      d.l`iban = "${mk.iban(rng)}"`;
      d.l`bic = "${mk.bic(rng)}"`;
      d.l`holder = "${person(rng).name}"`;
    },
  ];
  for (const b of rng.shuffle(blocks).slice(0, rng.int(2, 3))) {
    b();
    d.l``;
  }
}

export function iniConfig({ rng, d }: Ctx): void {
  const t = rng.int(0, 3);
  if (t === 0) {
    d.l`# ~/.aws/credentials`;
    for (const profile of rng.shuffle(['default', 'prod', 'billing-admin', 'sandbox']).slice(0, rng.int(1, 3))) {
      d.l`[${profile}]`;
      d.l`aws_access_key_id = ${mk.awsId(rng)}`;
      d.l`aws_secret_access_key = ${mk.awsSecret(rng)}`;
      if (rng.chance(0.3)) d.l`region = ${rng.pick(['us-east-1', 'eu-central-1'])}`;
      d.l``;
    }
  } else if (t === 1) {
    d.l`# /etc/mysql/conf.d/client.cnf`;
    d.l`[client]`;
    d.l`user=${rng.pick(['root', 'backup', 'replicator'])}`;
    d.l`password=${mk.pw(rng)}`;
    d.l`host=${rng.pick(['127.0.0.1', 'mysql-primary', 'db01'])}`;
    d.l``;
    d.l`[mysqldump]`;
    d.l`single-transaction`;
    d.l`max_allowed_packet=${rng.pick(['64M', '512M'])}`;
  } else if (t === 2) {
    d.l`# ~/.netrc`;
    d.l`machine api.${rng.pick(['heroku.com', 'github.com', 'bitbucket.org'])}`;
    d.l`  login ${rng.pick(['deploy', 'ci-bot', 'ops'])}`;
    d.l`  password ${rng.chance(0.5) ? mk.github(rng) : mk.pw(rng)}`;
  } else {
    d.l`; odbc.ini — reporting DSN`;
    d.l`[Reporting]`;
    d.l`Driver = ODBC Driver 18 for SQL Server`;
    d.l`Server = tcp:${rng.pick(['rpt01', 'sqlrpt'])}.database.windows.net,1433`;
    d.l`UID = ${rng.pick(['report_ro', 'powerbi'])}`;
    d.l`PWD = ${mk.pw(rng)}`;
    d.l`Encrypt = yes`;
  }
}

export function k8sSecret({ rng, d }: Ctx): void {
  const name = rng.pick(['api-secrets', 'db-credentials', 'payments-env', 'ingress-tls', 'worker-config']);
  d.l`apiVersion: v1`;
  d.l`kind: Secret`;
  d.l`metadata:`;
  d.l`  name: ${name}`;
  d.l`  namespace: ${rng.pick(['prod', 'payments', 'default', 'platform'])}`;
  d.l`  labels:`;
  d.l`    app.kubernetes.io/part-of: ${rng.pick(['checkout', 'ledger', 'intake'])}`;
  if (rng.chance(0.3)) {
    d.l`type: kubernetes.io/tls`;
    d.l`stringData:`;
    d.l`  tls.crt: |`;
    d.l`    -----BEGIN CERTIFICATE-----`;
    d.l`    MIID${rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 60)}`;
    d.l`    -----END CERTIFICATE-----`;
    d.l`  tls.key: |`;
    d.l`    ${mk.pem(rng, '\n    ')}`;
    return;
  }
  d.l`type: Opaque`;
  d.l`stringData:`;
  const entries: (() => void)[] = [
    () => d.l`  DATABASE_URL: "${mk.conn(rng)}"`,
    () => d.l`  POSTGRES_PASSWORD: ${mk.pw(rng)}`,
    () => d.l`  STRIPE_API_KEY: ${mk.stripe(rng)}`,
    () => d.l`  GITHUB_TOKEN: ${mk.github(rng)}`,
    () => d.l`  SESSION_SECRET: "${mk.secret(rng)}"`,
    () => d.l`  ANTHROPIC_API_KEY: ${mk.anthropic(rng)}`,
    () => d.l`  PREFLIGHT_API_KEY: ${mk.svc(rng)}`,
    () => d.l`  GOOGLE_MAPS_KEY: ${mk.google(rng)}`,
    () => d.l`  SLACK_BOT_TOKEN: ${mk.slack(rng)}`,
  ];
  for (const e of rng.shuffle(entries).slice(0, rng.int(2, 4))) e();
  if (rng.chance(0.5)) {
    d.l`data:`;
    const pw = rng.chance(0.5);
    const raw = pw ? mk.pw(rng).text : Buffer.from(rng.bytes(32)).toString('hex');
    d.l`  ${pw ? 'admin-password' : 'encryption-key'}: ${v(pw ? 'PASSWORD' : 'GENERIC_SECRET', b64(raw))}`;
  }
}

export function dockerCompose({ rng, d }: Ctx): void {
  const list = rng.chance(0.5);
  d.l`services:`;
  d.l`  db:`;
  d.l`    image: postgres:${rng.pick(['15', '16.3', '14-alpine'])}`;
  d.l`    environment:`;
  if (list) {
    d.l`      - POSTGRES_USER=${rng.pick(['app', 'postgres'])}`;
    d.l`      - POSTGRES_PASSWORD=${mk.pw(rng)}`;
  } else {
    d.l`      POSTGRES_USER: ${rng.pick(['app', 'postgres'])}`;
    d.l`      POSTGRES_PASSWORD: "${mk.pw(rng)}"`;
  }
  d.l`    ports: ["5432:5432"]`;
  d.l`  ${rng.pick(['api', 'web', 'worker'])}:`;
  d.l`    build: .`;
  d.l`    depends_on: [db]`;
  d.l`    environment:`;
  const envs: (() => V)[] = [() => mk.conn(rng, 'postgres'), () => mk.stripe(rng), () => mk.hook(rng), () => mk.openai(rng), () => mk.awsId(rng), () => mk.secret(rng), () => mk.gitlab(rng), () => mk.svc(rng)];
  const names: Record<string, string> = {
    CONNECTION_STRING: 'DATABASE_URL', STRIPE_KEY: 'STRIPE_SECRET_KEY', SLACK_WEBHOOK: 'SLACK_WEBHOOK_URL', OPENAI_API_KEY: 'OPENAI_API_KEY',
    AWS_ACCESS_KEY: 'AWS_ACCESS_KEY_ID', GENERIC_SECRET: 'APP_SECRET', GITLAB_TOKEN: 'GITLAB_TOKEN', SERVICE_API_KEY: 'PREFLIGHT_KEY',
  };
  for (const make of rng.shuffle(envs).slice(0, rng.int(2, 4))) {
    const val = make();
    const key = names[val.type] ?? 'SECRET';
    if (list) d.l`      - ${key}=${val}`;
    else d.l`      ${key}: ${val}`;
    if (val.type === 'AWS_ACCESS_KEY') {
      if (list) d.l`      - AWS_SECRET_ACCESS_KEY=${mk.awsSecret(rng)}`;
      else d.l`      AWS_SECRET_ACCESS_KEY: ${mk.awsSecret(rng)}`;
    }
  }
  d.l`    ports:`;
  d.l`      - "${rng.pick(['8080:8080', '3000:3000', '127.0.0.1:8000:8000'])}"`;
}

export function registryAuth({ rng, d }: Ctx): void {
  const t = rng.int(0, 2);
  if (t === 0) {
    d.l`# .npmrc`;
    d.l`@${rng.pick(['fernway', 'tallgrass', 'kestrel'])}:registry=https://npm.pkg.github.com`;
    d.l`//npm.pkg.github.com/:_authToken=${mk.github(rng)}`;
    d.l`//registry.npmjs.org/:_authToken=${v('GENERIC_SECRET', `npm_${b62(rng, 36)}`)}`;
    d.l`always-auth=true`;
  } else if (t === 1) {
    d.l`# ~/.pypirc`;
    d.l`[distutils]`;
    d.l`index-servers = pypi internal`;
    d.l``;
    d.l`[internal]`;
    d.l`repository = https://gitlab.com/api/v4/projects/${rng.int(1000000, 59999999)}/packages/pypi`;
    d.l`username = __token__`;
    d.l`password = ${mk.gitlab(rng)}`;
  } else {
    d.l`# ~/.docker/config.json`;
    d.l`{`;
    d.l`  "auths": {`;
    d.l`    "ghcr.io": { "auth": "${v('GENERIC_SECRET', b64(`${rng.pick(['ci-bot', 'deploy'])}:${mk.github(rng).text}`))}" }`;
    d.l`  },`;
    d.l`  "credsStore": "${rng.pick(['desktop', 'osxkeychain'])}"`;
    d.l`}`;
  }
}

export function terraformVars({ rng, d }: Ctx): void {
  d.l`# terraform.tfvars — ${rng.pick(['DO NOT COMMIT', 'prod', 'staging'])}`;
  d.l`project      = "${rng.pick(['ledger', 'intake', 'edge'])}"`;
  d.l`region       = "${rng.pick(['us-east-1', 'europe-west1'])}"`;
  d.l`instance_type = "${rng.pick(['t3.medium', 'm6i.large'])}"`;
  const lines: (() => void)[] = [
    () => d.l`db_password  = "${mk.pw(rng)}"`,
    () => d.l`datadog_api_key = "${v('GENERIC_SECRET', hex(rng, 32))}"`,
    () => d.l`github_token = "${mk.github(rng)}"`,
    () => d.l`cloudflare_api_token = "${v('GENERIC_SECRET', rng.chars('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-', 40))}"`,
    () => d.l`slack_webhook = "${mk.hook(rng)}"`,
    () => {
      const ip = mk.ip(rng);
      d.l`admin_cidrs  = ["${ip}/${ip.text.includes(':') ? 128 : 32}"]`;
    },
  ];
  for (const f of rng.shuffle(lines).slice(0, rng.int(2, 4))) f();
  d.l`tags = { owner = "platform", commit = "${sha(rng, 12)}" }`;
}

export function ciWorkflow({ rng, d }: Ctx): void {
  const gitlab = rng.chance(0.5);
  if (gitlab) {
    d.l`# .gitlab-ci.yml`;
    d.l`variables:`;
    d.l`  DOCKER_DRIVER: overlay2`;
    d.l`  DEPLOY_TOKEN: "${mk.gitlab(rng)}"`;
    d.l``;
    d.l`deploy:`;
    d.l`  stage: deploy`;
    d.l`  script:`;
    d.l`    - curl --fail -H "PRIVATE-TOKEN: ${mk.gitlab(rng)}" "$CI_API_V4_URL/projects/$CI_PROJECT_ID/releases"`;
    d.l`    - ./deploy.sh --key ${mk.svc(rng)}`;
  } else {
    d.l`# .github/workflows/release.yml`;
    d.l`name: release`;
    d.l`on: { push: { tags: ['v*'] } }`;
    d.l`jobs:`;
    d.l`  publish:`;
    d.l`    runs-on: ubuntu-latest`;
    d.l`    env:`;
    d.l`      NODE_AUTH_TOKEN: ${mk.github(rng)}   # TODO move to secrets`;
    d.l`      AWS_ACCESS_KEY_ID: ${mk.awsId(rng)}`;
    d.l`      AWS_SECRET_ACCESS_KEY: ${mk.awsSecret(rng)}`;
    d.l`    steps:`;
    d.l`      - uses: actions/checkout@${sha(rng, 40)}`;
    d.l`      - run: npm publish`;
  }
}
