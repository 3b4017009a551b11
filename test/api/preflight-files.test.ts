// File checks end to end: multipart upload → GridFS → BullMQ `file-scan` → the real worker (in this
// process) → result, masked file download, audit record. Real Redis, FerretDB, OCR and files.
import { Queue } from 'bullmq';
import mammoth from 'mammoth';
import { PDFParse } from 'pdf-parse';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_RETENTION_QUEUE } from '../../src/jobs/file-retention.js';
import { unpackAudit } from '../../src/store/audit-repository.js';
import { startFileWorkers, type FileWorkers } from '../../src/workers/file-workers.js';
import { admin, createOrg, drained, fileCheck, multipart, startTestApp, testEnv, type OrgFixture, type TestApp } from '../helpers/app.js';
import { encryptedPdf, oleFile, pdfBomb, pngClaiming, truncatedDocx, zipBomb } from '../helpers/bad-files.js';
import { docx, pngOf, textPdf } from '../helpers/file-fixtures.js';
import { collectionsNaming, filesIn, storedFor } from '../helpers/stored-files.js';

const SSN = '123-45-6789';
const EMAIL = 'john.smith@example.com';
const AWS_KEY = 'AKIAZ3MSJV4WWNKWW5FG';

let t: TestApp;
let workers: FileWorkers;
let org: OrgFixture;
let other: OrgFixture;

beforeAll(async () => {
  t = await startTestApp(testEnv({ MAX_FILE_BYTES: String(2 * 1024 * 1024), OCR_WORKERS: '1' }));
  workers = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
  org = await createOrg(t.app);
  other = await createOrg(t.app);
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
});

/** Uploads still stored: files documents of the uploads bucket. */
const uploads = () => filesIn(t.app.mongo.db, 'uploads');

async function download(url: string, apiKey: string) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: { 'x-service-api-key': apiKey } });
}

