// Child-process entry of the throughput benchmarks: serves either a bare node:http server or the reference on
// loopback and prints one JSON line `{url, key}` on stdout, so the load generator runs on the other core.
import { startReference } from '../simulator/index.js';
import { startBareServer } from './bare-server.js';

const kind = process.argv[2];
const key = 'bench_growth_key';

async function main(): Promise<void> {
  if (kind === 'bare') {
    const bare = await startBareServer();
    console.log(JSON.stringify({ url: bare.url, key }));
  } else if (kind === 'reference') {
    const ref = await startReference({
      mode: 'production',
      port: 0,
      keys: { [key]: { tier: 'growth', ratePerMinute: null } },
      lifecycle: { stepMs: 50 },
      ui: false,
    });
    console.log(JSON.stringify({ url: ref.url.replace(/\/+$/, ''), key }));
  } else {
    throw new Error(`served-process: unknown kind "${kind}": use bare or reference`);
  }
}

process.on('SIGTERM', () => process.exit(0));
await main();
