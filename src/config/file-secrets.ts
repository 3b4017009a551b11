// `NAME_FILE` variants of secret variables (Docker and Kubernetes secrets are mounted as files):
// the value is the file's content, less one trailing newline.
import { readFileSync } from 'node:fs';

/** Variables that may hold a credential: a URL may carry a password. */
export const SECRET_ENV_NAMES = ['SERVICE_ADMIN_TOKEN', 'SERVICE_MASTER_KEY', 'OIDC_CLIENT_SECRET', 'MONGODB_URL', 'REDIS_URL'] as const;

/** The environment with each `NAME_FILE` read into `NAME`; setting both is refused, as is a file that cannot be read. */
export function readFileSecrets(env: Record<string, string | undefined>, fail: (message: string) => Error): Record<string, string | undefined> {
  const out = { ...env };
  for (const name of SECRET_ENV_NAMES) {
    const path = env[`${name}_FILE`];
    if (path === undefined || path === '') continue;
    if (env[name] !== undefined && env[name] !== '') throw fail(`set either ${name} or ${name}_FILE, not both`);
    try {
      out[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      throw fail(`${name}_FILE cannot be read (${code})`);
    }
    delete out[`${name}_FILE`];
  }
  return out;
}
