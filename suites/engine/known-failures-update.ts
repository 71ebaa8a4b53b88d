import { Document, YAMLSeq } from 'yaml';
import type { Node } from 'yaml';
import type { CheckResult, FailureRef, KnownFailure } from '../../results/run-result.js';
import { comparePairs, failurePairs, pairKey } from './failure-pairs.js';
import { knownFailuresKey, parseKnownFailures } from './known-failures-file.js';
import { shortReason } from './short-reason.js';

/** What --baseline-update wrote. */
export interface KnownFailuresUpdate {
  /** The file's new text. */
  readonly text: string;
  /** Failures of the run the file did not list. */
  readonly added: readonly FailureRef[];
  /** Entries taken out: their check passed (fixed), or `remove` said so (e.g. a check this harness does not have). */
  readonly removed: readonly FailureRef[];
  /** Entries that stay as they were (their reason, until: day and comments). */
  readonly kept: number;
}

const header = [
  ' Known failures (npm run conform -- --baseline <this file>): each a check and the requirement its failure breaks.',
  ' A run exits 0 when it fails only what is listed; 1 on a failure not listed (new), on a listed one that now passes',
  ' (fixed: update this file) and on an entry past its until: day (YYYY-MM-DD, optional). Written by --baseline-update',
  ' (sorted by check and requirement; it keeps the until: days and comments of the entries that stay). See docs/ci.md.',
].join('\n');

/**
 * The known-failures file after a run (--baseline-update): every failure of the run listed (a new one with its short
 * reason), every entry whose check passed taken out, every other entry kept whole (an entry the run could not judge
 * stays: a narrower run or one shard says nothing of it). Sorted by check and requirement, so the same run gives the
 * same bytes and a diff shows only what changed.
 */
export function updateKnownFailures(
  previous: { readonly text: string; readonly file: string } | undefined,
  checks: readonly CheckResult[],
  remove: (entry: KnownFailure) => boolean = () => false,
): KnownFailuresUpdate {
  const read = previous === undefined ? undefined : parseKnownFailures(previous.text, previous.file);
  const doc = read?.doc ?? new Document({ [knownFailuresKey]: [] });
  if (read === undefined) doc.commentBefore = header;
  const oldNodes = read?.list?.items ?? [];
  // a comment above the first entry is parsed as the list's: it belongs to that entry
  if (read?.list?.commentBefore && oldNodes[0] !== undefined) {
    const first = oldNodes[0] as Node;
    first.commentBefore = [read.list.commentBefore, first.commentBefore].filter(Boolean).join('\n');
    read.list.commentBefore = undefined;
  }
  const byId = new Map(checks.map((check) => [check.id, check]));
  const rows: { pair: FailureRef; node: unknown }[] = [];
  const removed: FailureRef[] = [];
  const listed = new Set<string>();
  (read?.entries ?? []).forEach((entry, index) => {
    listed.add(pairKey(entry));
    const fixed = byId.get(entry.check)?.status === 'passed';
    if (fixed || remove(entry)) removed.push({ check: entry.check, requirement: entry.requirement });
    else rows.push({ pair: entry, node: oldNodes[index] });
  });
  const kept = rows.length;
  const added: FailureRef[] = [];
  for (const check of checks) {
    for (const pair of failurePairs(check)) {
      if (listed.has(pairKey(pair))) continue;
      listed.add(pairKey(pair));
      added.push(pair);
      const reason = shortReason(check.reason);
      rows.push({ pair, node: doc.createNode({ ...pair, ...(reason === undefined ? {} : { reason }) }) });
    }
  }
  const list = new YAMLSeq();
  list.items = rows.sort((a, b) => comparePairs(a.pair, b.pair)).map((row) => row.node);
  if (read?.list?.comment) list.comment = read.list.comment;
  doc.set(knownFailuresKey, list);
  return { text: doc.toString({ lineWidth: 0 }), added: added.sort(comparePairs), removed: removed.sort(comparePairs), kept };
}
