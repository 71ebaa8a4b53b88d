// Parity against a partial implementation (issue 14): a missing operation is one row, spec §8 alone excuses a
// simulator, and a "Reproduce on B" command pasted into a shell reproduces B's outcome.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultParityRules, runParity } from '../../parity/index.js';
import type { ParityResult, ParityRow } from '../../parity/index.js';
import { requirementMatches } from '../../parity/parity-rules.js';
import { profileFor, referenceTarget, urlTarget } from '../../targets/index.js';
import { startPartialTarget } from '../support/partial-target.js';
import type { PartialTarget, PartialTargetOptions } from '../support/partial-target.js';
import { describeRows, differences } from './parity-helpers.js';
import { freePort } from '../support/free-port.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Parity of the embedded reference (A) and a partial target run as a URL with the simulator profile (B). */
async function partialParity(options: PartialTargetOptions): Promise<{ partial: PartialTarget; result: ParityResult; receiverPort: number }> {
  const partial = await startPartialTarget(options);
  const keys = { growth: partial.keys.growth as string, starter: partial.keys.starter as string };
  // the receiver on a free port of its own, not the simulator default 4010 (other runs on this machine may hold it)
  const receiverPort = await freePort();
  const b = urlTarget(partial.baseUrl, profileFor('simulator'), keys, { name: partial.baseUrl, receiverPort });
  const result = await runParity({
    a: { target: referenceTarget(), spec: 'reference' },
    b: { target: b, spec: partial.baseUrl },
    seed: 7,
    runs: 5,
    concurrency: 4,
  });
  return { partial, result, receiverPort };
}

const operationRows = (result: ParityResult): ParityRow[] => result.rows.filter((row) => row.kind === 'operation');

// every requirement spec §8 sets aside for a simulator, from the rules: a labelled row cites nothing else
const section8 = defaultParityRules.simulatorExpectations.flatMap((e) => e.requirements);
const onlySection8 = (row: ParityRow): boolean => (row.check?.requirements ?? []).every((id) => section8.some((p) => requirementMatches(id, p)));

