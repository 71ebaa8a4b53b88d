import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook request the capture server received. */
export interface CapturedEvent {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: { event?: string; data?: Record<string, unknown> } | null;
}

/** A tiny loopback webhook endpoint that answers 200 and keeps what it got. */
export interface EventCapture {
  url: string;
  events: CapturedEvent[];
  waitFor(predicate: (e: CapturedEvent) => boolean, timeoutMs?: number): Promise<CapturedEvent>;
  stop(): Promise<void>;
}

/** Starts the capture server on 127.0.0.1 at a free port. */
export async function startEventCapture(): Promise<EventCapture> {
  const events: CapturedEvent[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: CapturedEvent['body'] = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CapturedEvent['body'];
      } catch {
        body = null;
      }
      events.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    events,
    waitFor: async (predicate, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = events.find(predicate);
        if (hit) return hit;
        if (Date.now() > deadline)
          throw new Error(`capture server: no matching webhook within ${timeoutMs} ms (got ${events.map((e) => e.body?.event).join(', ') || 'none'})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
