// A progress line on stderr for long scans: only on a terminal, only after the first second, at
// most five times a second, and wiped when the scan ends.
export interface Progress {
  update(files: number, bytes: number): void;
  done(): void;
}

const SILENT: Progress = { update() {}, done() {} };

export function progressLine(stream: NodeJS.WriteStream, totalFiles: number, totalBytes: number): Progress {
  if (!stream.isTTY) return SILENT;
  const started = Date.now();
  let last = 0;
  let shown = false;
  const mb = (n: number) => (n / 1e6).toFixed(1);
  return {
    update(files, bytes) {
      const now = Date.now();
      if (now - started < 1000 || now - last < 200) return;
      last = now;
      shown = true;
      stream.write(`\r\x1b[Kpreflight: ${files}/${totalFiles} files, ${mb(bytes)}/${mb(totalBytes)} MB`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
