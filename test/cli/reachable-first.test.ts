import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { conform } from '../helpers/run-conform.js';

// issue 34: a URL where nothing listens, without --profile (production: a key needed), asked for a key first
describe('a URL target without a key', () => {
  it('where nothing listens: "not reachable", one line, exit 2, before any word of the key', async () => {
    const port = await freePort();
    const outcome = await conform(['--target', `http://127.0.0.1:${port}`, '--check', 'USER-ME-CONNECTION']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(new RegExp(`^conform: target not reachable: GET http://127\\.0\\.0\\.1:${port}/v1/user/me failed: ECONNREFUSED`));
    expect(outcome.stderr).not.toMatch(/API key/);
    expect(outcome.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('where something answers (any status): the missing key, as before', async () => {
    const server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const outcome = await conform(['--target', `http://127.0.0.1:${port}`, '--check', 'USER-ME-CONNECTION']);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toMatch(/^conform: No API key for the production target http:\/\/127\.0\.0\.1:\d+: pass --api-key/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
