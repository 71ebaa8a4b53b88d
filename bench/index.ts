// `npm run bench`: every benchmark of the project, each measured against a baseline in the same run (the machines
// are shared and noisy, so ratios are the figures that mean something). `npm run bench -- <name>` runs one.
import { printFigures } from './figures.js';
import type { Figure, Section } from './figures.js';

interface Benchmark {
  title: string;
  /** A benchmark returns its figures, or sections of figures each with a title of its own. */
  load: () => Promise<{ run(): Promise<Figure[] | Section[]> }>;
}

const benchmarks: Record<string, Benchmark> = {
  reference: {
    title: 'Reference throughput vs bare node:http (loopback, autocannon, 16 connections)',
    load: () => import('./reference-throughput.js'),
  },
  harness: {
    title: 'Harness throughput vs autocannon against the same reference (loopback, reference on its own thread)',
    load: () => import('./harness-throughput.js'),
  },
  receiver: {
    title: 'Receiver: signed deliveries verified and stored vs bare node:http',
    load: () => import('./receiver-throughput.js'),
  },
  proxy: {
    title: 'Passive sessions: the proxy and the forwarder vs the direct path (rate, latency, share graded, head-of-line, idle-close, a long session)',
    load: () => import('./passive-bench.js'),
  },
  start: {
    title: 'Start-up and default run: compiled command vs bare node and vs tsx from sources (wall time, child processes)',
    load: () => import('./start-time.js'),
  },
  hostile: {
    title: 'Hostile targets: peak RSS, reports and time of the CLI against 1 MB ids (and the other hostile answers) vs ordinary ids',
    load: () => import('./hostile-targets.js'),
  },
  'receiver-memory': {
    title: 'Receiver memory: peak RSS under 10,000 deliveries (signed, badly signed, oversized, non-JSON) vs RSS before',
    load: () => import('./receiver-memory.js'),
  },
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')}: choose from ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}
for (const name of wanted.length > 0 ? wanted : Object.keys(benchmarks)) {
  const bench = benchmarks[name]!;
  const started = Date.now();
  const result = await (await bench.load()).run();
  const sections = result.length > 0 && 'figures' in (result[0] as object) ? (result as Section[]) : [{ title: bench.title, figures: result as Figure[] }];
  if (sections.length > 1) console.log(`\n${bench.title}`);
  for (const section of sections) printFigures(section.title, section.figures);
  console.log(`[${bench.title.split(':')[0]}: ${((Date.now() - started) / 1000).toFixed(1)} s]`);
}
