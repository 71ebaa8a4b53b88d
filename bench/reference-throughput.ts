// Reference throughput (issue 3): GET /v1/messages/{id} and POST /v1/messages on loopback, next to a bare
// node:http server answering a fixed body under the same load generator in the same run. The ratio is the figure.
import { pathToFileURL } from 'node:url';
import { compared, printFigures } from './figures.js';
import type { Figure } from './figures.js';
import { load } from './load.js';
import { serve } from './served.js';

const sendBody = JSON.stringify({ to: '+14155550100', from: '+14155550199', message: 'benchmark message' });

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const bare = await serve('bare');
  const bareGet = await load({ url: `${bare.url}/v1/messages/x` });
  const barePost = await load({ url: `${bare.url}/v1/messages`, method: 'POST', body: sendBody, headers: { 'content-type': 'application/json' } });
  await bare.stop();

  const ref = await serve('reference');
  const headers = { 'content-type': 'application/json', 'x-api-key': ref.key };
  const created = await fetch(`${ref.url}/v1/messages`, { method: 'POST', headers, body: sendBody });
  const { id } = (await created.json()) as { id: string };
  const refGet = await load({ url: `${ref.url}/v1/messages/${id}`, headers });
  const refPost = await load({ url: `${ref.url}/v1/messages`, method: 'POST', headers, body: sendBody });
  await ref.stop();

  for (const [name, r] of [
    ['GET', refGet],
    ['POST', refPost],
  ] as const) {
    if (r.non2xx > 0 || r.errors > 0) console.warn(`reference ${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  }
  return [
    compared('reference GET /v1/messages/{id}', refGet.requestsPerSecond, 'req/s', bareGet.requestsPerSecond),
    compared('reference POST /v1/messages', refPost.requestsPerSecond, 'req/s', barePost.requestsPerSecond),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Reference throughput vs bare node:http (loopback, autocannon, 16 connections)', await run());
}
