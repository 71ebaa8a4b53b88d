import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChaosServer } from './chaos-server.js';
import type { ChaosServer } from './chaos-server.js';
import { outputBounds, runChildCli, terminalBytes, unescapedOutputs } from './cli-child.js';
import type { ChildRun } from './cli-child.js';
import { hostileModes } from './hostile-answers.js';

// issue 15: the spawned CLI, every real suite, against targets that answer to crash, flood or inject. Each run is
// bounded in time, exits 1 (the target does not conform), prints and writes nothing unescaped, and keeps the output
// and memory bounds whatever the target sends.
let chaos: ChaosServer;
beforeAll(async () => {
  chaos = await startChaosServer();
});
afterAll(async () => {
  await chaos.close();
});

/** What each run must show in its reasons (the clear failure, not the engine's). */
const expectedReason: Record<(typeof hostileModes)[number], RegExp> = {
  'deep-array': /the answer nests deeper than 1000 levels/,
  'deep-object': /the answer nests deeper than 1000 levels/,
  'gzip-bomb': /not valid UTF-8|not JSON/,
  'control-bytes': /\\u001b\[2J/,
  'big-id': /\[cut: \d+ characters in all\]/,
};

const wallBoundMs = 90_000;

describe('hostile targets: the spawned CLI with every suite stays contained', () => {
  for (const mode of hostileModes) {
    it(
      `${mode}: exit 1 in time, nothing unescaped, reports <= 20 MB, terminal <= 4 MB, peak RSS <= 500 MB`,
      async () => {
        const run: ChildRun = await runChildCli(
          [
            '--target',
            chaos.url(mode, { afterGate: true }),
            '--profile',
            'simulator',
            '--receiver-port',
            '0',
            '--request-timeout',
            '2000',
            '--timeout',
            '3000',
            '--seed',
            '15',
          ],
          { killAfterMs: wallBoundMs },
        );
        const figures = `${mode}: exit ${run.code}, ${Math.round(run.wallMs)} ms, peak RSS ${(run.peakRss / 1e6).toFixed(0)} MB, reports ${(run.reportBytes / 1e6).toFixed(2)} MB, terminal ${(terminalBytes(run) / 1e6).toFixed(2)} MB`;
        console.log(figures);
        expect(run.code, `${figures}\n${run.stderr.slice(-2000)}`).toBe(1);
        expect(run.wallMs).toBeLessThan(wallBoundMs);
        expect(unescapedOutputs(run)).toEqual([]);
        expect([...run.reports.keys()].sort()).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
        expect(run.reportBytes).toBeLessThanOrEqual(outputBounds.reportBytes);
        expect(terminalBytes(run)).toBeLessThanOrEqual(outputBounds.terminalBytes);
        expect(run.peakRss).toBeGreaterThan(0);
        expect(run.peakRss).toBeLessThanOrEqual(outputBounds.peakRss);
        const everything = `${run.stdout}${run.stderr}${[...run.reports.values()].join('')}`;
        expect(everything).toMatch(expectedReason[mode]);
        expect(everything).not.toMatch(/Maximum call stack size exceeded|internal error/);
      },
      wallBoundMs + 30_000,
    );
  }
});
