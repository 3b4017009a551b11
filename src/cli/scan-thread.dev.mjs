// Under tsx (a checkout run without a build) worker threads do not inherit the TypeScript loader on
// Node 20: the pool loads this file, which imports the TypeScript thread through tsx (as
// src/detect/thread.dev.mjs does for the service).
import { tsImport } from 'tsx/esm/api';

const thread = await tsImport('./scan-thread.ts', import.meta.url);
export const scanFile = thread.scanFile;
