// The four checks that judge an operation's refusals (INVALID-400, ERROR-JSON, ERROR-CONTENT-TYPE, ERROR-BODY) send
// each invalid request once per run between them (CheckContext.shared): the same answers judged by four rules, a
// quarter of the requests (on a production target at 100 requests a minute, minutes saved), nothing less judged.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCheck, Evidence, RunBaselines } from '../../suites/checks/index.js';
import type { SharedSends } from '../../suites/checks/index.js';
import { createContext } from '../../suites/engine/create-context.js';
import type { CheckResult, RunResult } from '../../results/run-result.js';
import { progressPrinter } from '../../cli/conform/progress.js';
import type { HttpClient, Target } from '../../targets/index.js';
import { conform } from '../helpers/run-conform.js';

const judges = ['INVALID-400', 'ERROR-JSON', 'ERROR-CONTENT-TYPE', 'ERROR-BODY'];
const read = (dir: string): RunResult => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as RunResult;

describe('the refusal judges of an operation', () => {
  it('send each invalid request once between them, and each judges every answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shared-sends-'));
    const { code } = await conform(['--suite', 'contract/messages', '--out', dir, '--reporter', 'json']);
    expect(code).toBe(0);
    const result = read(dir);
    for (const stem of ['CONTRACT-SENDMESSAGE', 'CONTRACT-SENDTEMPLATEMESSAGE', 'CONTRACT-LISTMESSAGES']) {
      const group = judges.map((suffix) => result.checks.find((c) => c.id === `${stem}-${suffix}`));
      expect(group.every((c) => c?.status === 'passed')).toBe(true);
      const senders = group.filter((c) => (c?.exchanges ?? 0) > 0);
      expect(senders).toHaveLength(1);
      const sender = senders[0]?.id as string;
      const cases = senders[0]?.exchanges as number;
      for (const judge of group.filter((c) => c?.id !== sender)) {
        expect(judge?.exchanges).toBe(0);
        // it judged every answer the sender got: one piece of evidence per refusal, as the sender's
        expect(judge?.evidence).toEqual(senders[0]?.evidence);
        expect(judge?.logs).toContainEqual(expect.stringContaining(`judged the answers to the requests ${sender} sent`));
        expect(judge?.judgedAnswersOf).toBe(sender);
        // the progress line says why it sent nothing
        let line = '';
        progressPrinter({ write: (text: string) => (line += text) })({ type: 'check-end', result: judge as CheckResult, done: 1, total: 1 });
        expect(line).toContain(` ${judge?.id} (`);
        expect(line).toContain(`, 0 req, judged the answers of ${sender})`);
      }
      expect(cases).toBeGreaterThan(3);
    }
  });

  it('still all catch a fault in the refusals they judge, each with the failing answer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shared-sends-fault-'));
    const { code } = await conform(['--suite', 'contract/messages', '--fault', 'error-body-plain-text', '--out', dir, '--reporter', 'json']);
    expect(code).toBe(1);
    const result = read(dir);
    // plain-text refusals: not JSON, no JSON Content-Type (the body's shape is then ERR-BODY-JSON's finding alone)
    for (const suffix of ['ERROR-JSON', 'ERROR-CONTENT-TYPE']) {
      const check = result.checks.find((c) => c.id === `CONTRACT-SENDMESSAGE-${suffix}`);
      expect(check?.status, suffix).toBe('failed');
      expect(check?.reproduction ?? '', suffix).toContain('/v1/messages');
    }
  });

  it('are counted once by --plan: one sends, the others say whose answers they judge', async () => {
    const { stdout } = await conform(['--plan', '--suite', 'contract/messages']);
    const lines = stdout.split('\n').filter((line) => /^CONTRACT-SENDMESSAGE-(INVALID-400|ERROR-)/.test(line));
    expect(lines).toHaveLength(4);
    const counts = lines.map((line) => Number(line.split(/\s+/)[2]));
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    const sender = lines[counts.findIndex((n) => n > 0)]?.split(/\s+/)[0] as string;
    expect(lines.filter((line) => line.endsWith(`judges the answers ${sender} gets`))).toHaveLength(3);
  });
});

