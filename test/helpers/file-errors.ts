// The FileError a file-check step refuses with; anything else it throws fails the test as is.
import { FileError } from '../../src/files/types.js';

export async function refusal(run: () => unknown): Promise<FileError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof FileError) return err;
    throw err;
  }
  throw new Error('expected a FileError');
}
