// The OCR pool reads real rendered text offline, places words where they were drawn, survives a
// failed job by replacing its worker, bounds jobs with a timeout, and refuses work once closed. Its
// workers start on the first job that needs them and exit after idling.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrPool, OcrError, type OcrPool } from '../../src/files/ocr-pool.js';
import { pngOf } from '../helpers/file-fixtures.js';

let pool: OcrPool;
beforeAll(async () => {
  pool = await createOcrPool({ workers: 2 });
});
afterAll(() => pool.close());

// pngOf: 40 px margin, 32 px text, lines 51 px apart.
const lineTop = (i: number) => 40 + 51 * i;

describe('OCR pool', () => {
  it('reads words line by line, each with its box', async () => {
    const { lines } = await pool.recognize(await pngOf(['Name: Jane Doe', '123-45-6789 is the SSN']));
    expect(lines.map((l) => l.map((w) => w.text).join(' '))).toEqual(['Name: Jane Doe', '123-45-6789 is the SSN']);
    const ssn = lines[1]![0]!;
    expect(ssn.box.x0).toBeGreaterThanOrEqual(35);
    expect(ssn.box.x0).toBeLessThanOrEqual(50);
    expect(ssn.box.y0).toBeGreaterThanOrEqual(lineTop(1));
    expect(ssn.box.y1).toBeLessThanOrEqual(lineTop(2) + 8);
    expect(ssn.box.x1).toBeLessThan(lines[1]![1]!.box.x0);
  });

  it('runs jobs side by side on its workers', async () => {
    const images = await Promise.all(['alpha@example.com', 'beta@example.com', 'gamma@example.com'].map((t) => pngOf([t])));
    const results = await Promise.all(images.map((png) => pool.recognize(png)));
    expect(results.map((r) => r.lines[0]!.map((w) => w.text).join(' '))).toEqual(['alpha@example.com', 'beta@example.com', 'gamma@example.com']);
  });

  it('fails a job it cannot read with an OcrError, replaces the worker, and keeps working', async () => {
    await expect(pool.recognize(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(OcrError);
    await expect(pool.recognize(Buffer.from('still not an image'))).rejects.toBeInstanceOf(OcrError);
    const again = await Promise.all([pool.recognize(await pngOf(['after failure'])), pool.recognize(await pngOf(['second worker']))]);
    expect(again.map((r) => r.lines[0]!.map((w) => w.text).join(' '))).toEqual(['after failure', 'second worker']);
  });

  it('writes no language data to the working directory', () => {
    expect(existsSync('eng.traineddata')).toBe(false);
  });
});

describe('OCR pool limits', () => {
  it('times a slow job out with an OcrError', async () => {
    const quick = await createOcrPool({ workers: 1, timeoutMs: 1 });
    try {
      await expect(quick.recognize(await pngOf(['slow']))).rejects.toThrow(/OCR took longer than 1 ms/);
    } finally {
      await quick.close();
    }
  });

  it('will not start without a worker', async () => {
    await expect(createOcrPool({ workers: 0 })).rejects.toThrow(/at least one worker/);
  });

  it('starts no worker until a job comes, and lets an idle worker exit', async () => {
    const lazy = await createOcrPool({ workers: 2, idleMs: 300 });
    try {
      expect(lazy.started()).toBe(0);
      const first = await lazy.recognize(await pngOf(['first job']));
      expect(first.lines[0]!.map((w) => w.text).join(' ')).toBe('first job');
      // One job at a time needs one worker: the second stays unstarted.
      expect(lazy.started()).toBe(1);
      await new Promise((r) => setTimeout(r, 600));
      expect(lazy.started()).toBe(0);
      const again = await lazy.recognize(await pngOf(['after idling']));
      expect(again.lines[0]!.map((w) => w.text).join(' ')).toBe('after idling');
    } finally {
      await lazy.close();
    }
  });

  it('refuses jobs after close, and refuses jobs still queued when it closes', async () => {
    const small = await createOcrPool({ workers: 1 });
    const png = await pngOf(['queued']);
    const running = small.recognize(png);
    const queued = small.recognize(png);
    const closing = small.close();
    await expect(queued).rejects.toThrow(/closed/);
    await expect(running).resolves.toMatchObject({ lines: [[{ text: 'queued' }]] });
    await closing;
    await expect(small.recognize(png)).rejects.toThrow(/closed/);
  });
});