describe('POST /api/preflight', () => {
  it('masks a text file, serves the masked copy to its own organization only, and deletes the upload', async () => {
    const res = await fileCheck(t.app, org.apiKey, Buffer.from(`Customer SSN ${SSN}, mail ${EMAIL}\n`), { destination: 'AI_TOOL' }, 'notes.txt');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.decision).toBe('ALLOWED_WITH_MASKING');
    expect(body.detected.map((d: { type: string }) => d.type).sort()).toEqual(['EMAIL', 'SSN']);
    expect(body).not.toHaveProperty('masked_content');
    expect(body.masked_file_url).toBe(`${t.config.baseUrl}/api/preflight/${body.preflight_id}/masked-file`);

    const file = await download(body.masked_file_url, org.apiKey);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${body.preflight_id}-masked.txt"`);
    expect(file.body).toBe('Customer SSN [SSN], mail [EMAIL]\n');

    expect((await download(body.masked_file_url, other.apiKey)).statusCode).toBe(404);
    const asAdmin = await t.app.inject({ method: 'GET', url: new URL(body.masked_file_url).pathname, headers: admin });
    expect(asAdmin.statusCode).toBe(200);
    expect(await uploads()).toBe(0);
    expect(await storedFor(t.app.mongo.db, body.preflight_id)).toEqual(['masked_files.files', 'masked_files.chunks', 'file_sweeps']);
    expect(await collectionsNaming(t.app.mongo.db, body.preflight_id)).toEqual([]);
    // The key the upload was encrypted under went with it; the job keeps the rest.
    const job = await t.app.queues.fileScan.getJob(body.preflight_id);
    expect(job?.data).toMatchObject({ preflight_id: body.preflight_id, org_id: org.orgId });
    expect(job?.data).not.toHaveProperty('upload_key');
  });

  it('does not serve a masked file changed at rest: 503 file_unreadable, none of its bytes', async () => {
    const res = await fileCheck(t.app, org.apiKey, Buffer.from(`mail ${EMAIL}\n`));
    const id = res.json().preflight_id;
    const chunks = t.app.mongo.db.collection('masked_files.chunks');
    const chunk = await chunks.findOne({ files_id: id, n: 0 });
    const flipped = Buffer.from(chunk!.data.buffer);
    flipped[flipped.length - 1]! ^= 1;
    await chunks.updateOne({ _id: chunk!._id }, { $set: { data: flipped } });
    const file = await download(res.json().masked_file_url, org.apiKey);
    expect(file.statusCode).toBe(503);
    expect(file.json()).toMatchObject({ code: 'file_unreadable', detail: expect.any(String) });
  });

  it('schedules the retention sweep once however many workers start', async () => {
    const more = await startFileWorkers(t.config, t.app.repos, t.app.services.auditJournal, pino({ level: 'silent' }));
    await more.close();
    const queue = new Queue(FILE_RETENTION_QUEUE, { connection: t.app.redis, prefix: t.app.queues.prefix });
    const schedulers = await queue.getJobSchedulers();
    await queue.close();
    expect(schedulers).toEqual([expect.objectContaining({ key: 'sweep-files', every: t.config.files.sweepEveryMs })]);
  });

  it('blocks a PDF holding a secret: no masked file, and GET by id answers the file form', async () => {
    const pdf = await textPdf([['Deploy notes', `aws_access_key_id = ${AWS_KEY}`]]);
    const res = await fileCheck(t.app, org.apiKey, pdf, { destination: 'AI_TOOL' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.decision).toBe('BLOCKED');
    expect(body.masked_file_url).toBeNull();
    expect(body.detected.find((d: { type: string }) => d.type === 'AWS_ACCESS_KEY')?.sample).toBeNull();

    const got = await t.app.inject({ method: 'GET', url: `/api/preflight/${body.preflight_id}`, headers: { 'x-service-api-key': org.apiKey } });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ preflight_id: body.preflight_id, decision: 'BLOCKED', masked_file_url: null });
    expect(got.json()).not.toHaveProperty('masked_content');
    expect((await download(`${t.config.baseUrl}/api/preflight/${body.preflight_id}/masked-file`, org.apiKey)).statusCode).toBe(404);
  });

  it('answers 404 for a masked file whose id is no check id at all (schemathesis found a 500)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/preflight/${encodeURIComponent("'n|$%#[Uy7TW?,=%Q")}/masked-file`,
      headers: { 'x-service-api-key': org.apiKey },
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('masks a PDF text layer: the masked PDF no longer yields the value', async () => {
    const res = await fileCheck(t.app, org.apiKey, await textPdf([['Patient intake', `SSN: ${SSN}`]]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().decision).toBe('ALLOWED_WITH_MASKING');
    const file = await download(res.json().masked_file_url, org.apiKey);
    expect(file.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: file.rawPayload });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain('Patient intake');
    expect(text).not.toContain(SSN);
  });

  it('masks a DOCX whose value is split across runs', async () => {
    const bytes = await docx({ body: ['Employee record', [{ text: 'SSN 123-4' }, { text: '5-6789', bold: true }]] });
    const res = await fileCheck(t.app, org.apiKey, bytes, { destination: 'VENDOR' }, 'record.docx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().decision).toBe('ALLOWED_WITH_MASKING');
    const file = await download(res.json().masked_file_url, org.apiKey);
    const text = (await mammoth.extractRawText({ buffer: file.rawPayload })).value;
    expect(text).toContain('Employee record');
    expect(text).not.toContain(SSN);
  });

  it('reads an image with OCR and masks it as an image of the same type', async () => {
    const res = await fileCheck(t.app, org.apiKey, await pngOf([`Contact ${EMAIL} today`]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().detected.map((d: { type: string }) => d.type)).toContain('EMAIL');
    const file = await download(res.json().masked_file_url, org.apiKey);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('answers 202 with Location when the check outlasts the wait, then GET gives the result', async () => {
    const patient = await startTestApp({ ...testEnv({ FILE_WAIT_MS: '0' }), MONGODB_URL: t.config.mongodb.url, REDIS_PREFIX: t.config.redis.prefix });
    try {
      const res = await fileCheck(patient.app, org.apiKey, Buffer.from(`mail ${EMAIL}`));
      expect(res.statusCode, res.body).toBe(202);
      const { preflight_id } = res.json();
      expect(res.json()).toEqual({ preflight_id, status: 'pending', progress: { stage: 'queued', pages_done: 0, pages_total: null } });
      expect(res.headers.location).toBe(`/api/preflight/${preflight_id}`);
      const job = await patient.app.queues.fileScan.getJob(preflight_id);
      await job?.waitUntilFinished(patient.app.queues.fileScanEvents, 30_000);
      const got = await patient.app.inject({ method: 'GET', url: `/api/preflight/${preflight_id}`, headers: { 'x-service-api-key': org.apiKey } });
      expect(got.statusCode).toBe(200);
      expect(got.json()).toMatchObject({ decision: 'ALLOWED_WITH_MASKING', detected: [{ type: 'EMAIL', count: 1, sample: null }] });
      expect(got.json().masked_file_url).toMatch(/\/masked-file$/);
      const otherOrg = await patient.app.inject({ method: 'GET', url: `/api/preflight/${preflight_id}`, headers: { 'x-service-api-key': other.apiKey } });
      expect(otherOrg.statusCode).toBe(404);
    } finally {
      await patient.app.close();
    }
  });

  it('records each file check once in the audit trail, without content, with the rules that fired (compliance evidence)', async () => {
    const res = await fileCheck(t.app, org.apiKey, Buffer.from(`SSN ${SSN}`));
    const id = res.json().preflight_id;
    await drained(t.app);
    const doc = await t.app.mongo.db.collection('audit').findOne({ _id: id } as object);
    expect(unpackAudit(doc!)).toMatchObject({ source: 'file', decision: 'ALLOWED_WITH_MASKING', file: { kind: 'text', masked: true } });
    expect(JSON.stringify(doc)).not.toContain(SSN);
    const policy = (await t.app.inject({ method: 'GET', url: `/api/orgs/${org.orgId}/policies/${org.policyId}`, headers: admin })).json();
    const piiRule = policy.rules.find((r: { dataTypes: string[]; action: string }) => r.dataTypes.includes('PII') && r.action === 'MASK');
    expect(unpackAudit(doc!).fired_rules).toEqual([{ rule_id: piiRule.id, action: 'MASK' }]);
    const evidence = await t.app.repos.evidence.totalsByRule(org.orgId, '2000-01-01', '2999-12-31');
    expect(evidence.get(piiRule.id)?.masked).toBeGreaterThanOrEqual(1);
  });
});

describe('files that can never be checked', () => {
  const refused = async (bytes: Buffer, status: number, code: string) => {
    const before = await uploads();
    const res = await fileCheck(t.app, org.apiKey, bytes);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
    expect(res.json().detail).toEqual(expect.any(String));
    expect(await uploads()).toBe(before);
    return res.json();
  };

  it('an unsupported type is 415 from its bytes, whatever its name', async () => {
    await refused(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 415, 'unsupported_file_type');
  });

  it('an empty file is 422', async () => {
    await refused(Buffer.alloc(0), 422, 'empty_file');
  });

  it('a file over the size limit is 413', async () => {
    await refused(Buffer.alloc(2 * 1024 * 1024 + 1, 'a'), 413, 'payload_too_large');
  });

  it('a corrupt PDF is 422 and the worker goes on checking', async () => {
    await refused(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'), 422, 'corrupt_file');
    const next = await fileCheck(t.app, org.apiKey, Buffer.from('nothing sensitive here'));
    expect(next.json().decision).toBe('ALLOWED');
  });

  it.each([
    ['a DOCX that is a zip bomb', () => zipBomb(300 * 1024 * 1024), 422, 'file_bomb'],
    ['a truncated DOCX', truncatedDocx, 422, 'corrupt_file'],
    ['a password-protected PDF', encryptedPdf, 422, 'encrypted_file'],
    ['a PDF whose content stream inflates to 300 MiB', () => pdfBomb(300 * 1024 * 1024), 422, 'file_bomb'],
    ['a PNG claiming 100000 × 100000 pixels', () => pngClaiming(100_000, 100_000), 422, 'image_too_large'],
    ['a password-protected Word file', () => oleFile(['EncryptionInfo', 'EncryptedPackage']), 422, 'encrypted_file'],
  ] as const)('%s is refused through the worker with a 4xx that says why', async (_name, make, status, code) => {
    const failure = await refused(await make(), status, code);
    expect(failure.detail.length).toBeGreaterThan(10);
  });

  it('a request without the file or the destination is 422, and a JSON body is 415', async () => {
    const noFile = await multipart({ destination: 'AI_TOOL' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/preflight',
      headers: { 'x-service-api-key': org.apiKey, 'content-type': noFile.contentType },
      payload: noFile.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/file/);
    const noDestination = await fileCheck(t.app, org.apiKey, Buffer.from('hello'), {});
    expect(noDestination.statusCode).toBe(422);
    expect(noDestination.json().detail).toMatch(/destination/);
    const json = await t.app.inject({ method: 'POST', url: '/api/preflight', headers: { 'x-service-api-key': org.apiKey }, payload: { destination: 'AI_TOOL' } });
    expect(json.statusCode).toBe(415);
    expect(await uploads()).toBe(0);
  });

  it('takes one file per check', async () => {
    const form = new FormData();
    form.append('destination', 'AI_TOOL');
    form.append('file', new Blob([Buffer.from('one')]), 'a.txt');
    form.append('file', new Blob([Buffer.from('two')]), 'b.txt');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/preflight',
      headers: { 'x-service-api-key': org.apiKey, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', detail: 'Send one file per check.' });
    expect(await uploads()).toBe(0);
  });

  it('needs a policy key of the organization named in org_id', async () => {
    const body = await multipart({ destination: 'AI_TOOL' }, { name: 'a.txt', bytes: Buffer.from('hi') });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/preflight', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(anonymous.statusCode).toBe(401);
    const wrongOrg = await fileCheck(t.app, org.apiKey, Buffer.from('hi'), { destination: 'AI_TOOL', org_id: other.orgId });
    expect(wrongOrg.statusCode).toBe(403);
    expect(await uploads()).toBe(0);
  });
});
