import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../suites/load-registry.js';
import { runConformance } from '../../suites/engine/index.js';
import { foundAt } from '../../suites/engine/answer-found.js';
import { operationAnswer } from '../../reports/fix-first.js';
import { referenceTarget } from '../../targets/index.js';

describe('a wrong-shape row of the operations table says where and what was found (docs/reports.md)', () => {
  it('foundAt names the kind of the value at a pointer, never a secret or an unprintable string', () => {
    const body = [{ signing_secret: 'whsec_0123', url: 'https://a.example/x', n: 3, ok: false, tags: [1, 2], meta: {}, 'a/b': null }];
    expect(foundAt(body, '/0/signing_secret')).toBe('a string of 10 characters');
    expect(foundAt(body, '/0/url')).toBe('the string "https://a.example/x"');
    expect(foundAt(body, '/0/n')).toBe('the number 3');
    expect(foundAt(body, '/0/ok')).toBe('the boolean false');
    expect(foundAt(body, '/0/tags')).toBe('an array of 2 item(s)');
    expect(foundAt(body, '/0/meta')).toBe('an empty object');
    expect(foundAt(body, '/0/a~1b')).toBe('null');
    expect(foundAt(body, '/0/missing')).toBe('nothing');
    expect(foundAt({ s: 'a\u001b[31mred' }, '/s')).toBe('a string of 9 characters');
    expect(foundAt(body, '')).toBe('an array of 1 item(s)');
  });

  it('a list that carries signing_secret: the row shows /0/signing_secret and a string of its length, not the body nor the secret', async () => {
    const target = referenceTarget({ faults: ['list-leaks-secret'] });
    const run = await runConformance({ target, registry: await loadRegistry(), selection: { ids: ['CONTRACT-LISTWEBHOOKS-POSITIVE'] }, seed: 7 });
    const row = run.operations.find((r) => r.operationId === 'listWebhooks');
    expect(row).toMatchObject({ state: 'wrong-shape', pointer: '/0/signing_secret', found: expect.stringMatching(/^a string of \d+ characters$/) });
    expect(row?.message).toBeUndefined();
    expect(operationAnswer(row as NonNullable<typeof row>)).toMatch(
      /^HTTP 200 · first schema violation at \/0\/signing_secret: found a string of \d+ characters$/,
    );
    expect(JSON.stringify(run.checks)).not.toMatch(/whsec_[0-9a-f]{8}/);
  }, 60_000);
});
