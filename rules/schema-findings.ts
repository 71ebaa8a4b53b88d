import type { Operation, ValidationIssue } from '../spec/index.js';
import { issueLevel, levelOf, operationRequirements } from './contract-picks.js';
import { fail } from './finding.js';
import type { Finding } from './finding.js';

/** An issue as a report line: "<pointer> <keyword>: <message>". */
export function describeIssue(issue: ValidationIssue): string {
  return `${issue.path || '/'} ${issue.keyword}: ${issue.message}`;
}

// spec §2.1's rules by field and keyword, for keywords without x-requirements: the string fields' types, to's E.164
// format, created_at's date-time, the enums; a missing field breaks the table's required fields
const stringFields = new Set(['id', 'to', 'from', 'message', 'platform_message_id']);
const formatRules: Readonly<Record<string, string>> = {
  to: 'MSG-FIELD-TO-E164',
  created_at: 'MSG-CREATED-AT-DATETIME',
  status: 'MSG-STATUS-ENUM',
  direction: 'MSG-DIRECTION-ENUM',
};

function tableRules(issue: ValidationIssue): string[] {
  const field = issue.path.split('/').at(-1) ?? '';
  if (issue.keyword === 'required') return ['MSG-FIELDS-REQUIRED', 'WH-FIELDS'];
  if (issue.keyword === 'type' && stringFields.has(field)) return ['MSG-FIELD-TYPES'];
  const rule = ['format', 'pattern', 'enum'].includes(issue.keyword) ? formatRules[field] : undefined;
  return rule ? [rule] : [];
}

/**
 * The requirement an issue of an answer of the operation shows broken. Its keyword's x-requirements when it cites one
 * at a level it may fail at (an x-assumed part never fails a must requirement); otherwise, in order: at the root the
 * envelope (a list that is no {data, pagination}, a bare array that is wrapped), inside it the table rule of its
 * keyword, the operation's answer requirement, for an assumed part the decided shape's requirement, then
 * ERR-BODY-JSON. `cited` (a check's requirements) narrows the choice to those it cites (else its first).
 */
export function issueRequirement(operation: Operation, issue: ValidationIssue, cited?: readonly string[]): string {
  if (issue.requirement !== undefined && (!issue.assumed || levelOf(issue.requirement) !== 'must')) return issue.requirement;
  const root = issue.path === '' || issue.path === '/';
  const keys = root ? ['envelope', 'bareArray', 'response', 'success'] : ['response', 'success', 'envelope', 'bareArray'];
  const byOperation = keys.map((key) => operation.requirements[key]).filter((id): id is string => id !== undefined);
  const assumed = issueLevel(issue) === 'must' ? [] : operationRequirements(operation).assumed;
  const candidates = [...(root ? [] : tableRules(issue)), ...(assumed.length > 0 ? assumed : byOperation), ...byOperation, 'ERR-BODY-JSON'];
  return pick(candidates, cited);
}

/** The first candidate the check cites (else its first requirement); without `cited` the first candidate. */
export function pick(candidates: readonly string[], cited?: readonly string[]): string {
  if (cited === undefined) return candidates[0] ?? 'ERR-SUCCESS-2XX';
  return candidates.find((id) => cited.includes(id)) ?? (cited[0] as string);
}

/** One failure per requirement the issues break, naming up to three issues each, with the first issue's pointer. */
export function issueFindings(issues: readonly ValidationIssue[], requirementOf: (issue: ValidationIssue) => string, schemaName: string): Finding[] {
  const byRequirement = new Map<string, ValidationIssue[]>();
  for (const issue of issues) {
    const id = requirementOf(issue);
    byRequirement.set(id, [...(byRequirement.get(id) ?? []), issue]);
  }
  return [...byRequirement].map(([id, list]) =>
    fail(
      id,
      `the answer does not match ${schemaName}: ${list.slice(0, 3).map(describeIssue).join('; ')}${list.length > 3 ? ` (+${list.length - 3} more)` : ''}`,
      list[0]?.path,
    ),
  );
}
