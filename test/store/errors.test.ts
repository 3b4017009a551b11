// Which errors are a store outage (503 store_unavailable, retry later) and which are not (a bug or
// bad input, never hidden as an outage). The outages themselves are caused for real in
// test/faults/dependencies-killed.test.ts; here, each form the driver and FerretDB give them.
import { MongoNetworkError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isStoreOutage } from '../../src/store/errors.js';

/** FerretDB's InternalError, as it passes on its PostgreSQL driver's failure. */
const ferretInternal = (message: string) => new MongoServerError({ ok: 0, code: 1, codeName: 'InternalError', errmsg: message });

function socketError(code: string, frame: string): Error {
  const err = Object.assign(new Error('This socket has been ended by the other party'), { code });
  err.stack = `Error: This socket has been ended by the other party\n    at Socket.writeAfterFIN [as write] (node:net:572:14)\n    at ${frame}`;
  return err;
}

describe('isStoreOutage', () => {
  it('takes the driver’s own network and selection errors, also as the cause of another', () => {
    expect(isStoreOutage(new MongoServerSelectionError('connect ECONNREFUSED 127.0.0.1:27017', { servers: new Map() } as never))).toBe(true);
    expect(isStoreOutage(new MongoNetworkError('connection 3 to 127.0.0.1:27017 closed'))).toBe(true);
    expect(isStoreOutage(new Error('listing failed', { cause: new MongoNetworkError('closed') }))).toBe(true);
  });

  it('takes FerretDB answering without its PostgreSQL: refused, cut off mid-query, out of connections, shutting down', () => {
    const frames = '[msg_find.go:344 handler.handleMaxTimeMSError] [collection.go:109 postgresql.(*collection).Query]';
    expect(isStoreOutage(ferretInternal(`${frames} failed to connect to \`user=preflight database=ferretdb\`: dial tcp 127.0.0.1:5432: connect: connection refused`))).toBe(true);
    expect(isStoreOutage(ferretInternal(`${frames} unexpected EOF`))).toBe(true);
    expect(isStoreOutage(ferretInternal(`${frames} FATAL: sorry, too many clients already (SQLSTATE 53300)`))).toBe(true);
    expect(isStoreOutage(ferretInternal(`${frames} FATAL: the database system is shutting down (SQLSTATE 57P03)`))).toBe(true);
  });

  it('takes the server’s transient codes (shutting down, stepped down)', () => {
    expect(isStoreOutage(new MongoServerError({ ok: 0, code: 91, codeName: 'ShutdownInProgress', errmsg: 'shutting down' }))).toBe(true);
    expect(isStoreOutage(new MongoServerError({ ok: 0, code: 11600, codeName: 'InterruptedAtShutdown', errmsg: 'interrupted' }))).toBe(true);
  });

  it('takes a raw socket error only when the driver threw it', () => {
    expect(isStoreOutage(socketError('EPIPE', 'Connection.writeCommand (/app/node_modules/mongodb/lib/cmap/connection.js:408:29)'))).toBe(true);
    expect(isStoreOutage(socketError('EPIPE', 'deliver (/app/dist/workers/webhooks.js:40:7)'))).toBe(false);
  });

  it('does not take errors in what was asked, or FerretDB’s other internal errors', () => {
    expect(isStoreOutage(new MongoServerError({ ok: 0, code: 11000, errmsg: 'E11000 duplicate key' }))).toBe(false);
    expect(isStoreOutage(ferretInternal('[msg_find.go:344] invalid input syntax for type jsonb (SQLSTATE 22P02)'))).toBe(false);
    expect(isStoreOutage(new TypeError('Cannot read properties of null'))).toBe(false);
    expect(isStoreOutage(undefined)).toBe(false);
  });
});
