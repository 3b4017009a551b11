// Which days' sampled checks a report reads (issue 17; docs/compliance.md, "Sampled checks"). The
// drainers keep a few sampled checks per rule and day; a report shows SAMPLES_PER_CONTROL per control
// and reads only the days it needs: every control walks the window's days in one shared order that
// spreads over the window (today, then the first day, the middle, the quarters…), taking the days on
// which its rules fired until they promise enough samples. Sharing the order keeps the days of all
// controls few when rules fire often.

const DAY_MS = 86_400_000;

/** Samples shown per control at most. */
export const SAMPLES_PER_CONTROL = 10;

/** The window's days, newest first, then in bit-reversed order: each next day splits the largest gap left. */
export function spreadOrder(fromDate: string, days: number): string[] {
  const start = Date.parse(`${fromDate}T00:00:00Z`);
  let bits = 0;
  while (1 << bits < days) bits += 1;
  const order: string[] = [];
  for (let i = 0; i < 1 << bits; i++) {
    let reversed = 0;
    for (let b = 0; b < bits; b++) if (i & (1 << b)) reversed |= 1 << (bits - 1 - b);
    // Index 0 is the newest day, so the most recent evidence always comes first.
    if (reversed < days) order.push(new Date(start + (days - 1 - reversed) * DAY_MS).toISOString().slice(0, 10));
  }
  return order;
}

/**
 * The days to read: for each control (its rule ids), days in spread order on which any of its rules
 * fired, until the rules firing on them number SAMPLES_PER_CONTROL (each such rule-day holds at least
 * one sample).
 */
export function sampleDays(controls: ReadonlyArray<readonly string[]>, firedOn: (ruleId: string) => readonly string[] | undefined, order: readonly string[]): string[] {
  const rank = new Map(order.map((day, i) => [day, i]));
  const chosen = new Set<string>();
  for (const rules of controls) {
    const perDay = new Map<string, number>();
    for (const rule of rules) for (const day of firedOn(rule) ?? []) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    let promised = 0;
    for (const [day, n] of [...perDay].sort((a, b) => (rank.get(a[0]) ?? 0) - (rank.get(b[0]) ?? 0))) {
      if (promised >= SAMPLES_PER_CONTROL) break;
      chosen.add(day);
      promised += n;
    }
  }
  return [...chosen];
}
