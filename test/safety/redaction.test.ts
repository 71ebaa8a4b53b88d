import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressPrinter } from '../../cli/conform/progress.js';
import { reporterNames, reporterFor, writeReports } from '../../reports/index.js';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import { runConformance } from '../../suites/engine/index.js';
import { profileFor, Redactor, urlTarget } from '../../targets/index.js';
import { plantSecrets, startEchoTarget } from './echo-target.js';

const root = new URL('../../', import.meta.url).pathname;
const secrets = plantSecrets();
const planted = Object.values(secrets);
let echo: Awaited<ReturnType<typeof startEchoTarget>>;
let dir: string;
beforeAll(async () => {
  echo = await startEchoTarget(secrets);
  dir = await mkdtemp(join(tmpdir(), 'conform-redaction-'));
});
afterAll(async () => {
  await echo.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every file under dir, as text. */
async function filesOf(path: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of await readdir(path)) out.set(name, await readFile(join(path, name), 'utf8'));
  return out;
}

function expectClean(where: string, text: string): void {
  for (const secret of planted) expect(text.includes(secret), `${where} contains a planted secret`).toBe(false);
  // partial leaks too: the distinctive middle of each key
  expect(text, where).not.toMatch(/PLANTED(growth|starter|rate)[0-9a-f]{6}/);
}

/** Checks that put the secrets everywhere a careless harness could print them. */
const leakyChecks = [
  defineCheck({
    id: 'REDACT-LOG-AND-THROW',
    title: 'logs the key and throws an error naming it',
    suite: 'safety/redaction',
    requirements: ['USER-ME-SHAPE'],
    level: 'should',
    async run(ctx) {
      ctx.log(`using key ${secrets.growth} and secret ${secrets.signingSecret}`);
      await ctx.http.request({ method: 'POST', path: '/v1/webhooks', body: { url: 'https://hooks.example/x', events: ['message.sent'] } });
      throw new Error(`boom with ${secrets.growth} / ${secrets.starter} / ${secrets.signingSecret}`);
    },
  }),
  defineCheck({
    id: 'REDACT-FAIL-WITH-EXCHANGE',
    title: 'fails with an exchange carrying Authorization, x-api-key and a signature header',
    suite: 'safety/redaction',
    requirements: ['USER-ME-SHAPE'],
    level: 'should',
    async run(ctx) {
      const exchange = await ctx.http.request({
        method: 'POST',
        path: `/v1/messages?api_key=${secrets.growth}`,
        key: 'starter',
        headers: {
          authorization: `Bearer ${secrets.rateLimit}`,
          'service-signature': `t=1,v1=${secrets.signingSecret}`,
          'x-hub-signature-256': `sha256=${secrets.signingSecret}`,
        },
        body: { to: '+14155550100', from: '+14155550111', message: `secret ${secrets.signingSecret}` },
      });
      ctx.fail(`the target echoed ${exchange.bodyText}`, {
        exchange,
        counterexample: { key: secrets.growth, nested: { signing_secret: secrets.signingSecret } },
      });
    },
  }),
  defineCheck({
    id: 'REDACT-PROPERTY',
    title: 'a property whose counterexample and last exchange carry the key',
    suite: 'safety/redaction',
    requirements: ['USER-ME-SHAPE'],
    level: 'should',
    async run(ctx) {
      await ctx.property('echo', fc.constantFrom(secrets.growth), async (value) => {
        const exchange = await ctx.http.request({ method: 'GET', path: '/v1/messages', query: { q: value }, key: 'rateLimit' });
        ctx.expectStatus(exchange, '2xx');
        ctx.expectSchema(exchange, 'Message');
      });
    },
  }),
];

describe('redaction: planted secrets never reach a report, a log, a reproduction or the terminal', () => {
  it('in-process: failing checks that log, throw and fail with the secrets, rendered by every reporter and the progress printer', async () => {
    const target = urlTarget(echo.url, profileFor('reference'), { growth: secrets.growth, starter: secrets.starter, rateLimit: secrets.rateLimit });
    const redactor = new Redactor();
    let terminal = '';
    const result = await runConformance({
      target,
      registry: new CheckRegistry().register(userMeConnection, ...leakyChecks),
      redactor,
      runs: 3,
      // the HAR reporter renders every recorded exchange: record them, so it has the secrets' echoes to leak
      recordExchanges: true,
      onEvent: progressPrinter({ write: (text: string) => (terminal += text) }),
    });
    expect(result.checks.map((c) => c.status)).toEqual(['passed', 'failed', 'errored', 'failed']);
    const out = join(dir, 'in-process');
    const written = await writeReports(result, { outDir: out, reporters: reporterNames, redact: (text) => redactor.scrub(text) });
    // every file reporter wrote a file; the stdout ones (console, github-actions) are in written.console, checked below
    expect(written.files).toHaveLength(reporterNames.filter((n) => reporterFor(n).file !== undefined).length);
    const files = await filesOf(out);
    for (const [name, text] of files) expectClean(name, text);
    expectClean('console report', written.console ?? '');
    expectClean('progress output', terminal);
    // and the evidence is still there, redacted: the reproduction and the reasons
    const md = files.get('summary.md') ?? '';
    expect(md).toContain('[redacted]');
    expect(md).toMatch(/x-api-key: \$CONFORM_STARTER_API_KEY/);
    // the renderers themselves never see a secret: the RunResult is clean before the final scrub
    expectClean('RunResult', JSON.stringify(result));
  });

  it('spawned CLI: the real suites against the echoing target, every reporter, stdout and stderr', async () => {
    const out = join(dir, 'cli');
    const args = [
      '--import',
      'tsx',
      'cli/conform/conform.ts',
      '--target',
      echo.url,
      '--profile',
      'reference',
      '--starter-api-key',
      secrets.starter,
      '--rate-limit-api-key',
      secrets.rateLimit,
    ];
    args.push('--runs', '2', '--timeout', '4000', '--request-timeout', '1000', '--concurrency', '8', '--out', out);
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, CONFORM_API_KEY: secrets.growth } });
    let terminal = '';
    child.stdout.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (terminal += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 170_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(killer);
    expect(code, terminal.slice(-2000)).toBe(1);
    const files = await filesOf(out);
    expect([...files.keys()].sort()).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
    for (const [name, text] of files) expectClean(name, text);
    expectClean('terminal', terminal);
    expect(files.get('results.json')).toContain('[redacted]');
  }, 180_000);
});
