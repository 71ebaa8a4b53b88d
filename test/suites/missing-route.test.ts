import { describe, expect, it } from 'vitest';
import { runConformance } from '../../suites/engine/index.js';
import { referenceTarget } from '../../targets/index.js';

// A simulator that lacks one route while the rest works (fault simulator-no-rotate-route): the missing path is
// reported on SIM-SAME-PATHS, and its 404s are not taken for webhooks that vanished (WH-FOUND-UNTIL-DELETED).
describe('a simulator without the rotate-secret route', () => {
  it('fails SIM-SAME-PATHS naming the path, and no 404 of the missing route is blamed on a webhook that vanished', async () => {
    const run = await runConformance({ target: referenceTarget({ faults: ['simulator-no-rotate-route'], mode: 'simulator' }), seed: 23 });
    const paths = run.checks.find((c) => c.id === 'SIMULATOR-SCENARIO-SAME-WEBHOOK-PATHS');
    expect(paths?.status).toBe('failed');
    expect(paths?.violated).toEqual(['SIM-SAME-PATHS']);
    expect(paths?.reason).toMatch(/POST \/v1\/webhooks\/\{id\}\/rotate-secret of a webhook just created answered 404/);
    const blamed = run.checks.filter((c) => c.violated?.includes('WH-FOUND-UNTIL-DELETED'));
    expect(blamed.map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
    expect(run.checks.find((c) => c.id === 'HISTORY-WEBHOOK-FOUND-UNTIL-DELETED')?.status).toBe('passed');
    // the root cause a report puts first is the operation that is not implemented
    expect(run.rootCauses[0]?.checkId).toBe('CONTRACT-ROTATEWEBHOOKSECRET-POSITIVE');
    // everything else is still tested: the model leaves the missing operation out of its sequences, the webhook fields
    // are judged on the other answers, and the rotation scenario waits behind the missing route
    const status = (id: string) => run.checks.find((c) => c.id === id)?.status;
    expect(status('MODEL-MESSAGING-MUST')).toBe('passed');
    expect(status('MODEL-MESSAGING-SHOULD')).toBe('passed');
    expect(status('WEBHOOK-FIELDS-TYPED')).toBe('passed');
    expect(run.checks.find((c) => c.id === 'WEBHOOK-FIELDS-TYPED')?.logs?.join('\n')).toMatch(/not judged: the answers of rotateWebhookSecret/);
    expect(status('WEBHOOK-ROTATE-NEW-SECRET')).toBe('blocked');
  }, 120_000);
});
