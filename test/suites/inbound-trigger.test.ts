import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import { freeLoopbackPort } from '../../targets/container/free-port.js';
import { describeInboundTrigger, parseInboundTrigger, sendInboundTrigger } from '../../targets/index.js';
import { virtualPhoneTrigger } from '../../spec/simulator-defaults.js';
import { conform } from '../helpers/run-conform.js';

const dir = mkdtempSync(join(tmpdir(), 'inbound-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CheckRow {
  id: string;
  status: string;
  reason?: string;
}

describe('the inbound trigger convention (spec §6 message.received)', () => {
  it('parses "<METHOD> <url> [<body>]", reads back its own notation, and refuses anything else naming the setting', () => {
    const text = 'post /sim/inbound/{from} {"to":"{to}","text":"{message}"}';
    const trigger = parseInboundTrigger(text);
    expect(trigger).toEqual({ method: 'POST', url: '/sim/inbound/{from}', body: '{"to":"{to}","text":"{message}"}' });
    expect(parseInboundTrigger(describeInboundTrigger(trigger))).toEqual(trigger);
    expect(() => parseInboundTrigger('POST', '--inbound-trigger')).toThrow(/--inbound-trigger must look like "<METHOD> <url or \/path> \[<body>\]"/);
    expect(() => parseInboundTrigger('POST ftp://x/y')).toThrow(/must look like/);
  });

  it('fills {from} percent-encoded in the URL and every value JSON-escaped in the body, relative to the base URL', async () => {
    const seen: { url?: string; body: string } = { body: '' };
    const server = createServer((req, res) => {
      seen.url = req.url;
      req.on('data', (chunk: Buffer) => (seen.body += chunk.toString()));
      req.on('end', () => res.writeHead(201).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
      const trigger = parseInboundTrigger('POST /phones/{from}/send {"to":"{to}","message":"{message}"}');
      const answer = await sendInboundTrigger(trigger, base, { from: '+14155550123', to: '+15550000000', message: 'say "hi"\n' }, 2_000);
      expect(answer.status).toBe(201);
      expect(seen.url).toBe('/api/phones/%2B14155550123/send');
      expect(JSON.parse(seen.body)).toEqual({ to: '+15550000000', message: 'say "hi"\n' });
      // no answer is a result in words, never a throw
      const port = await freeLoopbackPort();
      const none = await sendInboundTrigger(trigger, `http://127.0.0.1:${port}`, { from: '+1', to: '+2', message: 'm' }, 1_000);
      expect(none.status).toBeUndefined();
      expect(none.error).toBeTruthy();
    } finally {
      server.close();
    }
  });

  it('against a simulator at a URL: message.received and the virtual phones run with the setting, and are skipped naming it without', async () => {
    const receiverPort = await freeLoopbackPort();
    const webhookUrl = `http://127.0.0.1:${receiverPort}/sim-hook`;
    const sim = await startReference({ mode: 'simulator', host: '127.0.0.1', port: 0, ui: { port: 0 }, webhookUrl, lifecycle: { stepMs: 3 } });
    try {
      const common = ['--target', sim.url, '--profile', 'simulator', '--receiver-port', String(receiverPort), '--simulator-webhook-url', webhookUrl];
      const selected = ['--suite', 'scenarios/inbound', '--reporter', 'json'];
      const withTrigger = join(dir, 'with');
      const run = await conform([...common, ...selected, '--out', withTrigger, '--inbound-trigger', virtualPhoneTrigger(sim.uiUrl as string)]);
      const checks = (JSON.parse(readFileSync(join(withTrigger, 'results.json'), 'utf8')) as { checks: CheckRow[] }).checks;
      expect(checks.map((c) => [c.id, c.status])).toEqual([
        ['INBOUND-RECEIVED-PAYLOAD', 'passed'],
        ['INBOUND-RECEIVED-STATUS', 'passed'],
        ['SIMULATOR-VIRTUAL-PHONE-INBOUND', 'passed'],
      ]);
      expect(run.code).toBe(0);
      const without = join(dir, 'without');
      await conform([...common, ...selected, '--out', without]);
      const skipped = (JSON.parse(readFileSync(join(without, 'results.json'), 'utf8')) as { checks: CheckRow[] }).checks;
      for (const check of skipped) {
        expect(check.status).toBe('skipped');
        expect(check.reason).toMatch(/--inbound-trigger .*config key "inboundTrigger"/);
      }
    } finally {
      await sim.stop();
    }
  });
});
