// What `npm run bench scale` seeds (issue 14): organizations with realistic names and policies, and
// audit records made the way a check makes them. Each record comes from a real engine outcome: the
// texts below are checked once per policy and destination with the product's engine, and every
// record is the product's own `checkRecord` of one of those outcomes, under an id made by `newId`
// at the record's (past) time, spread over 90 days with a weekly and daily rhythm.
import { checkOptionsOf } from '../src/checks/options.js';
import { auditSubject, checkRecord } from '../src/checks/record.js';
import { check, type CheckOutcome, type Decision, type Destination } from '../src/engine/index.js';
import type { AuditDoc } from '../src/store/audit-repository.js';
import { newId } from '../src/store/ids.js';
import type { OrganizationDoc } from '../src/store/organization-repository.js';
import type { PolicyDoc } from '../src/store/policy-repository.js';
import type { PolicyInput, RuleInput } from '../src/services/policies.js';

export const DAY_MS = 86_400_000;
export const WINDOW_DAYS = 90;

/** A small seeded generator (mulberry32), so two runs seed the same shape of data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST = ['Northwind', 'Blue Harbor', 'Cedar', 'Lumen', 'Atlas', 'Meridian', 'Redwood', 'Summit', 'Quarry', 'Halcyon', 'Oakridge', 'Vantage', 'Kestrel', 'Bright Path', 'Ironbridge', 'Silverline', 'Granite', 'Tidewater', 'Evergreen', 'Foxglove'];
const SECOND = ['Health', 'Logistics', 'Capital', 'Labs', 'Insurance', 'Retail', 'Energy', 'Legal', 'Systems', 'Foods', 'Media', 'Biotech', 'Travel', 'Analytics', 'Clinics', 'Bank', 'Robotics', 'Learning', 'Realty', 'Telecom'];
const SUFFIX = ['Inc.', 'Ltd', 'GmbH', 'LLC', 'S.A.', 'plc', 'Group', 'Co.'];

/** "Northwind Health GmbH" and the like; the slug is unique per run. */
export function organizationName(i: number): string {
  const first = FIRST[i % FIRST.length]!;
  const second = SECOND[Math.floor(i / FIRST.length) % SECOND.length]!;
  const suffix = SUFFIX[Math.floor(i / (FIRST.length * SECOND.length)) % SUFFIX.length]!;
  return `${first} ${second} ${suffix}`;
}

const EVERYWHERE: Destination[] = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];
const rule = (name: string, dataTypes: string[], destinations: Destination[], action: RuleInput['action']): RuleInput => ({
  name,
  enabled: true,
  dataTypes,
  destinations,
  action,
});

/**
 * The three policies every organization has besides its default one (4 in all), each with a legacy
 * SOC 2 tag so evidence reports have controls to show.
 */