describe('the should-level positive checks of an operation (SUCCESS-STATUS, ASSUMED-SHAPE)', () => {
  it('grade the first answers its passing baseline got, and send their own when the baseline failed', async () => {
    const clean = mkdtempSync(join(tmpdir(), 'shared-positive-'));
    expect((await conform(['--suite', 'contract/messages', '--out', clean, '--reporter', 'json'])).code).toBe(0);
    const checks = read(clean).checks;
    for (const id of ['CONTRACT-LISTMESSAGES-SUCCESS-STATUS', 'CONTRACT-LISTMESSAGES-ASSUMED-SHAPE', 'CONTRACT-SENDMESSAGE-SUCCESS-STATUS']) {
      const check = checks.find((c) => c.id === id);
      const baseline = id.replace(/-(SUCCESS-STATUS|ASSUMED-SHAPE)$/, '-POSITIVE');
      expect(check).toMatchObject({ status: 'passed', exchanges: 0, judgedAnswersOf: baseline });
      expect(check?.evidence?.length).toBeGreaterThan(0);
    }
    // a baseline that failed (its answers name the id message_id) shares nothing: the status check sends its own
    const faulted = mkdtempSync(join(tmpdir(), 'shared-positive-fault-'));
    await conform(['--suite', 'contract/messages', '--fault', 'message-id-renamed', '--out', faulted, '--reporter', 'json']);
    const status = read(faulted).checks.find((c) => c.id === 'CONTRACT-SENDMESSAGE-SUCCESS-STATUS');
    expect(status?.status).toBe('passed');
    expect(status?.exchanges).toBeGreaterThan(0);
    expect(status?.judgedAnswersOf).toBeUndefined();
  });
});

describe('CheckContext.shared', () => {
  const check = defineCheck({ id: 'T-SHARED', title: 't', suite: 'test', requirements: ['ERR-BODY-JSON'], level: 'must', run: async () => {} });
  const context = (shared: SharedSends, logs: string[], id = 'T-SHARED') =>
    createContext({
      check: { ...check, id },
      http: {} as HttpClient,
      target: {} as Target,
      seed: 1,
      runs: 1,
      samples: Infinity,
      signal: new AbortController().signal,
      baseline: new RunBaselines(),
      evidence: new Evidence(),
      log: (line) => logs.push(line),
      shared,
    });

  it('reuses a complete send and names its check; sends its own after one that did not finish or threw', async () => {
    const shared: SharedSends = new Map();
    const logs: string[] = [];
    let sends = 0;
    const send = (complete: boolean) => async () => ({ value: ++sends, complete });
    // an unfinished send (its check's deadline came) is not reused
    expect(await context(shared, logs, 'A').shared('k', send(false))).toBe(1);
    expect(await context(shared, logs, 'B').shared('k', send(true))).toBe(2);
    expect(await context(shared, logs, 'C').shared('k', send(true))).toBe(2);
    expect(logs).toEqual(['judged the answers to the requests B sent (the checks of "k" send them once per run)']);
    // one that threw is not reused either
    const failing = context(shared, logs, 'D').shared('t', async () => Promise.reject(new Error('reset')));
    await expect(failing).rejects.toThrow('reset');
    expect(await context(shared, logs, 'E').shared('t', send(true))).toBe(3);
  });

  it('makes checks asking at the same time wait for one send', async () => {
    const shared: SharedSends = new Map();
    let sends = 0;
    const send = async () => {
      sends++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { value: sends, complete: true };
    };
    const values = await Promise.all(['A', 'B', 'C', 'D'].map((id) => context(shared, [], id).shared('k', send)));
    expect(values).toEqual([1, 1, 1, 1]);
    expect(sends).toBe(1);
  });
});
