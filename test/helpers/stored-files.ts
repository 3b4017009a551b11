// What the store holds of a file, wherever it could be: the shared GridFS buckets (src/store/stored-files.ts),
// and the sweep's record of it.
import type { Db } from 'mongodb';

const BUCKETS = ['uploads', 'masked_files', 'bundles'];

/** Where something of the file `id` is stored: `<bucket>.files`, `<bucket>.chunks`, `file_sweeps`. */
export async function storedFor(db: Db, id: string): Promise<string[]> {
  const where: string[] = [];
  for (const bucket of BUCKETS) {
    if ((await db.collection(`${bucket}.files`).countDocuments({ _id: id as never })) > 0) where.push(`${bucket}.files`);
    if ((await db.collection(`${bucket}.chunks`).countDocuments({ files_id: id })) > 0) where.push(`${bucket}.chunks`);
  }
  if ((await db.collection('file_sweeps').countDocuments({ file_id: id })) > 0) where.push('file_sweeps');
  return where;
}

/** Every collection name of the database that holds `id`: none may (nothing is named per file). */
export async function collectionsNaming(db: Db, id: string): Promise<string[]> {
  return (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).filter((name) => name.includes(id));
}

/** How many files (files documents) a bucket holds. */
export const filesIn = (db: Db, bucket: 'uploads' | 'masked_files' | 'bundles') => db.collection(`${bucket}.files`).countDocuments({});
