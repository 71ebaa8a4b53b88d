import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback recorder in front of `upstream` (as devtools or mitmproxy record): every exchange as a HAR 1.2 entry. */
export async function recorder(upstream: string) {
  const entries: unknown[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = new Date();
      const body = Buffer.concat(chunks);
      const headers = Object.entries(req.headers).filter(([n]) => n !== 'host' && n !== 'connection' && n !== 'content-length');
      void fetch(`${upstream}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers: headers.map(([n, v]) => [n, String(v)] as [string, string]),
        ...(body.length > 0 ? { body } : {}),
      }).then(async (answer) => {
        const text = await answer.text();
        entries.push({
          startedDateTime: started.toISOString(),
          time: Date.now() - started.getTime(),
          request: {
            method: req.method,
            url: `${upstream}${req.url}`,
            headers: headers.map(([name, value]) => ({ name, value: String(value) })),
            ...(body.length > 0 ? { postData: { mimeType: 'application/json', text: body.toString('utf8') } } : {}),
          },
          response: {
            status: answer.status,
            headers: [...answer.headers].map(([name, value]) => ({ name, value })),
            content: { mimeType: answer.headers.get('content-type') ?? '', text },
          },
        });
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, har: () => JSON.stringify({ log: { version: '1.2', entries } }), close: () => new Promise((resolve) => server.close(resolve)) };
}
