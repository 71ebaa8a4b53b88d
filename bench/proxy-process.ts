// The proxy of `npm run bench -- proxy` in a process of its own, so its RSS is its own: prints {url, pid}, then on
// "stop" on stdin stops and prints what its session counted.
import { startProxy } from '../proxy/index.js';

// BENCH_PROXY_GRADE=0: forwarding only (every exchange dropped before grading), to see what grading adds
const proxy = await startProxy({ target: process.argv[2] as string, port: 0, ...(process.env.BENCH_PROXY_GRADE === '0' ? { queueItems: 0 } : {}) });
console.log(JSON.stringify({ url: proxy.url, pid: process.pid }));
process.stdin.once('data', () => {
  void proxy.stop(1000).then(() => {
    const { tally } = proxy;
    const failures = [...tally.requirements.values()].reduce((sum, count) => sum + count.failures, 0);
    console.log(
      JSON.stringify({
        exchanges: tally.exchanges,
        dropped: proxy.dropped(),
        requirements: tally.requirements.size,
        failures,
        idempotencyKeys: proxy.grader.idempotencyKeys,
      }),
    );
    process.exit(0);
  });
});
