// Under tsx (npm start, tests) worker threads do not inherit the TypeScript loader on Node 20,
// so the pool loads this file, which imports the TypeScript worker through tsx. Built code
// (dist/) loads thread.js directly.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./thread.ts', import.meta.url);
export const checkText = worker.checkText;
export const checkTextWithPlan = worker.checkTextWithPlan;
export const checkTextWithSpans = worker.checkTextWithSpans;
