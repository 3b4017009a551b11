#!/usr/bin/env node
// The `preflight` command (package.json "bin"). In a checkout (src/ present, tsx installed) it runs
// the TypeScript sources through tsx, so it is never stale; an installed build runs dist/.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let fromSource = false;
if (existsSync(source)) {
  try {
    const { register } = await import('tsx/esm/api');
    register();
    fromSource = true;
  } catch {
    // no tsx (a production install): the build
  }
}
await import(fromSource ? source.href : new URL('../dist/cli/main.js', import.meta.url).href);
