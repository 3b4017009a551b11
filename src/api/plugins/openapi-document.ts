// The OpenAPI document says what the server does (docs/api-conformance.md). Routes declare their own
// outcomes (successes, 202, 409, 410…); the statuses that every route of a kind can answer are added
// here from the route's shape, so no route can forget one:
//   every route          400 (a URL that does not decode), 503 (a dependency is down, or shutdown)
//   path parameters      404, 414 (a parameter over 100 characters), 422
//   query parameters     422
//   a request body       400 (not JSON), 413, 415, 422
//   a credential needed  401, 403, 404 (a resource it names), 429 (with retry_after)
// and every body is given its real content type: errors and 202s are JSON whatever the route
// produces, a 204 has no body.

interface Content {
  schema?: unknown;
}
interface Response {
  description?: string;
  content?: Record<string, Content>;
}
interface Operation {
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  security?: Array<Record<string, unknown>>;
  responses?: Record<string, Response>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

const ERROR = { $ref: '#/components/schemas/Error' };
const RATE_LIMITED = { $ref: '#/components/schemas/RateLimited' };

const DESCRIPTIONS: Record<string, string> = {
  '400': 'Bad request: a URL that does not decode (`bad_request`) or a body that is not JSON (`malformed_json`)',
  '401': 'Missing, malformed or unknown credential',
  '403': 'The credential may not do this (another organization, an inactive policy, a revoked license…)',
  '404': 'No such resource (or another organization’s)',
  '413': 'The body is larger than this endpoint accepts',
  '414': 'A path parameter is longer than 100 characters (`uri_too_long`)',
  '415': 'The body’s Content-Type is not one this endpoint takes (application/json; multipart/form-data for files)',
  '422': 'Validation failed: the detail names each bad field',
  '429': 'A rate limit was reached: retry after `retry_after` seconds (also Retry-After)',
  '503': 'A dependency is unavailable or the service is closing: nothing was done; retry after Retry-After',
};

/** The statuses an operation can answer because of its shape (see the header). */
function sharedStatuses(op: Operation): string[] {
  const where = new Set((op.parameters ?? []).map((p) => p.in));
  const authenticated = (op.security?.length ?? 0) > 0 && op.security?.every((s) => Object.keys(s).length > 0);
  return [
    '400',
    '503',
    ...(where.has('path') ? ['404', '414', '422'] : []),
    ...(where.has('query') ? ['422'] : []),
    ...(op.requestBody ? ['413', '415', '422'] : []),
    ...(authenticated ? ['401', '403', '404', '429'] : []),
  ];
}

const isJsonOnly = (status: string) => status === '202' || Number(status) >= 300;

function conformOperation(op: Operation): void {
  const responses = (op.responses ??= {});
  for (const status of sharedStatuses(op)) {
    responses[status] ??= { content: { 'application/json': { schema: status === '429' ? RATE_LIMITED : ERROR } } };
  }
  for (const [status, response] of Object.entries(responses)) {
    if (!response.description || response.description === 'Default Response') response.description = DESCRIPTIONS[status] ?? response.description;
    if (status === '204') {
      delete response.content;
    } else if (isJsonOnly(status)) {
      const schema = Object.values(response.content ?? {})[0]?.schema ?? ERROR;
      response.content = { 'application/json': { schema } };
    }
  }
}

/** Completes every operation of a generated document in place, and returns it. */
export function conformDocument<T extends OpenApiDocument>(doc: T): T {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) conformOperation(op);
  }
  return doc;
}
