import { isMap, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node, YAMLSeq } from 'yaml';
import type { KnownFailure } from '../../results/run-result.js';
import { HarnessError } from '../../targets/index.js';
import { pairKey } from './failure-pairs.js';

/** The key of the list in a known-failures file. */
export const knownFailuresKey = 'known-failures';

const entryKeys = ['check', 'requirement', 'reason', 'until'] as const;
const id = /^[A-Z0-9][A-Z0-9-]*$/;

/** A known-failures file read: its entries, and the YAML document they came from (--baseline-update rewrites it). */
export interface KnownFailuresDocument {
  readonly entries: readonly KnownFailure[];
  readonly doc: Document.Parsed;
  /** The list's node: each item is the entry of the same index (its comments travel with it). */
  readonly list: YAMLSeq | undefined;
}

/**
 * Reads a known-failures file (YAML: `known-failures:`, a list of {check, requirement, reason?, until?}). Anything
 * else is a BASELINE_FILE error of one line naming the file, the entry and its line: the run does not start.
 */
export function parseKnownFailures(text: string, file: string): KnownFailuresDocument {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true });
  const fail = (where: string, what: string): never => {
    throw new HarnessError('BASELINE_FILE', `${file}: ${where}${what}; it must be YAML like "known-failures: [{check: <id>, requirement: <id>}]".`);
  };
  const lineOf = (node: Node | undefined): string => (node?.range ? `line ${lines.linePos(node.range[0]).line}: ` : '');
  const [error] = doc.errors;
  if (error) fail('', `not YAML (${error.message.split('\n')[0]})`);
  if (doc.contents === null) return { entries: [], doc, list: undefined };
  if (!isMap(doc.contents)) fail(lineOf(doc.contents), `the top level is not a mapping with ${knownFailuresKey}`);
  const root = doc.contents as Exclude<typeof doc.contents, null>;
  const other = (root.toJSON() as Record<string, unknown>) ?? {};
  const stray = Object.keys(other).find((key) => key !== knownFailuresKey);
  if (stray !== undefined) fail(lineOf(root), `unknown key "${stray}" at the top level (only ${knownFailuresKey})`);
  const list = doc.get(knownFailuresKey, true) as Node | null | undefined;
  if (list === undefined || list === null) return { entries: [], doc, list: undefined };
  if (!isSeq(list)) fail(lineOf(list), `${knownFailuresKey} is not a list`);
  const seq = list as YAMLSeq;
  const seen = new Map<string, number>();
  const entries = seq.items.map((item, index) => {
    const line = (item as Node | null)?.range ? ` (line ${lines.linePos((item as Node).range?.[0] ?? 0).line})` : '';
    const at = `entry ${index + 1}${line}: `;
    if (!isMap(item)) return fail(at, 'is not a mapping of check, requirement, reason and until');
    const value = item.toJSON() as Record<string, unknown>;
    const unknown = Object.keys(value).find((key) => !(entryKeys as readonly string[]).includes(key));
    if (unknown !== undefined) fail(at, `unknown key "${unknown}" (an entry has ${entryKeys.join(', ')})`);
    for (const key of ['check', 'requirement'] as const) {
      const given = value[key];
      if (typeof given !== 'string' || !id.test(given))
        fail(
          at,
          `${key} must be an id such as ${key === 'check' ? 'CONTRACT-SENDMESSAGE-POSITIVE' : 'MSG-SEND-RESPONSE'}, not ${JSON.stringify(given ?? null)}`,
        );
    }
    if (value.reason !== undefined && typeof value.reason !== 'string') fail(at, 'reason must be text');
    if (value.until !== undefined && !isDay(value.until)) fail(at, `until must be a day YYYY-MM-DD, not ${JSON.stringify(value.until)}`);
    const entry: KnownFailure = {
      check: value.check as string,
      requirement: value.requirement as string,
      ...(value.reason === undefined ? {} : { reason: value.reason as string }),
      ...(value.until === undefined ? {} : { until: value.until as string }),
    };
    const twice = seen.get(pairKey(entry));
    if (twice !== undefined) fail(at, `lists ${entry.check} on ${entry.requirement} again (entry ${twice}): keep one`);
    seen.set(pairKey(entry), index + 1);
    return entry;
  });
  return { entries, doc, list: seq };
}

/** True for a real calendar day written YYYY-MM-DD. */
function isDay(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
