// issue 34: a delivery that reached the simulator's one URL without spec §6's {event, data} (fault payload-not-wrapped:
// the bare data object) was reported as "no message.received reached the configured webhook URL", its payload never shown
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../suites/engine/index.js';
import { startReference } from '../../simulator/index.js';
import { virtualPhoneTrigger } from '../../spec/simulator-defaults.js';
import { freeLoopbackPort } from '../../targets/container/free-port.js';
import { conform } from '../helpers/run-conform.js';

describe('a simulator whose deliveries are not {event, data}', () => {
  it('shows what arrived and fails EVT-PAYLOAD-SHAPE, not "nothing reached"', async () => {
    const receiverPort = await freeLoopbackPort();
    const webhookUrl = `http://127.0.0.1:${receiverPort}/sim-hook`;
    const sim = await startReference({
      mode: 'simulator',
      host: '127.0.0.1',
      port: 0,
      ui: { port: 0 },
      webhookUrl,
      lifecycle: { stepMs: 3 },
      faults: ['payload-not-wrapped'],
    });
    const out = await mkdtemp(join(tmpdir(), 'misshapen-'));
    try {
      const flags = ['--target', sim.url, '--profile', 'simulator', '--receiver-port', String(receiverPort), '--simulator-webhook-url', webhookUrl];
      const checks = ['INBOUND-RECEIVED-PAYLOAD', 'INBOUND-RECEIVED-STATUS', 'SIMULATOR-VIRTUAL-PHONE-INBOUND', 'SIMULATOR-EVENTS-AT-CONFIGURED-URL'];
      const selected = checks.flatMap((id) => ['--check', id]);
      const run = await conform([...flags, ...selected, '--inbound-trigger', virtualPhoneTrigger(sim.uiUrl as string), '--reporter', 'json', '--out', out]);
      expect(run.code, run.stderr).toBe(1);
      const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
      const byId = new Map(result.checks.map((c) => [c.id, c]));
      for (const id of ['INBOUND-RECEIVED-PAYLOAD', 'SIMULATOR-VIRTUAL-PHONE-INBOUND', 'SIMULATOR-EVENTS-AT-CONFIGURED-URL']) {
        const check = byId.get(id);
        expect({ id, status: check?.status, violated: check?.violated }).toEqual({ id, status: 'failed', violated: ['EVT-PAYLOAD-SHAPE'] });
        expect(check?.reason).toMatch(
          /did not come as \{event, data\}: (a delivery|\d+ deliveries) reached \/sim-hook without spec §6's \{event, data\} shape: #\d+: the body has no string "event" \(keys: [^)]*\); body: \{"/,
        );
        expect(check?.reason).not.toMatch(/^no /);
      }
      // observe: noted, and the payload is shown there too
      expect(byId.get('INBOUND-RECEIVED-STATUS')).toMatchObject({
        status: 'noted',
        reason: expect.stringMatching(/did not come as \{event, data\}: (a delivery|\d+ deliveries) reached \/sim-hook/),
      });
    } finally {
      await sim.stop();
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
