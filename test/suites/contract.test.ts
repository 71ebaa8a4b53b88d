import { describe, expect, it } from 'vitest';
import { operations } from '../../spec/index.js';
import { requirementById } from '../../spec/requirements.js';
import { loadRegistry, runConformance } from '../../suites/index.js';
import type { Selection } from '../../suites/checks/index.js';
import { checks, negativeCases } from '../../suites/contract/index.js';
import { referenceTarget } from '../../targets/index.js';

const modules = ['./checks/builtin/index.js', './contract/index.js'];
const strictness = { must: 0, should: 1, observe: 2 } as const;

async function run(faults: string[], selection: Selection, runs = 5) {
  const registry = await loadRegistry(modules);
  return runConformance({ target: referenceTarget({ faults }), registry, selection, seed: 11, runs });
}

const notPassed = (result: Awaited<ReturnType<typeof run>>) =>
  result.checks
    .filter((c) => c.status !== 'passed')
    .map((c) => c.id)
    .sort();

describe('contract checks (derived from spec/openapi.yaml)', () => {
  it('gives every operation a must-level positive baseline and cites known requirements no stricter than the check', () => {
    for (const operation of operations) {
      const positive = checks.find((c) => c.baselineFor === operation.id);
      expect(positive?.level, operation.id).toBe('must');
    }
    for (const check of checks) {
      for (const id of check.requirements) {
        const requirement = requirementById(id);
        expect(requirement, `${check.id} cites ${id}`).toBeDefined();
        expect(strictness[check.level], `${check.id} is stricter than ${id}`).toBeGreaterThanOrEqual(strictness[requirement?.level ?? 'must']);
      }
      if (!check.baselineFor && !check.id.endsWith('-SUCCESS-STATUS') && !check.id.endsWith('-ASSUMED-SHAPE')) {
        expect(check.baseline, `${check.id} is a negative check`).toBeDefined();
      }
    }
    expect(checks.find((c) => c.id === 'CONTRACT-CREATEWEBHOOK-POSITIVE')?.needs).toContain('receiver');
    expect(checks.find((c) => c.id === 'CONTRACT-GETMESSAGE-POSITIVE')?.needs).toContain('billable');
  });

  it('keeps only the negative cases that survive the wire (12345 is a fine header value; an empty path segment is no request)', () => {
    const send = negativeCases(operations.find((o) => o.id === 'sendMessage') ?? operations[0]!).map((c) => c.words);
    expect(send).toContain('BODY-MESSAGE-MAXLENGTH');
    expect(send).toContain('HEADER-IDEMPOTENCY-KEY-MAXLENGTH');
    expect(send).not.toContain('HEADER-IDEMPOTENCY-KEY-TYPE');
    const get = negativeCases(operations.find((o) => o.id === 'getMessage') ?? operations[0]!);
    expect(get).toEqual([]);
  });

  it('passes against the clean reference', async () => {
    const result = await run([], { suites: ['contract/*'] });
    expect(notPassed(result)).toEqual([]);
    // no connection gate is added any more (DESIGN.md §3): the contract checks, plus the connection test only as the
    // other baseline of GET /v1/user/me, which the unlisted-method check observes (it probes the paths that work)
    expect(result.checks.filter((c) => c.id !== 'USER-ME-CONNECTION').length).toBe(checks.length);
  });

  it('catches a 1601-character message on the must check that cites MSG-SEND-MESSAGE-MAX, with a readable counterexample', async () => {
    const result = await run(['accepts-1601-chars'], { suites: ['contract/messages'] });
    expect(notPassed(result)).toEqual(['CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH', 'CONTRACT-SENDMESSAGE-INVALID-400']);
    const failing = result.checks.find((c) => c.id === 'CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH');
    expect(failing?.requirements).toEqual(['MSG-SEND-MESSAGE-MAX']);
    expect(failing?.counterexample).toMatchObject({ case: 'body message of 1601 characters (max 1600)', method: 'POST', path: '/v1/messages' });
    expect(failing?.reproduction).toMatch(/^curl .*\/v1\/messages/);
    expect(failing?.seed).toBe(11);
  });

  it('catches a secret in the webhook list on the positive list check (WH-LIST-NO-SECRET)', async () => {
    const result = await run(['list-leaks-secret'], { suites: ['contract/webhooks'] });
    expect(notPassed(result)).toEqual(['CONTRACT-LISTWEBHOOKS-POSITIVE']);
    const failing = result.checks.find((c) => c.id === 'CONTRACT-LISTWEBHOOKS-POSITIVE');
    expect(failing?.requirements).toContain('WH-LIST-NO-SECRET');
    expect(failing?.reason).toMatch(/signing_secret/);
  });

  it('grades a DELETE that answers 200 with a body at should level only (WH-DELETE-NO-BODY)', async () => {
    const result = await run(['delete-returns-body'], { ids: ['CONTRACT-DELETEWEBHOOK-POSITIVE', 'CONTRACT-DELETEWEBHOOK-SUCCESS-STATUS'] });
    expect(notPassed(result)).toEqual(['CONTRACT-DELETEWEBHOOK-SUCCESS-STATUS']);
    expect(result.checks.find((c) => c.id === 'CONTRACT-DELETEWEBHOOK-SUCCESS-STATUS')?.level).toBe('should');
  });

  it('catches 500 for unknown webhook ids at must (4xx) and should (404)', async () => {
    const ids = ['CONTRACT-TESTWEBHOOK-UNKNOWN-ID', 'CONTRACT-TESTWEBHOOK-UNKNOWN-ID-404'];
    const result = await run(['unknown-webhook-500'], { ids });
    expect(notPassed(result)).toEqual(ids);
    expect(result.checks.find((c) => c.id === ids[0])?.requirements).toEqual(['WH-UNKNOWN-4XX']);
  });
});
