import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stub saw it. */
export interface StubRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** A handler: return [status, body object | string, headers?], or handle `res` yourself and return undefined. */
export type StubHandler = (
  req: StubRequest,
  res: ServerResponse,
) => [number, unknown, Record<string, string>?] | undefined | Promise<[number, unknown, Record<string, string>?] | undefined>;

/** A tiny loopback HTTP server for the harness's own tests. */
export interface Stub {
  readonly url: string;
  readonly requests: StubRequest[];
  close(): Promise<void>;
}

/** Starts a stub on 127.0.0.1, port 0. */
export async function startStub(handler: StubHandler): Promise<Stub> {
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      void Promise.resolve(handler(seen, res)).then((answer) => {
        if (!answer) return;
        const [status, body, headers = {}] = answer;
        const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The /v1/user/me answer of a healthy stub (DESIGN.md §4). */
export const userMe = {
  id: 'usr_1',
  email: 'dev@example.com',
  name: 'Dev',
  workspace_id: '0b0f1f4e-8d5c-4b8e-9a51-3f7f2b3c9d10',
  created_at: '2025-01-01T00:00:00Z',
};
