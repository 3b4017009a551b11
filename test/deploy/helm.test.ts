// The Helm chart, rendered by `helm template` and linted by `helm lint` (skipped, saying so, where
// helm is not installed: scripts/check-deploy.sh installs it from the Go module proxy). The
// rendered objects are decoded strictly into the Kubernetes API's Go types by scripts/kube-check
// (kubeconform needs schemas from the network); every variable set is one src/config reads, and
// every probe path answers.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { KNOWN_ENV_NAMES } from '../../src/config/index.js';
import { WORKER_HEALTH_PATHS } from '../../src/workers/health.js';
import { startTestApp, testEnv, type TestApp } from '../helpers/app.js';

const CHART = 'deploy/helm/preflight';
const onPath = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim();
const cached = (cmd: string) => [join(homedir(), '.cache/preflight/bin', cmd)].find(existsSync);
const helm = process.env.HELM ?? cached('helm') ?? onPath('helm');
if (!helm) console.warn('test/deploy/helm.test.ts: helm is not installed, the chart is NOT checked (run scripts/check-deploy.sh, which installs it)');

const required = ['secrets.adminToken=0123456789abcdef0123', 'secrets.masterKey=0123456789abcdef0123456789abcdef01', 'mongodb.url=mongodb://m:27017/preflight?replicaSet=rs0', 'redis.url=redis://r:6379'];
const sets = (values: string[]) => values.flatMap((v) => ['--set', v]);
const template = (values: string[]) => spawnSync(helm, ['template', 'pf', CHART, ...sets(values)], { encoding: 'utf8' });

