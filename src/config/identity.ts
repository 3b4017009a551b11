// Who made a thing (evidence bundle manifests): the service's release and the process that ran.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** The release, from package.json (two levels up from src/config and from dist/config alike). */
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export function serviceIdentity(): { name: string; version: string; instance: string } {
  return { name: 'preflight', version: VERSION, instance: `${hostname()}:${process.pid}` };
}
