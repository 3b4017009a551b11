// The file-scan processor run again for a check it already recorded (its worker died after the
// record, before BullMQ marked the job done): one audit record, and the same answer.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedis } from '../../src/store/redis-client.js';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetectPool } from '../../src/detect/pool.js';
import { defaultRules } from '../../src/engine/index.js';
import { createOcrPool, type OcrPool } from '../../src/files/ocr-pool.js';
import { DEFAULT_FILE_LIMITS } from '../../src/files/types.js';
import { parseJobFailure } from '../../src/jobs/failure.js';
import { KeyVault } from '../../src/store/api-keys.js';
import { AuditJournal } from '../../src/store/audit-journal.js';
import { fileKeyWrapping, newFileKey, wrapKey } from '../../src/store/file-cipher.js';
import { fileStore } from '../../src/store/file-store.js';
import { newId } from '../../src/store/ids.js';
import { fileScanProcessor, type FileScanJobHandle } from '../../src/workers/file-scan.worker.js';
import { MASTER_KEY, serviceUrls } from '../helpers/app.js';
import { collectionsNaming, storedFor } from '../helpers/stored-files.js';

const { redisUrl, mongodbUrl } = serviceUrls();
let client: MongoClient;
let db: Db;
let redis: Redis;
let ocr: OcrPool;
// Every text through the thread, as a large file's would go; the thread starts on demand, as in the worker.
const detect = new DetectPool({ threads: 1, minThreads: 0, maxQueue: 1, timeoutMs: 60_000, inlineMaxChars: 0 });
beforeAll(async () => {
  client = await MongoClient.connect(mongodbUrl);
  db = client.db(`pf_test_scan_${randomBytes(4).toString('hex')}`);
  redis = createRedis(redisUrl, { connectionName: 'preflight-test' });
  ocr = await createOcrPool({ workers: 1 });
});
afterAll(async () => {
  await Promise.all([ocr.close(), detect.close()]);
  redis.disconnect();
  await db.dropDatabase();
  await client.close();
});

/** A job as the processor sees it; `updateData` changes its data as BullMQ's does. */
const jobFor = (id: string, key: Buffer, sealedUnder = MASTER_KEY): FileScanJobHandle => ({
  async updateData(data) {
    this.data = data;
  },
  data: {
    upload_key: wrapKey(fileKeyWrapping(sealedUnder), key, id),
    preflight_id: id,
    org_id: 'org_t',
    org_name: 'T',
    policy_id: 'pol_t',
    policy_name: 'Default',
    policy_version: '1',
    destination: 'AI_TOOL',
    bytes: 20,
    received_at: new Date().toISOString(),
    policy: { rules: defaultRules().map((r, i) => ({ ...r, id: `rule_${i}` })), masking: 'label', custom_detectors: [], allow: [], min_confidence: 0.5 },
  },
});

function processor() {
  const files = fileStore(db, { retentionMs: 60_000, masterKey: MASTER_KEY });
  const journal = new AuditJournal(redis, `pf:test:scan:${randomBytes(4).toString('hex')}:`, 1_000_000);
  const process = fileScanProcessor({
    files,
    journal,
    recorded: (id) => journal.pending(id),
    ocr,
    detect,
    vault: new KeyVault(MASTER_KEY),
    limits: DEFAULT_FILE_LIMITS,
  });
  return { files, journal, process };
}

describe('file-scan processor', () => {
  it('records a check once however often its job runs, and answers from the record once the upload is gone', async () => {
    const { files, journal, process } = processor();
    const id = newId('pf');
    const key = newFileKey();
    const upload = () => files.putUpload(id, Readable.from([Buffer.from('SSN 123-45-6789\n')]), 'org_t', key);

    await upload();
    const job = jobFor(id, key);
    const first = await process(job);
    // Done with the upload, the job no longer holds its key.
    expect(job.data).not.toHaveProperty('upload_key');
    expect(first.decision).toBe('ALLOWED_WITH_MASKING');
    expect(first.detected).toEqual([{ type: 'SSN', count: 1, sample: '***-**-6789' }]);
    expect(await files.readUpload(id, key)).toBeNull();

    // The upload is still there when the worker died before deleting it: the job runs in full again.
    await upload();
    const again = await process(jobFor(id, key));
    expect(again.created_at).toBe(first.created_at);
    // And when it died after: the answer comes from the record (the key went with the upload).
    const afterDelete = await process(job);
    expect(afterDelete).toMatchObject({ preflight_id: id, decision: first.decision, created_at: first.created_at, masked: true });

    expect(await journal.length()).toBe(1);
    expect((await files.openMasked(id))?.meta.org_id).toBe('org_t');
  });

  const uploadKey = newFileKey();
  it.each([
    ['does not verify under its key', (id: string) => jobFor(id, newFileKey())],
    ['carries a key sealed under another master key', (id: string) => jobFor(id, uploadKey, `${MASTER_KEY}-other`)],
  ])('fails a job for good, checking nothing, when its upload %s, and drops the upload', async (_case, jobOf) => {
    const { files, journal, process } = processor();
    const id = newId('pf');
    await files.putUpload(id, Readable.from([Buffer.from('SSN 123-45-6789\n')]), 'org_t', uploadKey);
    const job = jobOf(id);
    const failure = await process(job).catch((err: unknown) => err);
    expect(job.data).not.toHaveProperty('upload_key');
    expect(failure).toBeInstanceOf(UnrecoverableError);
    expect(parseJobFailure((failure as Error).message)).toMatchObject({ status: 503, code: 'upload_unreadable' });
    expect(await journal.length()).toBe(0);
    expect(await files.hasMasked(id)).toBe(false);
    expect(await storedFor(db, id)).toEqual([]);
    expect(await collectionsNaming(db, id)).toEqual([]);
  });
});
