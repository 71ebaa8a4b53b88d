// `npm run selftest`: the harness against the clean reference and each named fault; writes the mutation score report.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { flakeCheck, flakeMarkdown, mustCoverage, mutationJson, mutationMarkdown, runSelftest } from '../../selftest/index.js';
import { requirements } from '../../spec/requirements.js';
import { referenceFaults } from '../../targets/index.js';

const help = `npm run selftest -- [options]

Runs every suite against the clean reference (must conform), then each catalogued fault of the reference switched
on alone (each must fail the run on a check that cites the requirement the fault names). Writes
mutation-score.md and mutation-score.json to --out and prints the table. Exit 0 when all is well, 1 otherwise.

  --fault <id>        only this fault (repeatable); skips nothing else
  --no-clean          skip the clean run
  --full              run every suite for each fault (default: the checks citing the fault's requirement)
  --runs <n>          property cases per operation (default 20)
  --seed <n>          fast-check seed (default 20261121)
  --concurrency <n>   fault runs at once (default 4)
  --out <dir>         report folder (default conformance-report/selftest)
  --coverage          only print the must-level requirements no fault breaks and none records as unbreakable
  --flake             flake control instead: the clean reference --clean-runs times and every fault
                      --fault-runs times, each with its own seed; reports every result that was not the
                      same every time (writes flake.md); exit 1 when any was unstable
  --clean-runs <n>    with --flake (default 20)
  --fault-runs <n>    with --flake (default 3)
  --help`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      fault: { type: 'string', multiple: true },
      'no-clean': { type: 'boolean' },
      full: { type: 'boolean' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      out: { type: 'string' },
      flake: { type: 'boolean' },
      coverage: { type: 'boolean' },
      'clean-runs': { type: 'string' },
      'fault-runs': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`selftest: ${(error as Error).message}. See --help.`);
  process.exit(2);
}
if (values.help) {
  console.log(help);
  process.exit(0);
}
const int = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`selftest: --${name} takes a whole number ≥ 1, got "${text}".`);
    process.exit(2);
  }
  return n;
};

if (values.coverage) {
  const coverage = mustCoverage(await referenceFaults(), requirements);
  console.log(
    `must-level requirements: ${coverage.covered.length} broken by a fault, ${coverage.unbreakable.length} unbreakable, ${coverage.uncovered.length} with neither`,
  );
  for (const id of coverage.uncovered) console.log(`  ${id}: ${requirements.find((r) => r.id === id)?.text ?? ''}`);
  process.exit(coverage.uncovered.length === 0 ? 0 : 1);
}
const outDir = resolve(values.out ?? join('conformance-report', 'selftest'));
if (values.flake) {
  const report = await flakeCheck({
    ...(values.fault ? { faults: values.fault } : {}),
    ...(int('clean-runs', values['clean-runs']) ? { cleanRuns: int('clean-runs', values['clean-runs']) } : {}),
    ...(int('fault-runs', values['fault-runs']) ? { faultRuns: int('fault-runs', values['fault-runs']) } : {}),
    ...(int('runs', values.runs) ? { runs: int('runs', values.runs) } : {}),
    ...(int('concurrency', values.concurrency) ? { concurrency: int('concurrency', values.concurrency) } : {}),
    onProgress: (line) => console.log(line),
  });
  const text = flakeMarkdown(report);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'flake.md'), text);
  console.log(`\n${text}\nreport: ${join(outDir, 'flake.md')}`);
  process.exit(report.unstable.length === 0 ? 0 : 1);
}

let result;
try {
  result = await runSelftest({
    ...(values.fault ? { faults: values.fault } : {}),
    skipClean: values['no-clean'] ?? false,
    fullSuitesPerFault: values.full ?? false,
    ...(int('runs', values.runs) ? { runs: int('runs', values.runs) } : {}),
    ...(int('seed', values.seed) ? { seed: int('seed', values.seed) } : {}),
    ...(int('concurrency', values.concurrency) ? { concurrency: int('concurrency', values.concurrency) } : {}),
    onProgress: (line) => console.log(line),
  });
} catch (error) {
  console.error(`selftest: ${(error as Error).message}`);
  process.exit(2);
}
const coverage = mustCoverage(await referenceFaults(), requirements);
const markdown = mutationMarkdown(result, coverage);
await mkdir(outDir, { recursive: true });
await writeFile(join(outDir, 'mutation-score.md'), markdown);
await writeFile(join(outDir, 'mutation-score.json'), mutationJson(result, coverage));
console.log(`\n${markdown}`);
console.log(`report: ${join(outDir, 'mutation-score.md')}\nreport: ${join(outDir, 'mutation-score.json')}`);
process.exit(result.ok ? 0 : 1);
