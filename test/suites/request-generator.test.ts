import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationById } from '../../spec/index.js';
import { requestGenerator } from '../../suites/contract/request-generator.js';

const urlsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(urlsOf) : [];

describe('request generators share their schema-derived parts across checks', () => {
  // each check has its own receiver path; the parts are built once per operation, with URL placeholders
  for (const id of ['createWebhook', 'updateWebhook']) {
    it(`${id}: two generators give URLs under their own path only, in random, example and boundary requests`, () => {
      const first = requestGenerator(operationById(id), (word) => `https://hooks.conformance.example/check-a/${word}`);
      const second = requestGenerator(operationById(id), (word) => `https://hooks.conformance.example/check-b/${word}`);
      for (const [generator, own, other] of [
        [first, 'check-a', 'check-b'],
        [second, 'check-b', 'check-a'],
      ] as const) {
        const requests = [
          ...fc.sample(generator.valid({ id: 'wh_1' }), { seed: 7, numRuns: 50 }),
          generator.example({ id: 'wh_1' }),
          ...generator.boundaries({ id: 'wh_1' }).map((b) => b.parts),
        ];
        const urls = requests.map((r) => (r.body as { url?: unknown } | undefined)?.url).filter((url): url is string => typeof url === 'string');
        expect(urls.length).toBeGreaterThan(40);
        for (const url of urls) expect(url).toMatch(new RegExp(`^https://hooks\\.conformance\\.example/${own}/[a-z0-9]+$`));
        const text = requests.flatMap((r) => urlsOf(r)).join('\n');
        expect(text).not.toContain('\u{E000}');
        expect(text).not.toContain(other);
      }
    });
  }

  it('gives the same requests for the same seed whichever generator of the operation was made first', () => {
    const make = () => requestGenerator(operationById('sendMessage'), (word) => `https://x.example/${word}`);
    const a = fc.sample(make().valid(), { seed: 11, numRuns: 20 });
    const b = fc.sample(make().valid(), { seed: 11, numRuns: 20 });
    expect(b).toEqual(a);
    expect(make().boundaries()).toEqual(make().boundaries());
  });
});