describe('parity against a partial implementation: no GET /v1/user/me, no /v1/webhooks routes', () => {
  let partial: PartialTarget;
  let result: ParityResult;
  let receiverPort: number;
  beforeAll(async () => {
    ({ partial, result, receiverPort } = await partialParity({ missing: [{ method: 'GET', path: '/v1/user/me' }, { path: '/v1/webhooks/**' }] }));
  }, 240_000);
  afterAll(async () => {
    await partial?.stop();
  });

  it('shows one row per missing operation, naming B as the side that breaks the spec, with every blocked row folded in', () => {
    const ops = operationRows(result);
    expect(ops.map((row) => row.operation?.id).sort()).toEqual(['createWebhook', 'getCurrentUser', 'listWebhooks']);
    for (const row of ops) {
      expect(row.operation?.brokenOn).toBe('b');
      expect(row.b).toMatch(/^not implemented: 404 "Cannot (GET|POST) \/v1\//);
      expect(row.a).toBe('works');
      expect(row.spec?.verdict).toBe('b-breaks');
      expect(row.spec?.why).toMatch(/^B: \w+, an endpoint of spec §4\.[23], not implemented \(404 "Cannot (GET|POST) \/v1\/[a-z/]+"\); B breaks [A-Z]/);
    }
    // the operations that need a webhook id could not be tried: they are in createWebhook's row, not rows of their own
    expect(ops.find((row) => row.operation?.id === 'createWebhook')?.operation?.alsoBlocks).toEqual(
      expect.arrayContaining(['updateWebhook', 'deleteWebhook', 'rotateWebhookSecret', 'testWebhook', 'listWebhookDeliveries']),
    );
    expect(result.folded.operations).toBe(3);
    expect(result.folded.rows).toBeGreaterThan(150);
    // no difference is left of a check that B blocked: it is in its operation's row
    const blockedOnB = new Set(ops.flatMap((row) => row.operation?.checks ?? []));
    const left = differences(result).filter((row) => row.kind !== 'operation' && row.check && blockedOnB.has(row.check.id));
    expect(left, describeRows(left)).toEqual([]);
    expect(differences(result).length).toBeLessThan(20);
  });

  it('labels "expected of a simulator" only spec §8 differences (any key, no rate limit, one webhook URL, no cost)', () => {
    const labelled = differences(result).filter((row) => row.expectedOfSimulator);
    expect(labelled.length).toBeGreaterThan(0);
    for (const row of labelled) {
      expect(['auth', 'rate-limit', 'webhook-url', 'cost'], describeRows([row])).toContain(row.expectedOfSimulator?.category);
      expect(onlySection8(row), describeRows([row])).toBe(true);
      expect(row.kind, describeRows([row])).not.toBe('operation');
    }
    // tiers are not on §8's list: a tier check the simulator profile skips is not compared, not excused
    const tiers = result.rows.filter((row) => row.check?.requirements.some((id) => id.startsWith('TIER-STARTER')));
    expect(tiers.length).toBeGreaterThan(0);
    for (const row of tiers) expect(row.expectedOfSimulator, describeRows([row])).toBeUndefined();
  });

  // B's keys go through the environment: npm prints a script's arguments, so --api-key "$VAR" would show the key
  it('prints "Reproduce on B" with B\'s target, profile and key variables; pasted into a shell it gets B\'s outcome', async () => {
    const row = operationRows(result).find((r) => r.operation?.id === 'createWebhook') as ParityRow;
    const command = (row.reproduction?.b ?? '').split('\n')[0] as string;
    const port = String(receiverPort);
    expect(command).toBe(
      'CONFORM_API_KEY="$CONFORM_COMPARE_API_KEY" CONFORM_STARTER_API_KEY="$CONFORM_COMPARE_STARTER_API_KEY" ' +
        `npm run conform -- --target ${partial.baseUrl} --profile simulator --receiver-port ${port} --check CONTRACT-CREATEWEBHOOK-POSITIVE --seed 7 --runs 5`,
    );
    // A's command runs the embedded reference, which needs no keys
    expect((row.reproduction?.a ?? '').split('\n')[0]).toBe('npm run conform -- --target reference --check CONTRACT-CREATEWEBHOOK-POSITIVE --seed 7 --runs 5');
    expect(result.keyVariables.b).toEqual({ growth: 'CONFORM_COMPARE_API_KEY', starter: 'CONFORM_COMPARE_STARTER_API_KEY' });
    // B's curl reads B's key variable too, and no reproduction holds a key
    expect(row.reproduction?.b).toContain('"x-api-key: $CONFORM_COMPARE_API_KEY"');
    for (const text of result.rows.flatMap((r) => [r.reproduction?.a ?? '', r.reproduction?.b ?? ''])) {
      for (const key of [partial.keys.growth, partial.keys.starter] as string[]) expect(text).not.toContain(key);
    }
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONFORM_')));
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        'sh',
        ['-c', command],
        {
          cwd: repoRoot,
          env: { ...env, CONFORM_COMPARE_API_KEY: partial.keys.growth, CONFORM_COMPARE_STARTER_API_KEY: partial.keys.starter },
          timeout: 120_000,
        },
        (error, stdout, stderr) => resolve({ code: typeof error?.code === 'number' ? error.code : error ? -1 : 0, stdout, stderr }),
      );
    });
    // B's outcome in the parity run: the baseline failed, not implemented (exit 1, not 2: it ran against B)
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/FAIL \[1\/1\] \S+ CONTRACT-CREATEWEBHOOK-POSITIVE .*not implemented: POST \/v1\/webhooks answered 404/);
    expect(run.stdout).toMatch(/createWebhook\s+POST \/v1\/webhooks\s+not implemented/);
    expect(run.stdout + run.stderr).not.toContain(partial.keys.growth as string);
  }, 150_000);
});

describe('parity against a partial implementation that names the message field of POST /v1/messages "body"', () => {
  it('shows sendMessage refusing valid input as one row, B breaking it, with the checks it blocks folded in', async () => {
    const { partial, result } = await partialParity({ dialect: { fields: { message: 'body' } } });
    try {
      const send = operationRows(result).find((row) => row.operation?.id === 'sendMessage');
      expect(send?.b).toMatch(/^refuses valid input: 400 "body is required"/);
      expect(send?.spec?.verdict).toBe('b-breaks');
      expect(send?.spec?.breaks?.length).toBeGreaterThan(0);
      expect(send?.operation?.alsoBlocks).toContain('getMessage');
      expect(send?.operation?.checks.length).toBeGreaterThan(15);
      // the first difference a reader sees is that operation
      const first = result.rows.find((row) => row.compared && !row.same);
      expect(first?.kind).toBe('operation');
      for (const row of differences(result).filter((r) => r.expectedOfSimulator)) expect(onlySection8(row), describeRows([row])).toBe(true);
    } finally {
      await partial.stop();
    }
  }, 240_000);
});
