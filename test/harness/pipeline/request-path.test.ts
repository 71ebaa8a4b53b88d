import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../targets/index.js';
import { startStub } from '../stub-server.js';
import type { Stub } from '../stub-server.js';

let stub: Stub | undefined;
let client: HttpClient | undefined;
afterEach(async () => {
  await client?.close();
  await stub?.close();
});

describe('the request path in its order', () => {
  it('a send aborted while waiting for the throttle was admitted: counted, in the ledger with its error, and recorded', async () => {
    stub = await startStub(() => [201, { id: 'm1' }]);
    const policy = { guarded: true, allowSend: true, allowedRecipients: ['+14155550100'], maxSends: 5 };
    client = HttpClient.create({ baseUrl: stub.url, keys: { growth: 'grow_key_123', unknown: 'u' }, ratePerMinute: 1, sendPolicy: policy });
    const scope = client.scope(undefined, 'CHECK-WAIT');
    const send = { method: 'POST', path: '/v1/messages', body: { to: '+14155550100', message: 'hi' } };
    await scope.request(send);
    const aborted = await scope.request({ ...send, signal: AbortSignal.timeout(150) });
    expect(aborted.error?.code).toBe('ABORTED');
    expect(stub.requests).toHaveLength(1);
    expect(client.totalSent).toBe(2);
    expect(scope.count).toBe(2);
    expect(scope.exchanges.map((e) => e.error?.code)).toEqual([undefined, 'ABORTED']);
    // as before the pipeline: the ledger lists it with its error (an abort keeps its slot, the conservative reading)
    expect(client.sends.ledger.map((r) => [r.check, r.status, r.error])).toEqual([
      ['CHECK-WAIT', 201, undefined],
      ['CHECK-WAIT', undefined, 'ABORTED'],
    ]);
    expect(scope.throttledMs).toBeGreaterThanOrEqual(100);
  });
});
