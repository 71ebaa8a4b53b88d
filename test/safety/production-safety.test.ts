import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/conform/run-cli.js';
import { writeReports } from '../../reports/index.js';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import type { Check } from '../../suites/checks/index.js';
import { fitCaseBudget, formatPlanReport, planReport, planRun, runConformance } from '../../suites/engine/index.js';
import { requirements } from '../../spec/requirements.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownNumber, sender, startProductionReference, strangerNumber } from './helpers.js';
import type { ProductionReference } from './helpers.js';

/** A billable check that tries `count` sends to `to` (bounded loop). */
function sender8(id: string, to: string, count = 8, needs: Check['needs'] = ['billable']): Check {
  return defineCheck({
    id,
    title: `tries ${count} sends to ${to}`,
    suite: 'safety/sends',
    requirements: ['MSG-SEND-SUCCESS-2XX'],
    level: 'must',
    ...(needs ? { needs } : {}),
    estimate: { requests: count, sends: count },
    async run(ctx) {
      for (let i = 0; i < count; i++) {
        const exchange = await ctx.http.request({ method: 'POST', path: '/v1/messages', body: { to, from: sender, message: `safety ${i}` } });
        ctx.expectStatus(exchange, '2xx');
      }
    },
  });
}

const registryOf = (...checks: Check[]): CheckRegistry => new CheckRegistry().register(userMeConnection, ...checks);
const io = () => {
  let stdout = '';
  let stderr = '';
  return {
    io: { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {} },
    out: () => stdout,
    err: () => stderr,
  };
};

