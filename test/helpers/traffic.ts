// Traffic for fault tests: clients that send requests back to back while a dependency is killed and
// brought back, keeping every answer; and the promises every answer must keep (fail closed).
import { EventEmitter } from 'node:events';
import { setTimeout as pause } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Record<string, unknown>;
  /** Which request this answers (the client's own counter), for what it sent. */
  sent: string;
}

export interface Traffic {
  answers: Answer[];
  /** Resolves once `count` answers after this call satisfy `match`. */
  until(count: number, match: (a: Answer) => boolean): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A refused request is answered at once, so a client that retried at once would pile up answers by
 * the hundred thousand while a dependency restarts (a test process once ran out of heap): clients
 * back off briefly after a refusal, as real ones do (more briefly than Retry-After, to keep tests short).
 */
const BACKOFF_MS = 20;

/** `clients` loops, each sending `request(label)` and waiting for its answer before the next. */
export function traffic(clients: number, request: (label: string) => Promise<LightMyRequestResponse>): Traffic {
  const answers: Answer[] = [];
  const emitter = new EventEmitter();
  let running = true;
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let n = 0; running; n++) {
      const sent = `${client}-${n}`;
      const res = await request(sent);
      const answer = { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, unknown>, sent };
      answers.push(answer);
      emitter.emit('answer', answer);
      if (answer.status !== 200) await pause(BACKOFF_MS);
    }
  });
  return {
    answers,
    until(count, match) {
      let seen = 0;
      return new Promise((resolve) => {
        const onAnswer = (a: Answer) => {
          if (!match(a) || ++seen < count) return;
          emitter.off('answer', onAnswer);
          resolve();
        };
        emitter.on('answer', onAnswer);
      });
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Every answer is the real verdict or a 503 with Retry-After and one of `codes`: never a 500, never an unscanned ALLOWED. */
export function expectFailClosed(answers: Answer[], verdict: (a: Answer) => void, codes: string[]): void {
  for (const a of answers) {
    if (a.status === 200) {
      verdict(a);
      continue;
    }
    expect(a.status, JSON.stringify(a.body)).toBe(503);
    expect(a.headers['retry-after']).toBeDefined();
    expect(codes).toContain(a.body.code);
  }
}
