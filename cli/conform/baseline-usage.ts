import { isAbsolute, relative, resolve } from 'node:path';
import { HarnessError } from '../../targets/index.js';
import type { ResolvedOptions } from './options/resolve-options.js';

/** Where --baseline, --baseline-update and --compare-run do not apply. */
export function checkBaselineUsage({ values: o, labelOf }: ResolvedOptions): void {
  if (o.baselineUpdate === true && o.baseline === undefined)
    throw new HarnessError('USAGE', '--baseline-update writes the known-failures file: name it with --baseline <file>.');
  for (const key of ['baseline', 'compareRun'] as const) {
    if (o[key] === undefined) continue;
    if (o.compare !== undefined) throw new HarnessError('USAGE', `${labelOf(key)} does not apply to a parity run (${labelOf('compare')}): drop one of them.`);
    if (key === 'compareRun' && o.shard !== undefined)
      throw new HarnessError('USAGE', `${labelOf(key)} compares a whole run: give it to the --merge job, not to --shard.`);
  }
  if (o.baselineUpdate === true && o.shard !== undefined)
    throw new HarnessError(
      'USAGE',
      '--baseline-update writes the file from the whole run: give it to the --merge job, not to --shard (the slices would each rewrite it).',
    );
  const inside = o.baseline !== undefined && isInside(o.baseline, o.out);
  if (inside)
    throw new HarnessError(
      'USAGE',
      `${labelOf('baseline')} ${o.baseline} is inside the report folder ${o.out}, which every run replaces whole: keep the file beside your code.`,
    );
}

function isInside(file: string, dir: string): boolean {
  const from = relative(resolve(dir), resolve(file));
  return from !== '' && !from.startsWith('..') && !isAbsolute(from);
}
