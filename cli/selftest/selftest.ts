// `npm run selftest`: the harness against the clean reference and each named fault; writes the mutation score report.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { flakeCheck, flakeMarkdown, mustCoverage, mutationJson, mutationMarkdown, runSelftest } from '../../selftest/index.js';
import { requirements } from '../../spec/requirements.js';
import { referenceFaults } from '../../targets/index.js';
import type { ResolvedValues } from '../options/option-values.js';
import { renderHelp } from '../options/render-help.js';
import { readCommandLine } from '../options/resolve-values.js';
import { selftestHelp, selftestOptions } from './selftest-options.js';

let values: ResolvedValues<typeof selftestOptions>;
try {
  ({ values } = readCommandLine(selftestOptions, process.argv.slice(2), {}, '--fault <id>'));
} catch (error) {
  console.error(`selftest: ${(error as Error).message}`);
  process.exit(2);
}
if (values.help) {
  console.log(renderHelp(selftestOptions, selftestHelp));
  process.exit(0);
}

if (values.coverage) {
  const coverage = mustCoverage(await referenceFaults(), requirements);
  console.log(
    `must-level requirements: ${coverage.covered.length} broken by a fault, ${coverage.unbreakable.length} unbreakable, ${coverage.uncovered.length} with neither`,
  );
  for (const id of coverage.uncovered) console.log(`  ${id}: ${requirements.find((r) => r.id === id)?.text ?? ''}`);
  process.exit(coverage.uncovered.length === 0 ? 0 : 1);
}
const outDir = resolve(values.out);
if (values.flake) {
  const report = await flakeCheck({
    ...(values.fault ? { faults: values.fault } : {}),
    cleanRuns: values.cleanRuns,
    faultRuns: values.faultRuns,
    runs: values.runs,
    concurrency: values.concurrency,
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
    skipClean: values.noClean ?? false,
    fullSuitesPerFault: values.full ?? false,
    runs: values.runs,
    seed: values.seed,
    concurrency: values.concurrency,
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
