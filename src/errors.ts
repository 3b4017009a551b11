// The one error catalogue: every error a client can see, with its status and stable code.
// The API's error handler turns these into `{detail, code}`; see docs/errors.md.

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    detail: string,
    readonly headers: Record<string, string> = {},
    /** Fields the body carries besides `detail` and `code` (e.g. `retry_after`, `valid`). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

/** Seconds a client should wait before retrying a 503 from a saturated or unreachable dependency. */
const RETRY_AFTER_S = 2;
const unavailable = (code: string, detail: string) =>
  new ApiError(503, code, detail, { 'retry-after': String(RETRY_AFTER_S) });

/** 429: the spec's body carries `retry_after` (seconds); `Retry-After` says the same. */
const limited = (code: string, detail: string, retryAfterS: number) =>
  new ApiError(429, code, detail, { 'retry-after': String(retryAfterS) }, { retry_after: retryAfterS });

/** 429 of a narrow throttle that sets its own X-RateLimit-* (none left until `Retry-After`). */
const throttled = (code: string, detail: string, retryAfterS: number, limit: number) =>
  new ApiError(
    429,
    code,
    detail,
    {
      'retry-after': String(retryAfterS),
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + retryAfterS),
    },
    { retry_after: retryAfterS },
  );

export const Errors = {
  malformedJson: (detail: string) => new ApiError(400, 'malformed_json', detail),
  badRequest: (detail: string) => new ApiError(400, 'bad_request', detail),
  malformedMultipart: (detail: string) => new ApiError(400, 'malformed_multipart', detail),

  missingApiKey: () => new ApiError(401, 'missing_api_key', 'Missing X-Service-API-Key header.'),
  malformedApiKey: () => new ApiError(401, 'invalid_api_key', 'The API key is not in a valid format.'),
  unknownApiKey: () => new ApiError(401, 'invalid_api_key', 'The API key does not exist.'),
  missingCredentials: () =>
    new ApiError(401, 'missing_credentials', 'Missing credentials: send Authorization: Bearer <admin token>.'),
  invalidAdminToken: () => new ApiError(401, 'invalid_credentials', 'The bearer token is not valid.'),
  /** One answer for an unknown email, a wrong password and a disabled user: none tells which. */
  invalidSignIn: () => new ApiError(401, 'invalid_credentials', 'The email or password is not valid.'),
  /** An OpenID Connect sign-in that did not end with a dashboard user. */
  ssoFailed: (detail: string) => new ApiError(401, 'sso_failed', detail),
  conflictingCredentials: (detail: string) => new ApiError(401, 'conflicting_credentials', detail),
  missingLicenseKey: () =>
    new ApiError(401, 'missing_license_key', 'Missing license key: send Authorization: Bearer <license key>.'),
  malformedLicenseKey: () => new ApiError(401, 'invalid_license_key', 'The license key is not in a valid format.'),
  unknownLicenseKey: () => new ApiError(401, 'invalid_license_key', 'The license key does not exist.'),

  keyLacksPermission: (detail: string) => new ApiError(403, 'insufficient_permission', detail),
  otherOrganization: (detail: string) => new ApiError(403, 'organization_mismatch', detail),
  /** A dashboard user whose role may not do this (docs/users-and-roles.md). */
  roleForbidden: (detail: string) => new ApiError(403, 'role_forbidden', detail),
  /** A write with the session cookie but without its CSRF token (X-CSRF-Token). */
  csrfTokenInvalid: () =>
    new ApiError(
      403,
      'csrf_token_invalid',
      'Missing or wrong CSRF token: with the session cookie, writes must send X-CSRF-Token (csrf_token from POST or GET /api/session, also in the XSRF-TOKEN cookie).',
    ),
  policyInactive: () => new ApiError(403, 'policy_inactive', 'The policy of this API key is inactive.'),
  noActiveLicense: () => new ApiError(403, 'license_inactive', 'The organization has no active license.'),
  licenseRevoked: (body: Record<string, unknown> = {}) =>
    new ApiError(403, 'license_revoked', 'The license has been revoked.', {}, body),
  licenseExpired: (at: Date, body: Record<string, unknown> = {}) =>
    new ApiError(403, 'license_expired', `The license expired at ${at.toISOString()}.`, {}, body),

  notFound: (what: string) => new ApiError(404, 'not_found', `${what} not found.`),
  routeNotFound: (method: string, url: string) => new ApiError(404, 'route_not_found', `No route ${method} ${url}.`),
  invalidSession: () => new ApiError(401, 'invalid_session', 'The session has ended or is not valid; sign in again with POST /api/session.'),
  partnerKeyScope: (detail: string) => new ApiError(403, 'partner_key_scope', detail),
  /** The rest of the body is never read: the connection closes after the answer. */
  requestTimeout: (detail: string) => new ApiError(408, 'request_timeout', detail, { connection: 'close' }),
  conflict: (detail: string) => new ApiError(409, 'conflict', detail),
  /** A bundle still being made has nothing to verify yet. */
  bundlePending: () => new ApiError(409, 'bundle_pending', 'The bundle is still being made: verify it once GET …/bundles/{bundle_id} answers the ZIP.'),
  uriTooLong: () => new ApiError(414, 'uri_too_long', 'A path parameter is longer than 100 characters.'),
  payloadTooLarge: (detail: string) => new ApiError(413, 'payload_too_large', detail),
  unsupportedMediaType: (detail: string) => new ApiError(415, 'unsupported_media_type', detail),
  validation: (detail: string) => new ApiError(422, 'validation_error', detail),
  invalidCursor: (detail: string) => new ApiError(422, 'invalid_cursor', detail),
  webhookUrlRefused: (detail: string) => new ApiError(422, 'webhook_url_refused', detail),
  invalidRequestId: () => new ApiError(422, 'invalid_request_id', 'X-Request-Id must be 1 to 128 characters of A-Z, a-z, 0-9 and . _ : -; leave it out to have one minted.'),
  rateLimited: (detail: string, retryAfterS: number) => limited('rate_limited', detail, retryAfterS),
  quotaExceeded: (detail: string, retryAfterS: number) => limited('quota_exceeded', detail, retryAfterS),
  /** Refused before a credential is even looked up: the address has failed too often (src/api/plugins/auth.ts). */
  authThrottled: (retryAfterS: number, limit: number) =>
    throttled(
      'auth_throttled',
      `Too many failed authentications from this address (${limit} per minute). Credentials that are not already verified are refused for ${retryAfterS} s.`,
      retryAfterS,
      limit,
    ),

  detectionOverloaded: () => unavailable('detection_overloaded', 'Detection is at capacity; the content was not checked. Retry shortly.'),
  detectionTimeout: () => unavailable('detection_timeout', 'Detection did not finish in time; the content was not checked.'),
  detectionFailed: () => unavailable('detection_failed', 'Detection failed; the content was not checked.'),
  /** A file check's failure as its worker recorded it (a FileError's status and code, or a 503). */
  fileFailure: (status: number, code: string, detail: string) =>
    status >= 500 ? unavailable(code, detail) : new ApiError(status, code, detail),
  storedFileUnreadable: () => unavailable('file_unreadable', 'The stored file failed its integrity check; it is not served.'),
  fileCheckFailed: () => unavailable('file_check_failed', 'The file could not be checked and nothing was released. Submit it again.'),
  /** One bundle per window: its own X-RateLimit-* (1 per window, none left), not the dashboard ceiling's. */
  exportThrottled: (detail: string, retryAfterS: number) => throttled('export_throttled', detail, retryAfterS, 1),
  exportFailed: () => unavailable('export_failed', 'The evidence bundle could not be generated. Retry shortly.'),
  pdfRenderFailed: () => unavailable('pdf_render_failed', 'The PDF could not be rendered. Retry shortly.'),
  ssoUnavailable: () => unavailable('sso_unavailable', 'The identity provider could not be reached; sign in with email and password, or retry shortly.'),
  storeUnavailable: () => unavailable('store_unavailable', 'The data store is unavailable; the request was not completed.'),
  cacheUnavailable: () => unavailable('redis_unavailable', 'Redis is unavailable; the request was not completed.'),
  auditOverloaded: () => unavailable('audit_overloaded', 'The audit trail is behind; the check was not recorded. Retry shortly.'),
  shuttingDown: () => unavailable('shutting_down', 'The service is shutting down. Retry on another instance.'),

  internal: () => new ApiError(500, 'internal_error', 'An unexpected error occurred.'),
} as const;