interface Container {
  name: string;
  env?: Array<{ name: string; value?: string }>;
  ports?: Array<{ name: string; containerPort: number }>;
  volumeMounts?: Array<{ name: string; mountPath: string }>;
  livenessProbe?: { httpGet: { path: string; port: string } };
  readinessProbe?: { httpGet: { path: string; port: string } };
  startupProbe?: { httpGet: { path: string; port: string } };
}
interface K8sObject {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: { template?: { spec: { containers: Container[]; volumes?: Array<{ name: string; secret?: { secretName: string } }> } } };
}
function render(values: string[]): K8sObject[] {
  const out = template(values);
  expect(out.stderr).toBe('');
  return parseAllDocuments(out.stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}
const byKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
const container = (objs: K8sObject[], name: string) => byKind(objs, 'Deployment').find((d) => d.metadata.name === `pf-preflight-${name}`)!.spec!.template!.spec.containers[0]!;

let t: TestApp;
beforeAll(async () => {
  if (helm) t = await startTestApp(testEnv());
});
afterAll(async () => t?.close());

describe.skipIf(!helm)('Helm chart', { timeout: 180_000 }, () => {
  it('passes helm lint', () => {
    const out = spawnSync(helm, ['lint', CHART, ...sets(required)], { encoding: 'utf8' });
    expect(out.stdout).toContain('0 chart(s) failed');
    expect(out.status).toBe(0);
  });

  it('renders every object, each valid as the Kubernetes API types decode it', () => {
    const out = template([...required, 'ingress.enabled=true']);
    expect(out.status).toBe(0);
    const kinds = render([...required, 'ingress.enabled=true']).map((o) => o.kind).sort();
    expect(kinds).toEqual(['ConfigMap', 'Deployment', 'Deployment', 'HorizontalPodAutoscaler', 'Ingress', 'Job', 'PodDisruptionBudget', 'Secret', 'Service']);
    const kubeCheck = cached('kube-check');
    const check = kubeCheck
      ? spawnSync(kubeCheck, [], { input: out.stdout, encoding: 'utf8' })
      : onPath('go')
        ? spawnSync('go', ['run', '.'], { cwd: 'scripts/kube-check', input: out.stdout, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' } })
        : null;
    if (!check) return console.warn('test/deploy/helm.test.ts: Go is not installed, rendered objects checked by their shape only');
    expect(check.stdout).toContain('9 checked, 0 invalid');
    expect(check.status).toBe(0);
  });

  it('sets only variables that src/config reads', () => {
    const objs = render([...required, 'extraEnv.MAX_FILE_BYTES=1000000', 'secrets.oidcClientSecret=s']);
    const names = [
      ...Object.keys(byKind(objs, 'ConfigMap')[0]!.data ?? {}),
      ...[...byKind(objs, 'Deployment'), ...byKind(objs, 'Job')].flatMap((o) => o.spec!.template!.spec.containers.flatMap((c) => (c.env ?? []).map((e) => e.name))),
    ];
    expect(names).toContain('MAX_FILE_BYTES');
    expect(names).toContain('OIDC_CLIENT_SECRET_FILE');
    expect(names.filter((n) => !KNOWN_ENV_NAMES.includes(n))).toEqual([]);
  });

  it('probes the API at routes that answer, and the worker at its health port', async () => {
    const objs = render(required);
    const api = container(objs, 'api');
    for (const probe of [api.livenessProbe, api.readinessProbe, api.startupProbe]) {
      expect(t.app.hasRoute({ method: 'GET', url: probe!.httpGet.path })).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: probe!.httpGet.path })).statusCode).toBe(200);
      expect(api.ports?.find((p) => p.name === probe!.httpGet.port)?.containerPort).toBe(8080);
    }
    expect(api.readinessProbe!.httpGet.path).toBe('/ready');
    expect(api.livenessProbe!.httpGet.path).toBe('/health');
    const worker = container(objs, 'worker');
    const healthPort = Number(worker.env?.find((e) => e.name === 'WORKER_HEALTH_PORT')?.value);
    for (const probe of [worker.livenessProbe, worker.readinessProbe, worker.startupProbe]) {
      expect(WORKER_HEALTH_PATHS).toContain(probe!.httpGet.path);
      expect(worker.ports?.find((p) => p.name === probe!.httpGet.port)?.containerPort).toBe(healthPort);
    }
    expect(worker.readinessProbe!.httpGet.path).toBe('/ready');
  });

  it('reads every secret from a file of the mounted Secret', () => {
    const objs = render(required);
    const keys = Object.keys(byKind(objs, 'Secret')[0]!.stringData ?? {});
    for (const name of ['api', 'worker']) {
      const c = container(objs, name);
      const mount = c.volumeMounts!.find((m) => m.name === 'secrets')!.mountPath;
      const files = (c.env ?? []).filter((e) => e.name.endsWith('_FILE'));
      expect(files.map((e) => e.name).sort()).toEqual(['MONGODB_URL_FILE', 'REDIS_URL_FILE', 'SERVICE_ADMIN_TOKEN_FILE', 'SERVICE_MASTER_KEY_FILE']);
      for (const e of files) expect(keys).toContain(e.value!.replace(`${mount}/`, ''));
      expect((c.env ?? []).map((e) => e.name)).not.toContain('SERVICE_ADMIN_TOKEN');
    }
  });

  it('uses an existing Secret instead of making one', () => {
    const objs = render(['secrets.existingSecret=mine']);
    expect(byKind(objs, 'Secret')).toEqual([]);
    for (const d of byKind(objs, 'Deployment')) expect(d.spec!.template!.spec.volumes![0]!.secret!.secretName).toBe('mine');
  });

  it('refuses a release without secrets, and a cluster URL unless redis.cluster says so', () => {
    expect(template([]).stderr).toContain('secrets.adminToken is required');
    // --set splits on commas: a cluster URL's are escaped (a values file needs no escaping).
    const cluster = 'redis.url=redis-cluster://a:6379\\,b:6379';
    expect(template([...required, cluster]).stderr).toContain('redis.url must be a redis:// or rediss:// URL');
    expect(template([...required, 'redis.cluster=true']).stderr).toContain('with redis.cluster=true, redis.url must be redis-cluster://');
    const passed = render([...required, cluster, 'redis.cluster=true']);
    expect(byKind(passed, 'Secret')[0]!.stringData!['redis-url']).toBe('redis-cluster://a:6379,b:6379');
  });

  it('sizes the API from values: replicas by HPA, resources, detection threads', () => {
    const objs = render([...required, 'api.detectThreads=3', 'api.resources.limits.cpu=4', 'api.autoscaling.enabled=false', 'api.replicas=5']);
    expect(byKind(objs, 'HorizontalPodAutoscaler')).toEqual([]);
    const api = container(objs, 'api') as Container & { resources: { limits: { cpu: string } } };
    expect(api.env?.find((e) => e.name === 'DETECT_THREADS')?.value).toBe('3');
    expect(String(api.resources.limits.cpu)).toBe('4');
    expect((byKind(objs, 'Deployment')[0]!.spec as { replicas?: number }).replicas).toBe(5);
  });
});

