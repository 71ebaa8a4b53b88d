import { HarnessError } from '../../targets/index.js';

/** One slice of a sharded run: shard `index` (1-based) of `total`. */
export interface Shard {
  readonly index: number;
  readonly total: number;
}

/** Parses "i/n" (1 <= i <= n); anything else is a SHARD_USAGE error. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(index) || !Number.isSafeInteger(total) || total < 1 || index < 1 || index > total) {
    throw new HarnessError('SHARD_USAGE', `--shard must look like i/n with 1 <= i <= n (e.g. 2/3), got "${text}".`);
  }
  return { index, total };
}

/** The file a shard writes into --out: shard-<i>-of-<n>.json. */
export function shardFileName(shard: Shard): string {
  return `shard-${shard.index}-of-${shard.total}.json`;
}

/** Matches shard file names and captures i and n. */
export const shardFilePattern = /^shard-(\d+)-of-(\d+)\.json$/;
