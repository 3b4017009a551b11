// Under tsx (npm start, tests) worker threads do not inherit the TypeScript loader on Node 20, so
// the handle starts this file, which imports the TypeScript thread through tsx. Built code (dist/)
// starts thread.js directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./thread.ts', import.meta.url);
