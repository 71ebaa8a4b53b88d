import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const user = JSON.stringify({
  id: 'u_1',
  email: 'dev@example.com',
  name: 'Dev',
  workspace_id: '0b6e4a8e-0f59-4a51-9a43-31a6c1a0a002',
  created_at: '2024-01-01T00:00:00Z',
});
const message = {
  id: 'm_1',
  to: '+14155550123',
  from: '+14155550100',
  message: 'hello',
  status: 'queued',
  direction: 'outbound',
  created_at: '2024-01-01T00:00:00Z',
};
const sent = JSON.stringify(message);
const list = JSON.stringify({ data: [message, { ...message, id: 'm_2' }], pagination: { page: 1, limit: 2, total: 2, has_more: false } });

/** A bare node:http server answering fixed, contract-valid bodies (user, message list, a sent message): the bench target. */
export async function startContractServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      const [status, body] = path.startsWith('/v1/user/me') ? [200, user] : req.method === 'POST' ? [201, sent] : [200, list];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
