// The body of POST /api/preflight as hostile or unlucky clients send it, over a real socket: a body
// that is not multipart, one cut short, one that stalls or trickles past the deadlines, and a client
// that goes away at any byte. Each gets its 4xx with a detail (or no answer, being gone), and the
// store holds nothing of it afterwards.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { collectionsNaming, filesIn, storedFor } from '../helpers/stored-files.js';

const IDLE_MS = 300;
const BODY_MS = 1_500;
const BOUNDARY = 'XX';

let t: TestApp;
let org: OrgFixture;
let port: number;

beforeAll(async () => {
  t = await startTestApp(testEnv({ FILE_IDLE_TIMEOUT_MS: String(IDLE_MS), FILE_BODY_TIMEOUT_MS: String(BODY_MS) }));
  org = await createOrg(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t?.close());

/** What is stored of an upload: its chunks, files document and sweep record, or collections named after it. */
/** How many files, chunks and sweep records are stored, and the collections there are. */
const everything = async () => {
  const db = t.app.mongo.db;
  const count = (name: string) => db.collection(name).countDocuments({});
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
  return { names, files: await count('uploads.files'), chunks: await count('uploads.chunks'), records: await count('file_sweeps') };
};
const stored = async (id: string) => [...(await storedFor(t.app.mongo.db, id)), ...(await collectionsNaming(t.app.mongo.db, id))];

const form = (file: Buffer, closed = true) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="destination"\r\n\r\nAI_TOOL\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`),
    file,
    Buffer.from(closed ? `\r\n--${BOUNDARY}--\r\n` : ''),
  ]);

function head(length: number, contentType = `multipart/form-data; boundary=${BOUNDARY}`): string {
  return [
    'POST /api/preflight HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `X-Service-API-Key: ${org.apiKey}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
}

/** Opens a connection and sends the request's head; the test sends (some of) the body. */
async function opened(length: number, contentType?: string): Promise<{ socket: Socket; answer: Promise<{ status: number; body: { code: string; detail: string } }> }> {
  const socket = connect({ port, host: '127.0.0.1' });
  await once(socket, 'connect');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const answer = once(socket, 'close').then(() => {
    const text = Buffer.concat(received).toString();
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
    return { status, body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) };
  });
  answer.catch(() => undefined);
  socket.write(head(length, contentType));
  return { socket, answer };
}

/** The intake this request starts: resolves with its id once it has begun reading the form, and `settled` once it cleaned up. */
function nextIntake() {
  const intakes = t.app.services.fileChecks.intakes;
  return once(intakes, 'started').then(([id]: string[]) => ({
    id: id!,
    settled: new Promise<void>((resolve) => {
      const done = (settled: string) => {
        if (settled !== id) return;
        intakes.off('settled', done);
        resolve();
      };
      intakes.on('settled', done);
    }),
  }));
}

/** Sends a whole body with a matching Content-Length and waits for the answer. */
async function send(body: Buffer, contentType?: string) {
  const { socket, answer } = await opened(body.length, contentType);
  socket.write(body);
  return answer;
}

describe('a body that is not well-formed multipart', () => {
  it.each([
    ['no boundary in the Content-Type', Buffer.from('abc'), 'multipart/form-data'],
    ['a body of no parts', Buffer.from('abc'), undefined],
    ['no closing boundary', form(Buffer.from('hello'), false), undefined],
    ['a part header cut short', Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`), undefined],
  ])('%s is 400 malformed_multipart with a detail, and leaves nothing', async (_name, body, contentType) => {
    const before = await everything();
    const { status, body: answer } = await send(body, contentType);
    expect(status).toBe(400);
    expect(answer).toMatchObject({ code: 'malformed_multipart', detail: expect.stringMatching(/multipart/) });
    expect(await everything()).toEqual(before);
  });
});

describe('deadlines on the body', () => {
  it(`a body that stops arriving for ${IDLE_MS} ms is 408 request_timeout, and what was stored of it is gone`, async () => {
    const body = form(Buffer.alloc(300 * 1024, 'a'));
    const intake = nextIntake();
    const { socket, answer } = await opened(body.length);
    socket.write(body.subarray(0, body.length - 100));
    const { id } = await intake;
    const { status, body: error } = await answer;
    expect(status).toBe(408);
    expect(error).toMatchObject({ code: 'request_timeout', detail: expect.stringContaining(`${IDLE_MS} ms`) });
    expect(await stored(id)).toEqual([]);
  });

  it(`a body that trickles in for longer than ${BODY_MS} ms is 408 request_timeout, and leaves nothing`, async () => {
    const body = form(Buffer.alloc(64 * 1024, 'a'));
    const intake = nextIntake();
    const { socket, answer } = await opened(body.length);
    // A byte well inside every idle window, never the whole body within the body deadline.
    let sent = 0;
    const drip = setInterval(() => socket.write(body.subarray(sent, ++sent)), IDLE_MS / 6);
    try {
      const { id } = await intake;
      const { status, body: error } = await answer;
      expect(status).toBe(408);
      expect(error).toMatchObject({ code: 'request_timeout', detail: expect.stringContaining(`${BODY_MS} ms`) });
      expect(await stored(id)).toEqual([]);
    } finally {
      clearInterval(drip);
    }
  });
});

describe('a client that goes away', () => {
  const body = form(Buffer.alloc(1024 * 1024, 'a'));
  const fileStart = body.indexOf('\r\n\r\n', body.indexOf('filename=')) + 4;
  it.each([
    ['before any of the body', 0],
    ['inside the first field', 60],
    ['inside the file part header', fileStart - 10],
    ['at the first byte of the file', fileStart + 1],
    ['half-way through the file', fileStart + 512 * 1024],
    ['before the closing boundary', body.length - 8],
    ['one byte before the end', body.length - 1],
  ])('%s leaves nothing in the store', async (_name, cut) => {
    const intake = nextIntake();
    const { socket } = await opened(body.length);
    socket.write(body.subarray(0, cut));
    const { id, settled } = await intake;
    socket.destroy();
    await settled;
    expect(await stored(id)).toEqual([]);
  });

  it('and the service goes on answering', async () => {
    const { status, body: error } = await send(form(Buffer.alloc(0)));
    expect(status).toBe(422);
    expect(error.code).toBe('empty_file');
    expect(await filesIn(t.app.mongo.db, 'uploads')).toBe(0);
    expect(await t.app.mongo.db.collection('uploads.chunks').countDocuments({})).toBe(0);
  });
});
