import type { OptionDef } from '../../options/option-def.js';
import type { OptionGroup } from './option-groups.js';

/** Adopting the gate while partly conforming: the known-failures baseline, and what changed since an earlier run (docs/ci.md). */
export const baselineOptions = [
  {
    key: 'baseline',
    kind: 'string',
    group: 'baseline',
    arg: '<file>',
    env: 'CONFORM_BASELINE',
    help: 'a known-failures file (YAML: each a check id and the requirement it breaks, with a reason and an optional until: day): the run exits 0 when it fails only what the file lists, 1 on a failure it does not list, on a listed one that now passes (stale: update the file) and on one past its until: day; every report lists known, new and fixed. A missing or malformed file is an error (exit 2)',
  },
  {
    key: 'baselineUpdate',
    kind: 'boolean',
    group: 'baseline',
    config: false,
    help: 'write the --baseline file from this run (a missing file is created): its failures added with their reason, the entries whose check passed taken out, the others kept with their until: days and comments; sorted by check and requirement, so the same run writes the same bytes. The run is then judged by the file it wrote',
  },
  {
    key: 'compareRun',
    kind: 'string',
    group: 'baseline',
    arg: '<results.json>',
    help: "an earlier run's results.json (e.g. the last CI run's artifact): the console summary, summary.md and report.html list the failures new since then, those fixed, and the requirements newly proven or lost; the exit code does not change",
  },
] as const satisfies readonly OptionDef<OptionGroup>[];
