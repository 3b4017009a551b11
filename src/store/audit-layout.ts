// Where an audit record sits, so that every read of the trail is an indexed equality over a bounded
// set (docs/store.md, "The audit trail"): records carry the 10-minute slot of their organization
// (`ob`) and of all organizations (`gb`); counts per day and per hour and slot, by the categories a
// listing filters on, say which slots to read and how many records each skips, without reading them.
// A record's text key (`t`) names its searchable text: a search is counted and read by key, like a filter.
// A record also carries the second and the tenth of a second it falls in (ticks, beside its slot in
// `gb`): a slot dense with records is read a tick at a time, so one read decodes what a tick holds,
// not what ten minutes of heavy traffic hold. An organization's ticks are those of all organizations
// read with its id: one set of tick keys per record, not two, as each costs the drain an index entry.
import { createHash } from 'node:crypto';

/** Minutes in a slot: a listing reads whole slots, so this bounds what one read decodes. */
export const SLOT_MINUTES = 10;
export const SLOT_MS = SLOT_MINUTES * 60_000;
/** The scope of the counts and slots of all organizations together. */
export const ALL_ORGS = '*';

/** `2026-11-25` */
export const dayOf = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
/** The UTC days (YYYY-MM-DD) from the one holding `lo` to the one holding `hi` (ms). */
export function daysBetween(lo: number, hi: number): string[] {
  const days: string[] = [];
  const dayMs = 86_400_000;
  for (let t = Math.floor(lo / dayMs) * dayMs; t <= hi; t += dayMs) days.push(dayOf(t));
  return days;
}
/** `2026-11-25T13` */
export const hourOf = (at: Date | number) => new Date(at).toISOString().slice(0, 13);
/** The start (ms) of the slot holding `at`. */
export const slotStart = (at: Date | number) => Math.floor(new Date(at).getTime() / SLOT_MS) * SLOT_MS;
/** `2026-11-25T13:40`: the slot's start. */
export const slotOf = (at: Date | number) => new Date(slotStart(at)).toISOString().slice(0, 16);
/**
 * A slot whose read would decode more records than this is read by its ticks instead; its records
 * per second are copied to the store (audit-counts-repository.ts, `audit_ticks`) once it holds more.
 * Where whole and tick reads cost alike for a page of 50: a slot of 80 records took 25 ms to read on
 * FerretDB, a read that finds nothing ~2 ms.
 */
export const DENSE_SLOT = 400;

/** Ticks of a slot: its seconds, or its tenths of a second (read instead of the slot when it is dense). */
export const TICK_LEVELS = [
  { ms: 1_000, chars: 19 },
  { ms: 100, chars: 21 },
] as const;
/** `2026-11-25T13:40:07` or `2026-11-25T13:40:07.3`: the tick's start, at a level. */
export const tickOf = (at: Date | number, level: (typeof TICK_LEVELS)[number]) =>
  new Date(Math.floor(new Date(at).getTime() / level.ms) * level.ms).toISOString().slice(0, level.chars);
/** A second's place in its slot, 0 to 599: its field in the slot's counts by second (slot-seconds.ts). */
export const secondInSlot = (at: Date | number) => Math.floor((new Date(at).getTime() % SLOT_MS) / 1_000);
/** A tenth of a second's field in the same counts: `<second>.<tenth>`, `37.4`. */
export const tenthInSlot = (at: Date | number) => `${secondInSlot(at)}.${Math.floor((new Date(at).getTime() % 1_000) / 100)}`;
/** The text-hour count of a slot's records stored with ticks, beside its text keys ('~' is not base64url, so no key is it). */
export const TICKED = '~';

/** A slot's key within its hour's counts: its minute, `40`. */
export const slotInHour = (slot: string) => slot.slice(14, 16);

/** A slot's key on records of one organization, or of all of them. */
export const slotKey = (scope: string, slot: string) => `${scope}|${slot}`;

/** The categories a listing filters on and counts are kept by. */
export interface Categories {
  decision: string;
  destination: string;
  source: string;
  policy_id: string;
}

/**
 * The count key of a record's categories. The policy is left out of the all-organization counts:
 * a policy belongs to one organization, so a filter on it is answered from that organization's counts.
 */
export function comboOf(c: Categories, scope: string): string {
  const base = `${c.decision}~${c.destination}~${c.source}`;
  return scope === ALL_ORGS ? base : `${base}~${c.policy_id}`;
}

/** Whether a count key matches a filter (each category given must be equal). */
export function comboMatches(combo: string, filter: Partial<Categories>): boolean {
  const [decision, destination, source, policy] = combo.split('~');
  return (
    (filter.decision === undefined || filter.decision === decision) &&
    (filter.destination === undefined || filter.destination === destination) &&
    (filter.source === undefined || filter.source === source) &&
    (filter.policy_id === undefined || filter.policy_id === policy)
  );
}

/**
 * The text `search` reads, lower-cased (DESIGN §14; the id is matched exactly, apart), and the
 * caller's app when the check named one: an organization has few apps, so its distinct texts grow by
 * that factor only. user_ref and tags are left out: one text per user would make a text per record
 * (docs/integrations.md, "Metadata"). A record without an app has the text (and key) it always had.
 */
export function searchableText(doc: { summary: string; policy_name: string; destination: string; decision: string; metadata?: { app?: string | undefined } | undefined }): string {
  const app = doc.metadata?.app;
  return [doc.summary, doc.policy_name, doc.destination, doc.decision, ...(app === undefined ? [] : [app])].join('\n').toLowerCase();
}

/** What a record's text key stands for: its searchable text and its categories. */
export interface AuditText extends Categories {
  text: string;
}

type TextSource = Categories & { summary: string; policy_name: string; metadata?: { app?: string | undefined } | undefined };

export function auditTextOf(doc: TextSource): AuditText {
  return { text: searchableText(doc), decision: doc.decision, destination: doc.destination, source: doc.source, policy_id: doc.policy_id };
}

/**
 * A short key for a record's searchable text and categories. Records with the same summary, policy
 * and categories share it (a few hundred per organization, not one per record), so a search matches
 * the organization's texts, then counts and reads records by key (docs/store.md, "The audit trail").
 * Base64url: no '.' and no leading '$', so it can be a field name of the counts.
 */
export function textKeyOf(doc: TextSource): string {
  const t = auditTextOf(doc);
  return createHash('sha256').update(JSON.stringify([t.text, t.source, t.policy_id])).digest('base64url').slice(0, 12);
}

/** The layout fields a stored record carries besides its own. */
export interface LayoutFields {
  /** Organization slot key. */
  ob: string;
  /**
   * All-organization slot key, then tick keys: an equality on any of them finds the record (an array
   * field matches any element). Records stored before ticks have the slot key alone, as a string.
   */
  gb: string[] | string;
  /** The record's text key (textKeyOf). */
  t: string;
}

/** Where a record sits; of the record only what decides that is read. */
export function layoutOf(doc: TextSource & { org_id: string; created_at: Date }): LayoutFields {
  const slot = slotOf(doc.created_at);
  const gb = [slot, ...TICK_LEVELS.map((level) => tickOf(doc.created_at, level))].map((place) => slotKey(ALL_ORGS, place));
  return { ob: slotKey(doc.org_id, slot), gb, t: textKeyOf(doc) };
}
