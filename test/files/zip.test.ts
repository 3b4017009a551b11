// The guarded ZIP reader: real packages read back byte for byte; bombs (honest and lying), encrypted
// entries and damaged containers refused with the cap or the damage named.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILE_LIMITS } from '../../src/files/types.js';
import { listZip, readZip, type ZipLimits } from '../../src/files/zip.js';
import { truncatedDocx, zipBomb, zipOf } from '../helpers/bad-files.js';
import { refusal } from '../helpers/file-errors.js';
import { docx } from '../helpers/file-fixtures.js';

const MiB = 1024 * 1024;


const limits = (over: Partial<ZipLimits> = {}): ZipLimits => ({ ...DEFAULT_FILE_LIMITS, ...over });

describe('readZip', () => {
  it('reads every file entry of a real DOCX (JSZip, deflate), leaving directories out', async () => {
    const files = readZip(await docx({ body: ['Body 123-45-6789'], header: ['Head'] }), limits());
    expect([...files.keys()]).toContain('word/document.xml');
    expect([...files.keys()].some((name) => name.endsWith('/'))).toBe(false);
    expect(files.get('word/document.xml')!.toString()).toContain('Body 123-45-6789');
    expect(files.get('word/header1.xml')!.toString()).toContain('Head');
  });

  it('reads stored and deflated entries, and lets small entries compress as far as they like', () => {
    const xml = Buffer.from(`<a>${'<b/>'.repeat(50_000)}</a>`);
    const random = randomBytes(1000);
    const files = readZip(zipOf([{ name: 'x.xml', data: xml }, { name: 'r.bin', data: random, store: true }]), limits());
    expect(files.get('x.xml')!.equals(xml)).toBe(true);
    expect(files.get('r.bin')!.equals(random)).toBe(true);
  });

  it('refuses an honest bomb by its ratio: 8 MiB of zeros deflated to a few kilobytes', async () => {
    const bomb = zipBomb(8 * MiB);
    expect(bomb.length).toBeLessThan(20_000);
    const err = await refusal(() => readZip(bomb, limits()));
    expect([err.code, err.status]).toEqual(['file_bomb', 422]);
    expect(err.message).toMatch(/entry word\/document\.xml inflates \d+× \([\d,]+ → 8,388,608 bytes\); the limit is 200×/);
  });

  it('refuses an entry over the per-entry cap, and entries over the total cap', async () => {
    const perEntry = await refusal(() => readZip(zipBomb(3 * MiB), limits({ maxEntryBytes: 2 * MiB, maxRatio: 1e6 })));
    expect(perEntry.code).toBe('file_bomb');
    expect(perEntry.message).toMatch(/inflates to 3,145,728 bytes; the limit per entry is 2,097,152/);

    const parts = Array.from({ length: 4 }, (_, i) => ({ name: `word/part${i}.xml`, data: Buffer.alloc(MiB) }));
    const total = await refusal(() => readZip(zipOf(parts), limits({ maxInflatedBytes: 3 * MiB, maxRatio: 1e6 })));
    expect(total.code).toBe('file_bomb');
    expect(total.message).toMatch(/more than 3,145,728 bytes in total/);
  });

  it('refuses more entries than the cap before reading any', async () => {
    const many = zipOf(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })));
    const err = await refusal(() => readZip(many, limits({ maxEntries: 10 })));
    expect(err.code).toBe('file_bomb');
    expect(err.message).toMatch(/11 entries; the limit is 10/);
  });

  it('stops a header that lies about its size at the size it declares', async () => {
    // 64 MiB of zeros, declared as 1,000 bytes: within every cap on paper.
    const liar = zipOf([{ name: 'word/document.xml', data: Buffer.alloc(64 * MiB), declaredSize: 1000 }]);
    expect(liar.length).toBeLessThan(100_000);
    const before = process.memoryUsage().arrayBuffers;
    const err = await refusal(() => readZip(liar, limits()));
    expect(err.code).toBe('file_bomb');
    expect(err.message).toMatch(/entry word\/document\.xml inflates past the 1,000 bytes its header declares/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * MiB);
  });

  it('refuses an entry that inflates to less than it declares, or fails its CRC', async () => {
    const short = await refusal(() => readZip(zipOf([{ name: 'a.xml', data: Buffer.from('<a/>'), declaredSize: 10 }]), limits()));
    expect(short.code).toBe('corrupt_file');
    expect(short.message).toMatch(/holds 4 bytes, not the 10/);

    const zip = zipOf([{ name: 'a.xml', data: Buffer.from('<a>hello</a>'), store: true }]);
    const flipped = 30 + 'a.xml'.length + 3;
    zip.writeUInt8(zip.readUInt8(flipped) ^ 0xff, flipped);
    const crc = await refusal(() => readZip(zip, limits()));
    expect(crc.code).toBe('corrupt_file');
    expect(crc.message).toMatch(/fails its CRC check/);
  });

  it('refuses an encrypted entry as encrypted', async () => {
    const err = await refusal(() => readZip(zipOf([{ name: 'word/document.xml', data: Buffer.from('<w/>'), flags: 1 }]), limits()));
    expect([err.code, err.status]).toEqual(['encrypted_file', 422]);
    expect(err.message).toMatch(/word\/document\.xml is encrypted/);
  });

  it('refuses damaged containers as corrupt, naming the damage', async () => {
    const cases: Array<[Buffer, RegExp]> = [
      [await truncatedDocx(), /no end-of-central-directory record/],
      [Buffer.from('PK'), /too short/],
      [zipOf([{ name: 'a', data: randomBytes(5000), store: true }]).subarray(2000), /central directory lies outside the file/],
      [zipOf([{ name: 'a', data: Buffer.from('x') }, { name: 'a', data: Buffer.from('y') }]), /holds entry a twice/],
    ];
    for (const [bytes, detail] of cases) {
      const err = await refusal(() => readZip(bytes, limits()));
      expect(err.code).toBe('corrupt_file');
      expect(err.message).toMatch(detail);
    }
  });

  it('refuses an entry whose data is not deflate, and one whose data is cut off', async () => {
    const zip = zipOf([{ name: 'a.xml', data: Buffer.from('<a>hello</a>'.repeat(10)) }]);
    zip.fill(0xff, 30 + 5, 30 + 5 + 4);
    expect((await refusal(() => readZip(zip, limits()))).message).toMatch(/not valid deflate data/);

    const stored = zipOf([{ name: 'a.bin', data: randomBytes(100), store: true }]);
    stored.writeUInt32LE(5000, stored.length - 22 - 46 - 5 + 20);
    stored.writeUInt32LE(5000, stored.length - 22 - 46 - 5 + 24);
    expect((await refusal(() => readZip(stored, limits()))).message).toMatch(/cut off/);
  });
});

describe('listZip', () => {
  it('lists names and declared sizes without inflating', async () => {
    const entries = listZip(zipBomb(8 * MiB));
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ['[Content_Types].xml', 8],
      ['word/document.xml', 8 * MiB],
    ]);
  });
});
