// What SARIF 2.1.0 requires of the objects the CLI writes (OASIS SARIF 2.1.0, §3.13 sarifLog, §3.14
// run, §3.18-3.19 tool and toolComponent, §3.20 invocation, §3.27 result, §3.28-3.30 locations and
// regions, §3.49 reportingDescriptor, §3.58 notification): the problems found, none when it conforms.
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPositiveInt = (v: unknown) => Number.isInteger(v) && (v as number) >= 1;
const LEVELS = ['none', 'note', 'warning', 'error'];

function message(where: string, m: unknown, problems: string[]): void {
  if (!isObject(m) || (typeof m.text !== 'string' && typeof m.id !== 'string')) problems.push(`${where}.message needs text or id`);
}

function physicalLocation(where: string, p: unknown, problems: string[]): void {
  if (!isObject(p)) return void problems.push(`${where} is not an object`);
  const artifact = p.artifactLocation;
  if (!isObject(artifact) || typeof artifact.uri !== 'string' || artifact.uri.length === 0) problems.push(`${where}.artifactLocation.uri is required`);
  if (p.region === undefined) return;
  const r = p.region as Json;
  if (!isPositiveInt(r.startLine)) problems.push(`${where}.region.startLine must be an integer >= 1`);
  if (r.startColumn !== undefined && !isPositiveInt(r.startColumn)) problems.push(`${where}.region.startColumn must be an integer >= 1`);
  if (r.endLine !== undefined && !(isPositiveInt(r.endLine) && (r.endLine as number) >= (r.startLine as number))) problems.push(`${where}.region.endLine must be >= startLine`);
  if (r.endColumn !== undefined && !isPositiveInt(r.endColumn)) problems.push(`${where}.region.endColumn must be an integer >= 1`);
  if (r.endLine === r.startLine && r.endColumn !== undefined && (r.endColumn as number) < (r.startColumn as number)) problems.push(`${where}.region ends before it starts`);
}

export function sarifProblems(log: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(log)) return ['the log is not an object'];
  if (log.version !== '2.1.0') problems.push('version must be "2.1.0"');
  if (!Array.isArray(log.runs)) return [...problems, 'runs is required'];
  log.runs.forEach((run: unknown, i) => {
    const at = `runs[${i}]`;
    if (!isObject(run)) return void problems.push(`${at} is not an object`);
    const driver = isObject(run.tool) ? run.tool.driver : undefined;
    if (!isObject(driver) || typeof driver.name !== 'string') return void problems.push(`${at}.tool.driver.name is required`);
    const rules = (driver.rules ?? []) as unknown[];
    const ids = rules.map((r, k) => {
      if (!isObject(r) || typeof r.id !== 'string') problems.push(`${at}.tool.driver.rules[${k}].id is required`);
      return isObject(r) ? r.id : undefined;
    });
    if (new Set(ids).size !== ids.length) problems.push(`${at}.tool.driver.rules ids must be unique`);
    ((run.invocations ?? []) as unknown[]).forEach((inv, k) => {
      if (!isObject(inv) || typeof inv.executionSuccessful !== 'boolean') problems.push(`${at}.invocations[${k}].executionSuccessful is required`);
      else for (const [n, note] of ((inv.toolExecutionNotifications ?? []) as unknown[]).entries()) message(`${at}.invocations[${k}].toolExecutionNotifications[${n}]`, (note as Json).message, problems);
    });
    if (run.results !== undefined && !Array.isArray(run.results)) return void problems.push(`${at}.results must be an array`);
    ((run.results ?? []) as unknown[]).forEach((result, k) => {
      const where = `${at}.results[${k}]`;
      if (!isObject(result)) return void problems.push(`${where} is not an object`);
      message(where, result.message, problems);
      if (result.level !== undefined && !LEVELS.includes(result.level as string)) problems.push(`${where}.level is not one of ${LEVELS.join(', ')}`);
      if (result.ruleIndex !== undefined && ids[result.ruleIndex as number] !== result.ruleId) problems.push(`${where}.ruleIndex does not point at rule ${String(result.ruleId)}`);
      ((result.locations ?? []) as unknown[]).forEach((loc, n) => physicalLocation(`${where}.locations[${n}].physicalLocation`, (loc as Json).physicalLocation, problems));
    });
  });
  return problems;
}
