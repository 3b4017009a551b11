// CI output: a GitHub Actions job log (timestamps, env blocks, set -x traces, git remotes, docker
// login) and a GitLab CI job log. Registered secrets show as ***; these are the ones that were not.
import { v, type Ctx } from '../holdout/doc.js';
import { BASE62 } from '../corpus/rng.js';
import { imageDigest, maskedSecret, semver, sha1, shortSha, npmIntegrity, arn } from './lookalikes.js';
import { mk } from './make.js';
import type { Rng } from '../corpus/rng.js';

/** Runner timestamps: ISO 8601 with seven fractional digits, moving forward a few seconds per line. */
function stamp(r: Rng, clock: { ms: number }): string {
  clock.ms += r.int(0, 4000);
  return new Date(clock.ms).toISOString().replace('Z', `${r.digits(4)}Z`);
}

export function githubActionsLog({ rng: r, d }: Ctx): void {
  const clock = { ms: Date.UTC(2025, r.int(0, 11), r.int(1, 28), r.int(6, 20)) + r.int(0, 3_600_000) };
  const T = () => stamp(r, clock);
  const repo = `${r.pick(['acme', 'northwind', 'globex'])}/${r.pick(['web', 'payments', 'infra', 'mobile-api'])}`;
  d.l`${T()} Requested labels: ubuntu-latest`;
  d.l`${T()} Job defined at: ${repo}/.github/workflows/deploy.yml@refs/heads/main`;
  d.l`${T()} ##[group]Run actions/checkout@v4`;
  d.l`${T()} Syncing repository: ${repo}`;
  d.l`${T()} [command]/usr/bin/git remote add origin https://github.com/${repo}`;
  d.l`${T()} HEAD is now at ${shortSha(r)} Merge pull request #${r.int(100, 4000)} from ${repo.split('/')[0]}/feature/${r.pick(['billing', 'retry', 'cache'])}`;
  d.l`${T()} ##[endgroup]`;
  d.l`${T()} ##[group]Run ./scripts/deploy.sh`;
  d.l`${T()} [36;1m./scripts/deploy.sh[0m`;
  d.l`${T()} shell: /usr/bin/bash -e {0}`;
  d.l`${T()} env:`;
  d.l`${T()}   AWS_REGION: eu-west-1`;
  if (r.chance(0.7)) {
    d.l`${T()}   AWS_ACCESS_KEY_ID: ${mk.awsId(r)}`;
    d.l`${T()}   AWS_SECRET_ACCESS_KEY: ${mk.awsSecret(r)}`;
  } else d.l`${T()}   AWS_ROLE_ARN: ${arn(r)}`;
  d.l`${T()}   NPM_TOKEN: ${maskedSecret(r)}`;
  if (r.chance(0.6)) d.l`${T()}   SLACK_WEBHOOK_URL: ${mk.hook(r)}`;
  if (r.chance(0.5)) d.l`${T()}   PREFLIGHT_API_KEY: ${mk.svc(r)}`;
  d.l`${T()} ##[endgroup]`;
  d.l`${T()} + git remote set-url origin https://x-access-token:${mk.github(r, r.pick(['ghs', 'ghp']))}@github.com/${repo}.git`;
  d.l`${T()} + echo "$CR_PAT" | docker login ghcr.io -u ${repo.split('/')[0]}-bot --password-stdin`;
  d.l`${T()} WARNING! Your password will be stored unencrypted in /home/runner/.docker/config.json.`;
  d.l`${T()} Login Succeeded`;
  if (r.chance(0.5)) d.l`${T()} + docker login -u deploy -p ${mk.pw(r)} registry.${repo.split('/')[0]}.io`;
  d.l`${T()} + docker push ghcr.io/${repo}:${semver(r)}`;
  d.l`${T()} ${semver(r)}: digest: ${imageDigest(r)} size: ${r.int(1000, 9000)}`;
  if (r.chance(0.6)) d.l`${T()} + curl -s -X POST -H 'Authorization: Bearer ${mk.openai(r)}' https://api.openai.com/v1/models`;
  else d.l`${T()} + export ANTHROPIC_API_KEY=${mk.anthropic(r)}`;
  d.l`${T()} Deployed commit ${sha1(r)} in ${r.int(30, 400)}s`;
  d.l`${T()} ##[group]Post job cleanup.`;
  d.l`${T()} Cleaning up orphan processes`;
}

export function gitlabCiLog({ rng: r, d }: Ctx): void {
  const group = r.pick(['platform', 'data', 'backend']);
  const proj = r.pick(['ledger', 'etl', 'gateway']);
  d.l`Running with gitlab-runner 16.${r.int(0, 11)}.${r.int(0, 3)} (${shortSha(r)})`;
  d.l`  on docker-runner-${r.int(1, 9)} ${r.chars('abcdefghijklmnopqrstuvwxyz0123456789', 8)}, system ID: s_${r.chars('0123456789abcdef', 12)}`;
  d.l`Preparing the "docker" executor`;
  d.l`Using docker image ${imageDigest(r)} for node:20-alpine with digest node@${imageDigest(r)} ...`;
  d.l`Getting source from Git repository`;
  d.l`Fetching changes with git depth set to 20...`;
  d.l`Reinitialized existing Git repository in /builds/${group}/${proj}/.git/`;
  d.l`Checking out ${shortSha(r)} as detached HEAD (ref is main)...`;
  d.l`Executing "step_script" stage of the job script`;
  d.l`$ git remote -v`;
  const token = mk.gitlab(r, 'glpat-');
  d.l`origin\thttps://oauth2:${token}@gitlab.com/${group}/${proj}.git (fetch)`;
  d.l`origin\thttps://oauth2:${token}@gitlab.com/${group}/${proj}.git (push)`;
  d.l`$ env | sort | grep -v CI_`;
  d.l`DATABASE_URL=${mk.conn(r, 'ci', `${proj}-db.${group}.svc`, r.pick(['postgres', 'mysql', 'mongo', 'mssql'] as const))}`;
  d.l`HOME=/root`;
  d.l`NODE_VERSION=20.${r.int(10, 19)}.0`;
  // npm tokens have no type of their own: a generic secret.
  d.l`NPM_CONFIG_//registry.npmjs.org/:_authToken=${v('GENERIC_SECRET', `npm_${r.chars(BASE62, 36)}`)}`;
  if (r.chance(0.6)) d.l`STRIPE_SECRET_KEY=${mk.stripe(r)}`;
  if (r.chance(0.5)) d.l`GITLAB_RUNNER_TOKEN=${mk.gitlab(r, 'glrt-')}`;
  d.l`$ npm ci`;
  const added = r.int(300, 1500);
  d.l`added ${added} packages, and audited ${added + 1} packages in ${r.int(8, 60)}s`;
  d.l`lockfile entry resolved with integrity ${npmIntegrity(r)}`;
  d.l`$ npm test`;
  const passed = r.int(100, 900);
  d.l`Tests: ${passed} passed, ${passed} total`;
  d.l`Job succeeded`;
}
