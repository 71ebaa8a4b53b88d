import type { CheckResult, RootCause } from './result.js';

/**
 * The root causes of a run: every failed or errored check that is not blocked, with the checks blocked behind it
 * (following blockedBy, transitively) in plan order. Most blocking first, then plan order: what to fix first.
 */
export function rootCauses(checks: readonly CheckResult[]): RootCause[] {
  const position = new Map(checks.map((check, index) => [check.id, index]));
  const children = new Map<string, string[]>();
  for (const check of checks) {
    if (check.status !== 'blocked' || check.blockedBy === undefined) continue;
    children.set(check.blockedBy, [...(children.get(check.blockedBy) ?? []), check.id]);
  }
  const blocksOf = (root: string): string[] => {
    const found = new Set<string>();
    const stack = [...(children.get(root) ?? [])];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (found.has(id) || id === root) continue;
      found.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return [...found].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
  };
  return checks
    .filter((check) => check.status === 'failed' || check.status === 'errored')
    .map((check) => ({ checkId: check.id, blocks: blocksOf(check.id) }))
    .sort((a, b) => b.blocks.length - a.blocks.length || (position.get(a.checkId) ?? 0) - (position.get(b.checkId) ?? 0));
}
