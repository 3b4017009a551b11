// Infrastructure as code with credentials committed in it: a Kubernetes Deployment with a Secret
// (stringData), Helm values, Terraform variables and provider blocks, and a Terraform state excerpt.
import type { Ctx } from '../holdout/doc.js';
import { imageDigest, semver, uuid, awsAccountId } from './lookalikes.js';
import { mk } from './make.js';
import { LOWER, DIGITS } from '../corpus/rng.js';

export function k8sManifest({ rng: r, d }: Ctx): void {
  const app = r.pick(['orders-api', 'billing-worker', 'search', 'notifier']);
  const ns = r.pick(['prod', 'staging', 'payments']);
  d.l`apiVersion: v1`;
  d.l`kind: Secret`;
  d.l`metadata:`;
  d.l`  name: ${app}-env`;
  d.l`  namespace: ${ns}`;
  d.l`type: Opaque`;
  d.l`stringData:`;
  d.l`  DATABASE_URL: "${mk.conn(r, app.replace('-', '_'), `${app}-db.${ns}.svc.cluster.local`, r.pick(['postgres', 'mysql', 'mongo'] as const))}"`;
  if (r.chance(0.6)) d.l`  OPENAI_API_KEY: ${mk.openai(r)}`;
  if (r.chance(0.7)) d.l`  STRIPE_API_KEY: ${mk.stripe(r)}`;
  if (r.chance(0.7)) d.l`  SLACK_BOT_TOKEN: ${mk.slack(r)}`;
  if (r.chance(0.5)) d.l`  PREFLIGHT_SERVICE_KEY: ${mk.svc(r)}`;
  d.l`  SESSION_SECRET: ${mk.secret(r)}`;
  d.l`---`;
  d.l`apiVersion: apps/v1`;
  d.l`kind: Deployment`;
  d.l`metadata:`;
  d.l`  name: ${app}`;
  d.l`  namespace: ${ns}`;
  d.l`spec:`;
  d.l`  replicas: ${r.int(2, 6)}`;
  d.l`  template:`;
  d.l`    spec:`;
  d.l`      containers:`;
  d.l`        - name: ${app}`;
  d.l`          image: ghcr.io/acme/${app}@${imageDigest(r)}`;
  d.l`          envFrom:`;
  d.l`            - secretRef:`;
  d.l`                name: ${app}-env`;
  d.l`          env:`;
  d.l`            - name: ADMIN_PASSWORD`;
  d.l`              value: "${mk.pw(r)}"`;
  d.l`            - name: LOG_LEVEL`;
  d.l`              value: info`;
  d.l`          resources:`;
  d.l`            limits: { cpu: "${r.int(1, 4)}", memory: ${r.pick([256, 512, 1024])}Mi }`;
}

export function helmValues({ rng: r, d }: Ctx): void {
  d.l`# values-production.yaml — overrides for the prod cluster`;
  d.l`image:`;
  d.l`  repository: registry.acme.io/platform/api`;
  d.l`  tag: "${semver(r)}"`;
  d.l`ingress:`;
  d.l`  hosts: [api.acme.io]`;
  d.l`postgresql:`;
  d.l`  auth:`;
  d.l`    username: app`;
  d.l`    password: ${mk.pw(r)}`;
  d.l`    postgresPassword: "${mk.pw(r)}"`;
  d.l`redis:`;
  d.l`  url: ${mk.conn(r, 'default', 'redis-master.cache.svc', 'redis')}`;
  d.l`externalServices:`;
  d.l`  github:`;
  d.l`    token: ${mk.githubPat(r)}`;
  d.l`  anthropic:`;
  d.l`    apiKey: ${mk.anthropic(r)}`;
  d.l`  alerts:`;
  d.l`    slackWebhook: ${mk.hook(r)}`;
  d.l`    slackBotToken: ${mk.slack(r)}`;
  d.l`  payments:`;
  d.l`    stripeSecretKey: ${mk.stripe(r)}`;
  d.l`tls:`;
  d.l`  key: |`;
  d.w`    `.put(mk.pem(r, '\n    ')).l``;
  d.l`podAnnotations:`;
  d.l`  checksum/config: ${r.chars('0123456789abcdef', 64)}`;
}

export function terraform({ rng: r, d }: Ctx): void {
  const account = awsAccountId(r);
  d.l`# terraform.tfvars — DO NOT COMMIT (committed ${r.int(2, 40)} days ago)`;
  d.l`aws_region     = "us-east-1"`;
  d.l`aws_access_key = "${mk.awsId(r)}"`;
  d.l`aws_secret_key = "${mk.awsSecret(r)}"`;
  d.l`db_password    = "${mk.pw(r)}"`;
  d.l`allowed_cidrs  = ["${mk.ip(r, false)}/32", "10.20.0.0/16"]`;
  d.l``;
  d.l`# main.tf`;
  d.l`provider "google" {`;
  d.l`  project = "acme-prod-${r.digits(6)}"`;
  d.l`}`;
  d.l``;
  d.l`provider "github" {`;
  d.l`  owner = "acme"`;
  d.l`  token = "${mk.github(r, 'ghp')}"`;
  d.l`}`;
  d.l``;
  d.l`resource "aws_iam_role_policy_attachment" "ci" {`;
  d.l`  role       = "arn:aws:iam::${account}:role/${r.pick(['ci-deployer', 'github-oidc', 'terraform'])}"`;
  d.l`  policy_arn = "arn:aws:iam::aws:policy/ReadOnlyAccess"`;
  d.l`}`;
  d.l``;
  d.l`module "maps" {`;
  d.l`  source  = "./modules/maps"`;
  d.l`  api_key = "${mk.google(r)}"`;
  d.l`}`;
}

export function tfstate({ rng: r, d }: Ctx): void {
  d.l`{`;
  d.l`  "version": 4,`;
  d.l`  "terraform_version": "1.${r.int(5, 9)}.${r.int(0, 5)}",`;
  d.l`  "serial": ${r.int(10, 900)},`;
  d.l`  "lineage": "${uuid(r)}",`;
  d.l`  "resources": [`;
  d.l`    {`;
  d.l`      "mode": "managed",`;
  d.l`      "type": "aws_db_instance",`;
  d.l`      "name": "main",`;
  d.l`      "instances": [{ "attributes": { "id": "db-${r.chars(LOWER.toUpperCase() + DIGITS, 26)}", "username": "dbadmin", "password": "${mk.pw(r)}", "endpoint": "main.${r.chars(LOWER + DIGITS, 12)}.us-east-1.rds.amazonaws.com:5432" } }]`;
  d.l`    },`;
  d.l`    {`;
  d.l`      "mode": "managed",`;
  d.l`      "type": "aws_iam_access_key",`;
  d.l`      "name": "deploy",`;
  d.l`      "instances": [{ "attributes": { "id": "${mk.awsId(r)}", "secret": "${mk.awsSecret(r)}", "status": "Active", "user": "deploy-bot" } }]`;
  d.l`    },`;
  d.l`    {`;
  d.l`      "mode": "managed",`;
  d.l`      "type": "tls_private_key",`;
  d.l`      "name": "bastion",`;
  d.l`      "instances": [{ "attributes": { "algorithm": "RSA", "private_key_pem": "${mk.pem(r, '\\n')}\\n" } }]`;
  d.l`    }`;
  d.l`  ]`;
  d.l`}`;
}