export const EXTRA_POLICIES: Array<Pick<PolicyInput, 'name' | 'description' | 'tags' | 'rules'>> = [
  {
    name: 'Engineering',
    description: 'Source code and infrastructure: secrets never leave, financial data never reaches AI tools.',
    tags: ['SOC2:CC6.1'],
    rules: [
      rule('Block secrets everywhere', ['SECRETS'], EVERYWHERE, 'BLOCK'),
      rule('Block financial data to AI tools', ['FINANCIAL'], ['AI_TOOL'], 'BLOCK'),
      rule('Mask PII everywhere', ['PII'], EVERYWHERE, 'MASK'),
      rule('Mask financial data for vendors and customers', ['FINANCIAL'], ['VENDOR', 'CUSTOMER'], 'MASK'),
      rule('Mask PHI everywhere', ['PHI'], EVERYWHERE, 'MASK'),
    ],
  },
  {
    name: 'Customer support',
    description: 'Tickets and replies: customers may see their own details; AI tools and vendors may not.',
    tags: ['SOC2:CC6.7'],
    rules: [
      rule('Block secrets everywhere', ['SECRETS'], EVERYWHERE, 'BLOCK'),
      rule('Block PHI to AI tools', ['PHI'], ['AI_TOOL'], 'BLOCK'),
      rule('Allow PII for customers', ['PII'], ['CUSTOMER'], 'ALLOW'),
      rule('Mask PII for AI tools and vendors', ['PII'], ['AI_TOOL', 'VENDOR'], 'MASK'),
      rule('Mask financial data everywhere', ['FINANCIAL'], EVERYWHERE, 'MASK'),
      rule('Mask PHI for vendors and customers', ['PHI'], ['VENDOR', 'CUSTOMER'], 'MASK'),
    ],
  },
  {
    name: 'Clinical operations',
    description: 'Patient data: PHI is blocked everywhere, payment details are blocked for vendors.',
    tags: ['SOC2:C1.1'],
    rules: [
      rule('Block PHI everywhere', ['PHI'], EVERYWHERE, 'BLOCK'),
      rule('Block secrets everywhere', ['SECRETS'], EVERYWHERE, 'BLOCK'),
      rule('Block financial data to vendors', ['FINANCIAL'], ['VENDOR'], 'BLOCK'),
      rule('Mask PII everywhere', ['PII'], EVERYWHERE, 'MASK'),
      rule('Mask financial data for AI tools and customers', ['FINANCIAL'], ['AI_TOOL', 'CUSTOMER'], 'MASK'),
    ],
  },
];

/** Texts whose checks give every decision under the policies above: clean, personal, financial, health, secrets. */
const TEXTS = [
  'Please summarise the notes from the quarterly planning session and list the open action items.',
  'Draft a friendly reply to the customer thanking them for the feedback on the new dashboard.',
  'Contact jane.doe@example.com or (415) 555-0134 about the renewal before Friday.',
  'SSN 536-22-1947 for the new hire John Smith, DOB 04/12/1985, starts on Monday.',
  'Customer phone +44 20 7946 0958 and email omar@acme.co.uk, card 5500 0000 0000 0004.',
  'Card on file 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00.',
  'Routing number 021000021 account 123456789012 wire to Jane Doe.',
  'Patient MRN 00482913 diagnosed with E11.9 type 2 diabetes, prescribed metformin.',
  'ghp_R7tY2uWq9ZkL4mN8pX3vB6cD1eF5gH0jK2sA token for the CI.',
  'ping omar.haddad@example.org, the CI token is ghp_R7tY2uWq9ZkL4mN8pX3vB6cD1eF5gH0jK2sA',
  'Use sk_live_51HqLyjWDarjtT1zdp7dcXzBq4Tm2nE8vKpQ9 for billing.',
  'postgres://admin:S3cr3tPassw0rd!@db.internal:5432/prod',
];

/** The search term of the search figures: a type name that only some summaries hold. */
export const SEARCH_TERM = 'IBAN';
/** A term about a quarter of the records match (masked checks): a day's search fills a page at 100k too. */
export const BROAD_SEARCH_TERM = 'mask';

type Outcome = Omit<CheckOutcome, 'masked_content'>;
const DECISION_OF = { ALLOW: 'ALLOWED', MASK: 'ALLOWED_WITH_MASKING', BLOCK: 'BLOCKED' } as const satisfies Record<string, Decision>;
type Short = keyof typeof DECISION_OF;

/** Engine outcomes of TEXTS under one policy, by destination and decision. */
function outcomesOf(policy: PolicyDoc): Map<string, Outcome[]> {
  const pool = new Map<string, Outcome[]>();
  for (const destination of EVERYWHERE) {
    for (const text of TEXTS) {
      const { masked_content: _content, ...outcome } = check(text, checkOptionsOf(policy, destination, 'scale-bench'));
      const key = `${destination}:${outcome.decision}`;
      pool.set(key, [...(pool.get(key) ?? []), outcome]);
    }
  }
  return pool;
}

