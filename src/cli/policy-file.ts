// `--policy FILE`: a policy in the API's own shape (the body of POST /api/orgs/{org}/policies, or a
// policy as GET answers it), in YAML or JSON, validated by the API's own schema so a file fails
// with the messages the API would give. A bare list is taken as the rules. Without a file, the
// rules a new organization starts with (the engine's default rules).
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { PolicyCreate } from '../api/schemas/policies.js';
import { defaultRules, DEFAULT_MIN_CONFIDENCE } from '../engine/index.js';
import type { AllowEntry, CustomDetectorSpec, Rule } from '../engine/types.js';
import { CliError } from './errors.js';

export interface CliPolicy {
  name: string;
  rules: Rule[];
  customDetectors: CustomDetectorSpec[];
  allow: AllowEntry[];
  minConfidence: number;
}

export class PolicyFileError extends CliError {}

/** Fields the service assigns: present when the file is a policy as the API returned it. */
const SERVER_FIELDS = ['policy_id', 'org_id', 'version', 'license_id', 'api_key', 'created_at', 'updated_at'];

const withIds = (rules: Array<Omit<Rule, 'id'> & { id?: string | undefined }>, prefix: string): Rule[] =>
  rules.map((r, i) => ({ ...r, id: r.id ?? `${prefix}-${i + 1}` }));

export function defaultPolicy(): CliPolicy {
  return { name: 'default rules', rules: withIds(defaultRules(), 'default'), customDetectors: [], allow: [], minConfidence: DEFAULT_MIN_CONFIDENCE };
}

/** As the API words a 422 (src/api/plugins/error-handler.ts): `path: message`, at most five. */
function issuesText(issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const message = issue.message.replace(/^Invalid input: expected (\w+), received undefined$/, 'is required');
    return `${issue.path.join('.') || 'policy'}: ${message}`;
  });
  return parts.join('; ') + (issues.length > 5 ? ` (and ${issues.length - 5} more)` : '');
}

function parseText(file: string, text: string): unknown {
  try {
    return extname(file).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new PolicyFileError(`${file}: not valid ${extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML'}: ${(err as Error).message.split('\n')[0]}`);
  }
}

export function parsePolicy(file: string, data: unknown): CliPolicy {
  let body: unknown = Array.isArray(data) ? { rules: data } : data;
  if (body === null || typeof body !== 'object') throw new PolicyFileError(`${file}: a policy must be an object (or a list of rules)`);
  const fields: Record<string, unknown> = { name: basename(file), ...(body as Record<string, unknown>) };
  for (const key of SERVER_FIELDS) delete fields[key];
  body = fields;
  const parsed = PolicyCreate.safeParse(body);
  if (!parsed.success) throw new PolicyFileError(`${file}: invalid policy. ${issuesText(parsed.error.issues)}.`);
  const p = parsed.data;
  return {
    name: p.name,
    rules: withIds(p.rules, 'rule'),
    customDetectors: p.custom_detectors.map((d) => ({
      name: d.name,
      category: d.category,
      ...(d.pattern !== undefined ? { pattern: d.pattern } : { keywords: d.keywords ?? [] }),
      case_sensitive: d.case_sensitive,
    })),
    allow: p.allow.map((e) => (e.value !== undefined ? { value: e.value } : { pattern: e.pattern ?? '' })),
    minConfidence: p.min_confidence,
  };
}

export async function loadPolicy(file: string): Promise<CliPolicy> {
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new PolicyFileError(`${file}: cannot read the policy file (${err.code ?? err.message})`);
  });
  return parsePolicy(file, parseText(file, text));
}
