import type { Exchange } from '../targets/index.js';
import type { ParityRules } from './parity-rules.js';
import { requestKey } from './request-key.js';

/** Consecutive exchanges with the same request key (polls, retries, races), compared as one behaviour. */
export interface ExchangeGroup {
  readonly key: string;
  /** Index of the group's first exchange within the check. */
  readonly index: number;
  readonly exchanges: readonly Exchange[];
}

const maxPeriod = 3;

/**
 * The check's exchanges (in the order sent) as groups: runs of the same request, and repeated cycles of up to three
 * requests (a poll loop), are folded so that how often a target was polled is not a difference.
 */
export function exchangeGroups(exchanges: readonly Exchange[], firstIndex: number, rules: ParityRules): ExchangeGroup[] {
  const keys = exchanges.map((exchange) => requestKey(exchange, rules));
  const groups: { key: string; index: number; exchanges: Exchange[] }[] = [];
  let i = 0;
  while (i < keys.length) {
    let period = 1;
    let repeats = 1;
    for (let length = 1; length <= maxPeriod; length++) {
      let count = 1;
      while (sameRun(keys, i, i + count * length, length)) count++;
      if (count > 1 && count * length > period * repeats) {
        period = length;
        repeats = count;
      }
    }
    for (let offset = 0; offset < period; offset++) {
      const members: Exchange[] = [];
      for (let r = 0; r < repeats; r++) members.push(exchanges[i + r * period + offset] as Exchange);
      groups.push({ key: keys[i + offset] as string, index: firstIndex + i + offset, exchanges: members });
    }
    i += period * repeats;
  }
  // a cycle folded on one side and not on the other leaves neighbours with the same key: merge them
  const merged: typeof groups = [];
  for (const group of groups) {
    const last = merged[merged.length - 1];
    if (last && last.key === group.key) last.exchanges.push(...group.exchanges);
    else merged.push(group);
  }
  return merged;
}

function sameRun(keys: readonly string[], from: number, at: number, length: number): boolean {
  if (at + length > keys.length) return false;
  for (let k = 0; k < length; k++) if (keys[from + k] !== keys[at + k]) return false;
  return true;
}
