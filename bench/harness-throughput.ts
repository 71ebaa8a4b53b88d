// Harness throughput (issue 4): requests per second the contract suites achieve against the embedded reference, next to
// the raw rate of a loopback load generator (autocannon) against the same reference in the same process and run; and the
// wall time of a full default run (all suites).
import { pathToFileURL } from 'node:url';
import { startReference } from '../simulator/index.js';
import { runConformance } from '../suites/engine/index.js';
import { referenceTarget } from '../targets/index.js';
import { compared, printFigures } from './figures.js';
import type { Figure } from './figures.js';
import { load } from './load.js';

const key = 'bench_growth_key';

async function rawRate(): Promise<number> {
  const ref = await startReference({ mode: 'production', port: 0, keys: { [key]: { tier: 'growth', ratePerMinute: null } }, lifecycle: { stepMs: 50 }, ui: false });
  try {
    const base = ref.url.replace(/\/+$/, '');
    const headers = { 'content-type': 'application/json', 'x-api-key': key };
    const created = await fetch(`${base}/v1/messages`, { method: 'POST', headers, body: JSON.stringify({ to: '+14155550100', from: '+14155550199', message: 'hi' }) });
    const { id } = (await created.json()) as { id: string };
    // the contract suites' requests are mostly single reads and writes; GET by id is the reference's cheapest answer
    return (await load({ url: `${base}/v1/messages/${id}`, headers, connections: 4 })).requestsPerSecond;
  } finally {
    await ref.stop();
  }
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const raw = await rawRate();
  const contractRun = () => runConformance({ target: referenceTarget(), selection: { suites: ['contract/*'] }, seed: 1 });
  const rate = (run: { requestsSent: number; durationMs: number }) => run.requestsSent / (run.durationMs / 1000);
  // cold: the first run pays one-time costs (schema compilation, check generation, the requirement catalogue);
  // warm: the same run again in the same process, which is what a long CI job or a --runs-heavy run sees
  const contract = await contractRun();
  const warm = await contractRun();
  const full = await runConformance({ target: referenceTarget(), seed: 1 });
  const exits = [contract, warm, full].map((run) => run.exitCode);
  if (exits.some((code) => code !== 0)) console.warn(`bench: a run did not conform (exit codes of cold, warm, full: ${exits.join(', ')})`);
  return [
    compared('contract suites, cold (4 checks at once)', rate(contract), 'req/s', raw),
    compared('contract suites, warm (second run)', rate(warm), 'req/s', raw),
    { name: 'contract suites: requests / checks', value: contract.requestsSent, unit: `req / ${contract.checks.length} checks` },
    { name: 'full default run (all suites)', value: full.durationMs / 1000, unit: `s, ${full.checks.length} checks, ${full.requestsSent} req` },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Harness throughput vs autocannon against the same reference (loopback, same process)', await run());
}
