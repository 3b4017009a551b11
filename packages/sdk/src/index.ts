// @preflight/sdk: the typed client of the Preflight service (docs/sdk.md).
export { Preflight } from './client.js';
export type { CheckOptions, FileCheckOptions, FileInput, MaskedFile, PreflightOptions, ProgressListener, TextCheckOptions, WaitOptions } from './client.js';
export { PreflightConnectionError, PreflightError, PreflightTimeoutError } from './errors.js';
export { LicenseClient, LicenseError } from './license.js';
export type { LicenseClaims, LicenseClientOptions, ValidatedLicense } from './license.js';
export { DEFAULT_RETRY, retryDelayMs } from './transport.js';
export type { RetryOptions } from './transport.js';
export * from './types.js';
