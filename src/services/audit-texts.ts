// An organization's searchable audit texts (store/audit-texts-repository.ts), kept in memory per
// process: a few hundred small documents that every search would otherwise read again (~60 ms at
// 1M records on FerretDB). Texts are only ever added, and the drainers store a text before any
// record that carries its key; so when the counts a search reads hold a key not kept here, the
// organization has new texts, and they are read again.
import type { Categories } from '../store/audit-layout.js';
import type { AuditTextDayDoc } from '../store/audit-counts-repository.js';
import type { AuditTextDoc, AuditTextsRepository } from '../store/audit-texts-repository.js';

/** Organizations kept, the least recently searched forgotten first. */
const ORGS_KEPT = 32;

interface Kept {
  texts: AuditTextDoc[];
  keys: Set<string>;
}

export class AuditTexts {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly repo: AuditTextsRepository) {}

  /**
   * The keys of the organization's texts that contain `needle` (lower case) and have the categories
   * given; `counted` are the day counts by text key the search is about to walk.
   */
  async matching(orgId: string, needle: string, filter: Partial<Categories>, counted: readonly AuditTextDayDoc[]): Promise<Set<string>> {
    let hit = this.kept.get(orgId);
    this.kept.delete(orgId);
    if (!hit || counted.some((day) => Object.keys(day.x).some((key) => !hit!.keys.has(key)))) {
      const texts = await this.repo.ofOrg(orgId);
      hit = { texts, keys: new Set(texts.map((t) => t.key)) };
    }
    this.kept.set(orgId, hit);
    if (this.kept.size > ORGS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    const keys = new Set<string>();
    for (const t of hit.texts) {
      const fits = (Object.keys(filter) as Array<keyof Categories>).every((k) => filter[k] === undefined || filter[k] === t[k]);
      if (fits && t.text.includes(needle)) keys.add(t.key);
    }
    return keys;
  }
}
