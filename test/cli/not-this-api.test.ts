import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conform } from '../helpers/run-conform.js';

// issue 34: a target that is not this API (a plain web server) got hundreds of 405 lines and internal fc.oneof errors
/** A loopback server answering every request `status` with `body` (text/html when given); counts the requests. */
async function plainServer(status: number, body?: string): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('a target that does not answer like this API at all', () => {
  it.each([
    ['405 to everything, no body', 405, undefined],
    ['an HTML page for every path', 200, '<!DOCTYPE html><title>files</title>'],
  ])('%s: one line saying so, exit 2, no check run', async (_what, status, body) => {
    const server = await plainServer(status, body);
    const out = await mkdtemp(join(tmpdir(), 'conform-not-api-'));
    try {
      const outcome = await conform(['--target', server.url, '--profile', 'simulator', '--receiver-port', '0', '--suite', 'contract/*', '--out', out]);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toMatch(/^conform: the target does not answer like this API: GET http:\/\/127\.0\.0\.1:\d+\/v1\/user\/me answered (405|200)/m);
      expect(outcome.stderr).not.toMatch(/fc\.oneof|internal error|FAIL \[/);
      expect(outcome.stderr.split('\n').filter((line) => line.startsWith('conform: the target'))).toHaveLength(1);
      expect(server.requests()).toBe(2);
    } finally {
      await server.close();
      await rm(out, { recursive: true, force: true });
    }
  });

  it('a 500 without JSON is an API that is there but broken: the run goes on and fails (exit 1)', async () => {
    const server = await plainServer(500, 'Internal Server Error');
    const out = await mkdtemp(join(tmpdir(), 'conform-not-api-'));
    try {
      const outcome = await conform(['--target', server.url, '--profile', 'simulator', '--receiver-port', '0', '--suite', 'contract/messages', '--out', out]);
      expect(outcome.code, outcome.stderr).toBe(1);
      expect(outcome.stderr).not.toMatch(/does not answer like this API/);
    } finally {
      await server.close();
      await rm(out, { recursive: true, force: true });
    }
  });
});
