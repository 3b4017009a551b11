// Lines a process (or the supervisor) writes, kept in order and waited on: tests wait on what a
// process says rather than on time.
import { EventEmitter } from 'node:events';

export interface LineLog {
  lines: string[];
  push(line: string): void;
  /** The first line (already written, or to come) that `match` accepts. */
  waitFor(match: (line: string) => boolean): Promise<string>;
}

export function lineLog(): LineLog {
  const lines: string[] = [];
  const emitter = new EventEmitter();
  return {
    lines,
    push(line) {
      lines.push(line);
      emitter.emit('line', line);
    },
    waitFor(match) {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => {
        const onLine = (line: string) => {
          if (!match(line)) return;
          emitter.off('line', onLine);
          resolve(line);
        };
        emitter.on('line', onLine);
      });
    },
  };
}
