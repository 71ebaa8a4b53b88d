import type { CheckResult, RootCause } from '../../results/run-result.js';

/**
 * The root causes of a run: every failed or errored check that is not folded under another (CheckResult.foldedInto),
 * with the failures folded under it and the checks blocked behind it or behind those (following blockedBy,
 * transitively), each in plan order. Most blocking first, then plan order: what to fix first.
 */
export function rootCauses(checks: readonly CheckResult[]): RootCause[] {
  const position = new Map(checks.map((check, index) => [check.id, index]));
  const byId = new Map(checks.map((check) => [check.id, check]));
  const rootOf = (id: string): string => {
    const seen = new Set<string>();
    let at = byId.get(id);
    while (at !== undefined && !seen.has(at.id)) {
      seen.add(at.id);
      const next = at.foldedInto ?? (at.status === 'blocked' ? at.blockedBy : undefined);
      if (next === undefined) return at.id;
      at = byId.get(next);
    }
    return id;
  };
  const same = new Map<string, string[]>();
  const blocks = new Map<string, string[]>();
  for (const check of checks) {
    const into = check.foldedInto !== undefined ? same : check.status === 'blocked' && check.blockedBy !== undefined ? blocks : undefined;
    if (into === undefined) continue;
    const root = rootOf(check.id);
    if (root !== check.id) into.set(root, [...(into.get(root) ?? []), check.id]);
  }
  const inOrder = (ids: readonly string[]): string[] => [...ids].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
  return checks
    .filter((check) => (check.status === 'failed' || check.status === 'errored') && check.foldedInto === undefined)
    .map((check) => ({ checkId: check.id, same: inOrder(same.get(check.id) ?? []), blocks: inOrder(blocks.get(check.id) ?? []) }))
    .sort((a, b) => b.blocks.length + b.same.length - (a.blocks.length + a.same.length) || (position.get(a.checkId) ?? 0) - (position.get(b.checkId) ?? 0));
}