export interface SeedOrg {
  org: OrganizationDoc;
  policies: PolicyDoc[];
}

/** Picks from cumulative weights. */
function picker<T>(items: readonly T[], weights: readonly number[], rnd: () => number): () => T {
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  weights.reduce((sum, w) => (cumulative.push((sum + w) / total), sum + w), 0);
  return () => {
    const r = rnd();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!;
  };
}

export const MIX = {
  decision: { ALLOW: 0.6, MASK: 0.25, BLOCK: 0.15 } as Record<Short, number>,
  destination: { AI_TOOL: 0.6, VENDOR: 0.25, CUSTOMER: 0.15 } as Record<Destination, number>,
  fileShare: 0.1,
  bigOrgShare: 0.5,
  policyWeights: [0.4, 0.3, 0.2, 0.1],
};

/**
 * Audit records for the organizations: the first holds half of them, the others share the rest on
 * a long tail; each org's policies in falling shares; decisions, destinations and sources mixed as MIX.
 */
export class RecordMaker {
  private readonly rnd: () => number;
  private readonly pools = new Map<string, Map<string, Outcome[]>>();
  private readonly smallOrg: () => SeedOrg;
  private readonly destination: () => Destination;
  private readonly decision: () => Short;
  private readonly policyOf = new Map<string, () => PolicyDoc>();

  constructor(
    private readonly orgs: SeedOrg[],
    seed: number,
  ) {
    this.rnd = random(seed);
    for (const { org, policies } of orgs) {
      for (const p of policies) this.pools.set(p._id, outcomesOf(p));
      this.policyOf.set(org._id, picker(policies, MIX.policyWeights.slice(0, policies.length), this.rnd));
    }
    const rest = orgs.slice(1);
    this.smallOrg = picker(rest, rest.map((_, k) => 1 / (k + 1) ** 0.7), this.rnd);
    this.destination = picker(EVERYWHERE, EVERYWHERE.map((d) => MIX.destination[d]), this.rnd);
    const shorts = Object.keys(MIX.decision) as Short[];
    this.decision = picker(shorts, shorts.map((s) => MIX.decision[s]), this.rnd);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rnd() * items.length)]!;
  }

  /** A record made at `at` (ms). */
  next(at: number): AuditDoc {
    const { org } = this.orgs.length === 1 || this.rnd() < MIX.bigOrgShare ? this.orgs[0]! : this.smallOrg();
    const policy = this.policyOf.get(org._id)!();
    let destination = this.destination();
    const decision = DECISION_OF[this.decision()];
    const pool = this.pools.get(policy._id)!;
    // A policy may never take this decision for this destination (nothing blocked for customers): another destination.
    let outcomes = pool.get(`${destination}:${decision}`);
    if (!outcomes) {
      const other = EVERYWHERE.find((d) => pool.has(`${d}:${decision}`));
      if (other) destination = other;
      outcomes = pool.get(`${destination}:${decision}`) ?? [...pool.values()].flat();
    }
    const outcome = this.pick(outcomes);
    const createdAt = new Date(at);
    const isFile = this.rnd() < MIX.fileShare;
    const kind = this.pick(['pdf', 'pdf', 'docx', 'image', 'text'] as const);
    const pages = kind === 'pdf' ? 1 + Math.floor(this.rnd() * 30) : 1;
    return checkRecord({
      id: newId('pf', createdAt.getTime()),
      subject: auditSubject(org, policy),
      destination,
      outcome,
      bytes: isFile ? 20_000 + Math.floor(this.rnd() * 4_000_000) : 80 + Math.floor(this.rnd() * 6_000),
      createdAt,
      ...(isFile && { file: { kind, pages, ocr_pages: kind === 'image' ? 1 : 0, masked: outcome.decision === 'ALLOWED_WITH_MASKING' } }),
    });
  }
}
