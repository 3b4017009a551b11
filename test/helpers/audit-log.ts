// An AuditLog over a drain harness's database whose slot reads are recorded: which slot or tick each
// read asked for (and for which organization), and how many records it answered. Tests of the
// listing's read plan bound what a page decodes with it.
import { AuditLog } from '../../src/services/audit-log.js';
import { auditCountsRepository } from '../../src/store/audit-counts-repository.js';
import { auditRepository, type SlotRead } from '../../src/store/audit-repository.js';
import { auditTextsRepository } from '../../src/store/audit-texts-repository.js';
import { closedDayMarks } from '../../src/store/closed-day-marks.js';
import { policyRepository } from '../../src/store/policy-repository.js';
import { slotSeconds } from '../../src/store/slot-seconds.js';
import type { drainHarness } from './drain.js';

export interface RecordedRead {
  slot: string;
  orgId: string | undefined;
  /** Records the read answered. */
  n: number;
}

/** `reads` fills as listings read; empty it before the listing a test looks at. */
export function recordingAuditLog(h: ReturnType<typeof drainHarness>, journalPrefix: () => string) {
  const reads: RecordedRead[] = [];
  const counting = () => {
    const audit = auditRepository(h.db);
    return {
      ...audit,
      readSlot: async (q: SlotRead) => {
        const found = await audit.readSlot(q);
        reads.push({ slot: q.slot, orgId: q.orgId, n: found.length });
        return found;
      },
    };
  };
  const auditLog = (denseSlot?: number) =>
    new AuditLog(
      { audit: counting(), auditCounts: auditCountsRepository(h.db), auditTexts: auditTextsRepository(h.db), policies: policyRepository(h.db) },
      closedDayMarks(h.redis(), journalPrefix()),
      slotSeconds(h.redis(), journalPrefix()),
      { searchBudgetMs: 60_000, denseSlot },
    );
  return { reads, auditLog };
}
