// Signed evidence bundles (issue 17; docs/compliance.md, "Verifying a bundle"): manifest.json lists
// every other file's size and SHA-256, and manifest.jws beside it is a detached RS256 JWS over the
// manifest's exact bytes, made with the service's signing key (the one /v1/license/public-key serves).
// Verifying re-reads a ZIP: the signature, then every listed file against the manifest.
import { createHash } from 'node:crypto';
import { flattenedVerify, importSPKI } from 'jose';
import JSZip from 'jszip';

export const MANIFEST_FILE = 'manifest.json';
export const SIGNATURE_FILE = 'manifest.jws';

export interface BundleVerification {
  valid: boolean;
  key_id: string | null;
  algorithm: 'RS256';
  signature_valid: boolean;
  files: Array<{ path: string; valid: boolean }>;
  /** What failed, one line each; empty when valid. */
  problems: string[];
}

interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function manifestFiles(manifest: unknown): ManifestFile[] | null {
  const files = (manifest as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return null;
  const ok = files.every((f: Partial<ManifestFile>) => typeof f?.path === 'string' && typeof f.size === 'number' && typeof f.sha256 === 'string');
  return ok ? (files as ManifestFile[]) : null;
}

/** Whether the detached JWS signs exactly `payload` with the key; and the key id it names. */
async function checkSignature(jws: string, payload: Uint8Array, key: { key_id: string; public_key: string }): Promise<{ valid: boolean; kid: string | null; problem?: string }> {
  const [header, middle, signature] = jws.trim().split('.');
  if (header === undefined || middle !== '' || signature === undefined) return { valid: false, kid: null, problem: `${SIGNATURE_FILE} is not a detached compact JWS` };
  let kid: string | null = null;
  try {
    kid = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { kid?: string }).kid ?? null;
  } catch {
    return { valid: false, kid: null, problem: `${SIGNATURE_FILE} has an unreadable header` };
  }
  if (kid !== key.key_id) return { valid: false, kid, problem: `${SIGNATURE_FILE} names key ${kid ?? '(none)'}, not this service's key ${key.key_id}` };
  try {
    await flattenedVerify({ protected: header, payload, signature }, await importSPKI(key.public_key, 'RS256'), { algorithms: ['RS256'], crit: { b64: true } });
    return { valid: true, kid };
  } catch {
    return { valid: false, kid, problem: `the signature does not match ${MANIFEST_FILE}` };
  }
}

/** Re-checks a bundle ZIP: its signature with the key, then each file the manifest lists, and that nothing else is in it. */
export async function verifyBundleZip(zipBytes: Uint8Array, key: { key_id: string; public_key: string }): Promise<BundleVerification> {
  const problems: string[] = [];
  const result = (signature: { valid: boolean; kid: string | null }, files: BundleVerification['files']): BundleVerification => ({
    valid: problems.length === 0,
    key_id: signature.kid,
    algorithm: 'RS256',
    signature_valid: signature.valid,
    files,
    problems,
  });
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(zipBytes);
  } catch {
    problems.push('the bundle is not a readable ZIP');
    return result({ valid: false, kid: null }, []);
  }
  const manifestEntry = zip.file(MANIFEST_FILE);
  const jwsEntry = zip.file(SIGNATURE_FILE);
  if (!manifestEntry || !jwsEntry) {
    problems.push(`the bundle lacks ${manifestEntry ? SIGNATURE_FILE : MANIFEST_FILE}`);
    return result({ valid: false, kid: null }, []);
  }
  const manifestBytes = await manifestEntry.async('uint8array');
  const signature = await checkSignature(await jwsEntry.async('string'), manifestBytes, key);
  if (signature.problem) problems.push(signature.problem);
  let listed: ManifestFile[] | null = null;
  try {
    listed = manifestFiles(JSON.parse(Buffer.from(manifestBytes).toString('utf8')));
  } catch {
    listed = null;
  }
  if (!listed) {
    problems.push(`${MANIFEST_FILE} does not list the bundle's files`);
    return result(signature, []);
  }
  const files: BundleVerification['files'] = [];
  for (const entry of listed) {
    const file = zip.file(entry.path);
    const bytes = file ? await file.async('uint8array') : null;
    const valid = bytes !== null && bytes.length === entry.size && sha256(bytes) === entry.sha256;
    if (!valid) problems.push(bytes === null ? `${entry.path} is missing` : `${entry.path} does not match its size and SHA-256 in ${MANIFEST_FILE}`);
    files.push({ path: entry.path, valid });
  }
  const known = new Set([MANIFEST_FILE, SIGNATURE_FILE, ...listed.map((f) => f.path)]);
  for (const path of Object.keys(zip.files)) if (!zip.files[path]!.dir && !known.has(path)) problems.push(`${path} is in the bundle but not in ${MANIFEST_FILE}`);
  return result(signature, files);
}