let ref: ProductionReference;
let dir: string;
beforeAll(async () => {
  ref = await startProductionReference();
  dir = await mkdtemp(join(tmpdir(), 'conform-safety-'));
});
afterAll(async () => {
  await ref.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('production safety against the reference in production mode on loopback', () => {
  it('--plan on the production profile shows zero billable sends without --allow-send, and sends nothing', async () => {
    const before = (await ref.messages()).length;
    const cli = io();
    const code = await runCli(['--target', ref.server.url, '--profile', 'production', '--api-key', ref.key, '--plan'], cli.io);
    expect(code).toBe(0);
    expect(cli.out()).toMatch(/Sends are guarded: refused \(no --allow-send\)/);
    expect(cli.out()).toMatch(/Total: \d+ checks run, \d+ skipped, about \d+ requests \(\d+ api key\), 0 billable sends\./);
    expect(cli.out()).toMatch(/Expected wall time: about [\d.]+ minutes at 100 requests\/min per key\./);
    // the same with a billable check in the plan: it is skipped, the plan still shows 0 sends
    const target = ref.target();
    const plan = planRun(registryOf(sender8('SAFETY-PLAN-SENDS', ownNumber)), {}, { target, requirements, allowBillable: false });
    const report = planReport(plan, {
      target: { name: 'p', profile: 'production' },
      budget: fitCaseBudget(plan, { target, runs: 10 }),
      guarded: true,
      allowSend: false,
      allowRecipients: [],
      maxSends: 5,
      ratePerMinute: 100,
    });
    expect(report.totals.billableSends).toBe(0);
    expect(report.lines.find((l) => l.id === 'SAFETY-PLAN-SENDS')?.skip).toMatch(/--allow-send/);
    // with --allow-send and a recipient, the plan caps the sends at --max-sends
    const allowed = planRun(
      registryOf(sender8('SAFETY-PLAN-SENDS', ownNumber)),
      {},
      { target, requirements, allowBillable: true, allowRecipients: [ownNumber] },
    );
    const capped = planReport(allowed, {
      target: { name: 'p', profile: 'production' },
      budget: fitCaseBudget(allowed, { target, runs: 10 }),
      guarded: true,
      allowSend: true,
      allowRecipients: [ownNumber],
      maxSends: 3,
      ratePerMinute: 100,
    });
    expect(capped.totals.billableSends).toBe(3);
    expect(formatPlanReport(capped)).toMatch(/SAFETY-PLAN-SENDS\s+must\s+8\s+3 {2}5 sends over --max-sends are refused/);
    expect((await ref.messages()).length).toBe(before);
  });

  it('stops sends at --max-sends: the reference received exactly that many, all to the allowed number, and the ledger lists them', async () => {
    const before = new Set((await ref.messages()).map((m) => m.id));
    const result = await runConformance({
      target: ref.target(),
      registry: registryOf(sender8('SAFETY-BUDGET-SENDS', ownNumber)),
      allowBillable: true,
      allowRecipients: [ownNumber],
      maxSends: 3,
    });
    const received = (await ref.messages()).filter((m) => !before.has(m.id));
    expect(received).toHaveLength(3);
    expect(received.every((m) => m.to === ownNumber)).toBe(true);
    const check = result.checks.find((c) => c.id === 'SAFETY-BUDGET-SENDS');
    expect(check?.status).toBe('skipped');
    expect(check?.reason).toMatch(/send budget is spent \(3 messages of --max-sends 3 created or pending\)/);
    expect(result.sends).toMatchObject({ guarded: true, sent: 3, refused: 1 });
    const ledger = result.sends?.ledger ?? [];
    expect(ledger.map((s) => s.messageId).sort()).toEqual(received.map((m) => m.id).sort());
    expect(ledger.every((s) => s.recipient === ownNumber && s.tier === 'growth' && s.check === 'SAFETY-BUDGET-SENDS')).toBe(true);
    const written = await writeReports(result, { outDir: join(dir, 'budget'), reporters: ['json', 'html', 'markdown'] });
    for (const file of written.files) {
      const text = await readFile(file, 'utf8');
      for (const send of ledger) expect(text, file).toContain(send.messageId as string);
    }
  });

  it('refuses in the client every send without --allow-send or to a number not on --allow-recipient, however it is spelled', async () => {
    const before = (await ref.messages()).length;
    const sneaky = defineCheck({
      id: 'SAFETY-SNEAKY-SENDS',
      title: 'sends without declaring billable, to strangers, by odd paths and raw bodies',
      suite: 'safety/sends',
      requirements: ['MSG-SEND-SUCCESS-2XX'],
      level: 'must',
      async run(ctx) {
        const attempts: [string, unknown][] = [
          ['/v1/messages', { to: strangerNumber, from: sender, message: 'x' }],
          ['/v1//messages/', { to: strangerNumber, from: sender, message: 'x' }],
          ['/v1/./messages', { to: strangerNumber, from: sender, message: 'x' }],
          ['/v1/%6Dessages', { to: strangerNumber, from: sender, message: 'x' }],
          ['/V1/MESSAGES/SEND-TEMPLATE', { to: strangerNumber, template: 'otp-verify' }],
          ['/v1/messages/send-template', { to: strangerNumber, template: 'otp-verify', data: { code: '1', company: 'x' } }],
          ['/v1/messages', `{"to":"${strangerNumber}","from":"${sender}","message":"raw"}`],
          ['/v1/messages', `{"to":"${strangerNumber}","from":`],
          ['/v1/messages', { to: strangerNumber.replace(/^\+1/, '1 (').replace(/555/, '555) '), from: sender, message: 'spelled' }],
          ['/v1/messages', { to: Number(strangerNumber.slice(1)), from: sender, message: 'a number' }],
          ['/v1/messages', { to: [strangerNumber], from: sender, message: 'a list' }],
        ];
        const refusals: string[] = [];
        for (const [path, body] of attempts) {
          try {
            await ctx.http.request({ method: 'POST', path, body });
            refusals.push(`SENT ${path}`);
          } catch (error) {
            refusals.push((error as { code: string }).code);
          }
        }
        ctx.log(refusals.join(','));
      },
    });
    for (const allowBillable of [false, true]) {
      const result = await runConformance({ target: ref.target(), registry: registryOf(sneaky), allowBillable, allowRecipients: [ownNumber], maxSends: 50 });
      const log = result.checks.find((c) => c.id === 'SAFETY-SNEAKY-SENDS')?.logs?.[0] ?? '';
      expect(log).not.toMatch(/SENT/);
      expect(log.split(',')).toHaveLength(11);
      expect(log).toMatch(allowBillable ? /^(RECIPIENT_NOT_ALLOWED,?)+$/ : /^(SEND_NOT_ALLOWED,?)+$/);
      expect(result.sends?.sent).toBe(0);
    }
    expect((await ref.messages()).length).toBe(before);
  });

  it('admits sends that name no phone number (nobody can be billed) and frees the --max-sends slot of a refused send or a replay', async () => {
    const before = (await ref.messages()).length;
    const probe = defineCheck({
      id: 'SAFETY-UNBILLABLE-SENDS',
      title: 'sends invalid recipients, refused bodies and idempotent replays to the allowed number',
      suite: 'safety/sends',
      requirements: ['MSG-SEND-SUCCESS-2XX'],
      level: 'must',
      async run(ctx) {
        const statuses: (number | string)[] = [];
        const post = async (body: unknown, headers: Record<string, string> = {}) => {
          const exchange = await ctx.http.request({ method: 'POST', path: '/v1/messages', body, headers });
          statuses.push(exchange.status ?? exchange.error?.code ?? '?');
          // each answer is what the check judges (its log and the ledger): the accepted sends are its evidence
          ctx.evidence(exchange);
        };
        for (const to of [undefined, '+1', '+99811', 42, null]) await post({ ...(to === undefined ? {} : { to }), from: sender, message: 'nobody' });
        await post('not json at all');
        // refused by the target (a 4xx): no message, the slot is free again
        for (let i = 0; i < 3; i++) await post({ to: ownNumber, from: sender, message: 'x'.repeat(1601) });
        // one message, then replays of it under its Idempotency-Key: one slot
        for (let i = 0; i < 3; i++) await post({ to: ownNumber, from: sender, message: 'once' }, { 'idempotency-key': 'safety-replay-key-1' });
        await post({ to: ownNumber, from: sender, message: 'second' });
        ctx.log(statuses.join(','));
      },
    });
    const result = await runConformance({ target: ref.target(), registry: registryOf(probe), allowBillable: true, allowRecipients: [ownNumber], maxSends: 2 });
    const check = result.checks.find((c) => c.id === 'SAFETY-UNBILLABLE-SENDS');
    expect(check?.status, check?.reason).toBe('passed');
    expect(check?.evidence?.[0]).toMatch(/^judged POST \/v1\/messages 20\d$/);
    // '+99811' is E.164 by the pattern and the reference takes it, but no phone has 5 digits: nobody to bill
    expect(check?.logs?.[0]).toMatch(/^400,400,20\d,400,400,400,(400,){3}(20\d,){3}20\d$/);
    expect(result.sends).toMatchObject({ sent: 13, refused: 0, counted: 2 });
    expect(result.sends?.ledger).toHaveLength(7);
    const all = await ref.messages();
    const received = all.slice(0, all.length - before);
    expect(received.map((m) => m.to).sort()).toEqual([ownNumber, ownNumber, '+99811']);
  });

  it('skips a billable check without --allow-send with a clear reason', async () => {
    const before = (await ref.messages()).length;
    const result = await runConformance({ target: ref.target(), registry: registryOf(sender8('SAFETY-NO-ALLOW', ownNumber)) });
    expect(result.checks.find((c) => c.id === 'SAFETY-NO-ALLOW')).toMatchObject({
      status: 'skipped',
      reason: 'sends billable messages: pass --allow-send to allow it',
    });
    expect((await ref.messages()).length).toBe(before);
  });
});
