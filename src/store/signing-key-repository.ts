// The key pair that signs license tokens: made once per deployment and shared by every replica.
import type { Db } from 'mongodb';
import { isDuplicateKey } from './errors.js';

export interface SigningKeyDoc {
  _id: string;
  key_id: string;
  algorithm: 'RS256';
  /** SPKI PEM. */
  public_key: string;
  /** PKCS#8 PEM, encrypted under SERVICE_MASTER_KEY (KeyVault). */
  private_key_enc: string;
  created_at: Date;
}

export type SigningKeyRepository = ReturnType<typeof signingKeyRepository>;

export function signingKeyRepository(db: Db) {
  const col = db.collection<SigningKeyDoc>('signing_keys');
  return {
    find(id: string): Promise<SigningKeyDoc | null> {
      return col.findOne({ _id: id });
    },
    /** Stores the candidate unless a key with its id exists; answers the stored one (the first writer wins). */
    async insertOrGet(candidate: SigningKeyDoc): Promise<SigningKeyDoc> {
      try {
        await col.insertOne(candidate);
        return candidate;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const stored = await col.findOne({ _id: candidate._id });
        if (!stored) throw err;
        return stored;
      }
    },
  };
}
