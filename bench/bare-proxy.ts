import { Agent, createServer, request } from 'node:http';
import type { Server } from 'node:http';

/**
 * The least a Node reverse proxy does: node:http on both sides, a kept-alive pool, bodies piped, nothing recorded or
 * graded. The bench's "bare proxy": what any HTTP hop through a second process costs on this machine.
 */
export function bareProxy(target: string): Server {
  const origin = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity, timeout: 1000 });
  return createServer((req, res) => {
    const upstream = request({ hostname: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}
