// What the scanners read: a file from disk, or a staged blob from git's index.

export interface Source {
  /** As reported: relative to the working folder (disk) or to the repository's top (staged), with `/`. */
  path: string;
  size: number;
  /** Set for files on disk, so a worker thread can read them itself. */
  fsPath?: string;
  read(): Promise<Buffer>;
}

/** A path seen but not scanned, and why. */
export interface Skip {
  path: string;
  skipped: string;
}

export const isSkip = (s: Source | Skip): s is Skip => 'skipped' in s;
