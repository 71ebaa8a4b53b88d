import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the consumer got: raw header lines as they arrived, and the body bytes. */
export interface Consumed {
  readonly method: string;
  readonly url: string;
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
}

/** A user's own webhook endpoint on loopback: records what arrives and answers a fixed status and body. */
export async function startConsumer(answer = { status: 200, body: 'ok-from-consumer' }) {
  const seen: Consumed[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) });
      res.writeHead(answer.status, { 'content-type': 'text/plain', 'x-consumer': 'yes' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
      const started = Date.now();
      while (seen.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`consumer: ${seen.length} of ${count} requests within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Raw header lines without Connection (hop-by-hop: the forwarder's own connection, RFC 9110 §7.6.1). */
export function endToEnd(raw: readonly string[]): string[][] {
  const pairs: string[][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (!/^(connection|keep-alive)$/i.test(raw[i] as string)) pairs.push([raw[i] as string, raw[i + 1] as string]);
  return pairs;
}
