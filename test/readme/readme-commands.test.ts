import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { simulatorApiPort, simulatorReceiverPort, simulatorUiPort, simulatorWebhookUrl } from '../../spec/simulator-defaults.js';
import { documentedCommands, exclusionOf, offLoopbackOrigins, repoRoot } from './readme-commands.js';
import type { ReadmeCommand } from './readme-commands.js';
import { freePort } from '../support/free-port.js';

// Every command of the sh blocks of README.md and the guides (docs/*.md) runs here, as written, with only these substitutions (SUBSTITUTIONS):
//  - `npm install && ` is dropped (no registry; node_modules is there);
//  - `[...]` optional groups of a usage synopsis are dropped; `whsec_...` is a generated secret; `--port 3000` is 0;
//  - https://api.example.com is a loopback reference in production mode; `CONFORM_API_KEY=...` is its growth key;
//  - conform and selftest write under a temp dir of their chain (`--out` added or made relative to it), so commands
//    run in parallel never share a report folder (two that both name conformance-report/ would refuse each other);
//    relative --merge, --baseline and --compare-run follow, within the chain (the shards and their merge are one
//    chain, and so are the commands that write and read a known-failures file);
//  - long-running simulators other than the shared `npm run simulator` get `--api-port 0 --ui-port 0`; they and the
//    receiver run until they print their start line, then get SIGINT and must exit 0;
//  - when another process holds 4000/4001/4010, the shared simulator starts on free ports through its flags and the
//    commands that name the defaults use the conform command it printed (the defaults are still proved in
//    test/cli/simulator-routing.test.ts).
// Commands that are not run are listed, with why and where they are tested, in readme-commands.ts (exclusions).

const npmEnv = { ...process.env, npm_config_update_notifier: 'false', CI: '' };
let work = '';
let production: ReferenceServer | undefined;
const productionKey = `readme_growth_${process.pid}`;

interface Finished {
  code: number | null;
  /** The signal that ended it: SIGINT for a long-running command the test stopped (sh has no handler; the command's own stop line is asserted). */
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
}

/** Runs `sh -c command` in the repo; a long-running one gets SIGINT once `ready` matches its output. */
function sh(command: string, ready?: RegExp, timeoutMs = 240_000): Promise<Finished> {
  const started = performance.now();
  const child = spawn('sh', ['-c', command], { cwd: repoRoot, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  let signalled = false;
  const watch = (): void => {
    if (ready && !signalled && ready.test(out)) {
      signalled = true;
      process.kill(-(child.pid as number), 'SIGINT');
    }
  };
  child.stdout.on('data', (c: Buffer) => ((out += c.toString()), watch()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err, ms: Math.round(performance.now() - started) });
    }),
  );
}

async function portFree(port: number): Promise<boolean> {
  const probe = createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The shared `npm run simulator`: on its defaults when they are free, else on free ports (flags). */
interface SharedSimulator {
  readonly onDefaults: boolean;
  readonly printed: string;
  stop(): Promise<Finished>;
}

async function startSharedSimulator(): Promise<SharedSimulator> {
  const onDefaults = (await Promise.all([simulatorApiPort, simulatorUiPort, simulatorReceiverPort].map(portFree))).every(Boolean);
  const flags = onDefaults
    ? ''
    : ` -- --api-port ${await freePort()} --ui-port ${await freePort()} --webhook-url http://127.0.0.1:${await freePort()}/simulator-webhook-url`;
  const child = spawn('sh', ['-c', `npm run simulator${flags}`], { cwd: repoRoot, env: npmEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((r) => child.on('close', r));
  const start = Date.now();
  while (!/test it with: (.+)/.test(out)) {
    if (Date.now() - start > 60_000 || child.exitCode !== null) throw new Error(`the simulator did not start: ${out}${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const printed = (/test it with: (.+)/.exec(out) as RegExpExecArray)[1] as string;
  return {
    onDefaults,
    printed,
    async stop() {
      process.kill(-(child.pid as number), 'SIGINT');
      return { code: await exit, signal: null, out, err, ms: 0 };
    },
  };
}

let shared: SharedSimulator;
let outs = 0;

/** The command as run: the substitutions above. */
function substitute(command: string, chain: string): string {
  let text = command.replace(/^npm install && /, '').replace(/\s*\[[^\]]*\]/g, '');
  text = text.replace(/whsec_\.\.\./g, `whsec_${Buffer.from(String(process.pid)).toString('base64')}`);
  if (production) text = text.replace(/https:\/\/api\.example\.com/g, production.url).replace(/CONFORM_API_KEY=\.\.\./g, `CONFORM_API_KEY=${productionKey}`);
  if (!shared.onDefaults) {
    const flags = shared.printed.replace(/^npm run conform -- /, '');
    const api = /--base-url (\S+)/.exec(flags)?.[1];
    const hook = /--simulator-webhook-url (\S+)/.exec(flags)?.[1];
    text = text.replace(/--target simulator\b/, flags);
    if (api) text = text.replace(/http:\/\/127\.0\.0\.1:4001\b/g, api);
    if (hook) text = text.replace(/http:\/\/127\.0\.0\.1:4010\/simulator-webhook-url/g, hook);
  }
  if (/^npm run (conform|selftest)\b/.test(text) && !/--help\b/.test(text)) {
    text = text.replace(/--(out|merge|baseline|compare-run) (?!\/)(\S+)/g, (_, flag: string, dir: string) => `--${flag} ${join(work, chain, dir)}`);
    if (!/--out /.test(text)) text += `${text.includes(' -- ') ? '' : ' --'} --out ${join(work, `run-${++outs}`)}`;
  }
  if (/^npm run simulator -- /.test(text) && !/(--help\b|--fault list(\s|$))/.test(text)) text += ' --api-port 0 --ui-port 0';
  // a server's fixed port may be taken on this machine: any free one shows the same
  if (isLongRunning(text)) text = text.replace(/--port \d+\b/, '--port 0');
  return text;
}

/** A command that serves until stopped (the test stops it with SIGINT once it says it is listening); `proxy --har` grades a file and ends. */
const isLongRunning = (ran: string): boolean => /^npm run (simulator|receiver|proxy) -- (?!.*(--help\b|--fault list(\s|$)|--har\b))/.test(ran);

/** The commands that need the shared simulator's ports (run one after another, in README order). */
const usesSimulator = (text: string): boolean => /--(target|compare) simulator\b|127\.0\.0\.1:40(01|10)/.test(text);

const commands = documentedCommands();
const sharedCommand = 'npm run simulator';
const outcomes = new Map<ReadmeCommand, Finished & { ran: string }>();
let wallMs = 0;

beforeAll(async () => {
  const begin = performance.now();
  work = await mkdtemp(join(tmpdir(), 'readme-'));
  production = await startReference({
    mode: 'production',
    port: 0,
    ui: false,
    keys: { [productionKey]: { tier: 'growth', ratePerMinute: null } },
    lifecycle: { stepMs: 5 },
  });
  shared = await startSharedSimulator();
  const runnable = commands.filter((c) => !exclusionOf(c.text) && c.text !== sharedCommand);
  // chains run in order inside, two chains at a time (2 cores): the simulator's ports, the shards' folder, the rest alone
  const chains = new Map<string, ReadmeCommand[]>();
  runnable.forEach((c, i) => {
    const key = usesSimulator(c.text) ? 'simulator' : /\bshards\b/.test(c.text) ? 'shards' : /--baseline\b/.test(c.text) ? 'baseline' : `own-${i}`;
    chains.set(key, [...(chains.get(key) ?? []), c]);
  });
  const queue = [...chains.entries()].sort(([, a], [, b]) => (usesSimulator(b[0]!.text) ? 1 : 0) - (usesSimulator(a[0]!.text) ? 1 : 0));
  const worker = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [key, chain] = next;
      await mkdir(join(work, key), { recursive: true });
      for (const command of chain) {
        const ran = substitute(command.text, key);
        // safety: never run a command that would reach an address off loopback (it fails its test instead)
        const offLoopback = offLoopbackOrigins(ran);
        if (offLoopback.length > 0) {
          outcomes.set(command, {
            ran,
            code: -1,
            signal: null,
            out: '',
            err: `not run: it names ${offLoopback.join(', ')}, off loopback: substitute or exclude it`,
            ms: 0,
          });
          continue;
        }
        const longRunning = isLongRunning(ran);
        outcomes.set(command, { ran, ...(await sh(ran, longRunning ? /test it with: |(receiver|proxy|forwarder) listening on / : undefined)) });
      }
    }
  };
  await Promise.all([worker(), worker()]);
  wallMs = Math.round(performance.now() - begin);
}, 600_000);

afterAll(async () => {
  await shared?.stop();
  await production?.stop();
  if (work) await rm(work, { recursive: true, force: true });
  console.log(`README commands: ${outcomes.size} run, ${commands.length - outcomes.size} shared or excluded, ${wallMs} ms wall`);
});

describe('README and docs/ guides: every sh command', () => {
  it('is run here or excluded with a reason', () => {
    expect(commands.length).toBeGreaterThan(20);
    for (const command of commands) {
      const covered = outcomes.has(command) || command.text === sharedCommand || exclusionOf(command.text) !== undefined;
      expect(covered, `${command.file}:${command.line}: ${command.text}`).toBe(true);
    }
  });

  it.each(commands.filter((c) => !exclusionOf(c.text) && c.text !== sharedCommand).map((c) => [`${c.file}:${c.line}: ${c.text}`, c] as const))(
    'exits 0: %s',
    (_, command) => {
      const outcome = outcomes.get(command);
      expect(outcome, 'not run').toBeDefined();
      const { code, signal, out, err, ran } = outcome as Finished & { ran: string };
      const longRunning = isLongRunning(ran);
      if (longRunning) {
        // stopped by the test with SIGINT: it must have started, then stopped cleanly by itself (a passive session,
        // proxy or forwarder, that saw no traffic says so when it ends and writes its reports)
        expect(signal ?? code, `${ran}\n${out}\n${err}`).toBe('SIGINT');
        expect(out).toMatch(/simulator: SIGINT received, stopping|stopped after \d+ deliveries|NOT RUN: no (exchange|delivery)\b.* was graded/);
      } else expect(code, `${ran}\n${out.slice(-3000)}\n${err.slice(-3000)}`).toBe(0);
      if (/^npm run conform\b.* --list\b/.test(ran)) expect(out).toMatch(/USER-ME-CONNECTION/);
      if (/^npm run conform\b.* --plan\b/.test(ran)) expect(out).toMatch(/request/i);
      if (isLongRunning(ran)) expect(out).toMatch(/test it with: .*npm run conform -- |(receiver|proxy|forwarder) listening on http:\/\/127\.0\.0\.1:\d+/);
      const results = /--out (\S+)/.exec(ran)?.[1];
      if (/^npm run conform\b/.test(ran) && results && existsSync(join(results, 'results.json'))) {
        const result = JSON.parse(readFileSync(join(results, 'results.json'), 'utf8')) as { exitCode: number; checks: unknown[] };
        expect(result.exitCode).toBe(0);
        expect(result.checks.length).toBeGreaterThan(0);
      }
    },
  );
});

describe('acceptance: npm run simulator with its defaults, then the README conform command for it', () => {
  const quickStart = commands.find((c) => /^npm run conform -- --target simulator$/.test(c.text));

  it('the README names the command the simulator prints, and the run conforms with the webhook suites run', () => {
    expect(quickStart, 'the README quick start has `npm run conform -- --target simulator`').toBeDefined();
    if (shared.onDefaults) expect(shared.printed).toBe(quickStart?.text);
    const outcome = outcomes.get(quickStart as ReadmeCommand) as Finished & { ran: string };
    expect(outcome.code, outcome.err.slice(-2000)).toBe(0);
    const dir = (/--out (\S+)/.exec(outcome.ran) as RegExpExecArray)[1] as string;
    const result = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { exitCode: number; checks: { id: string; suite: string; status: string }[] };
    expect(result.exitCode).toBe(0);
    for (const suite of ['scenarios/webhooks', 'scenarios/deliveries', 'scenarios/signatures', 'scenarios/lifecycle']) {
      const checks = result.checks.filter((c) => c.suite === suite);
      expect(checks.length, suite).toBeGreaterThan(0);
      expect(
        checks.filter((c) => c.status !== 'passed').map((c) => `${c.id} ${c.status}`),
        suite,
      ).toEqual([]);
    }
    expect(result.checks.find((c) => c.id === 'SIMULATOR-EVENTS-AT-CONFIGURED-URL')?.status).toBe('passed');
    // its virtual phones are the inbound trigger (on the defaults, or printed by the simulator); the API's default port
    // is seen only on the defaults
    const status = (id: string) => result.checks.find((c) => c.id === id)?.status;
    for (const id of ['INBOUND-RECEIVED-PAYLOAD', 'SIMULATOR-VIRTUAL-PHONE-INBOUND', 'SIMULATOR-WEBHOOKS-AT-CONFIGURED-URL'])
      expect(status(id), id).toBe('passed');
    expect(status('SIMULATOR-API-DEFAULT-PORT')).toBe(shared.onDefaults ? 'passed' : 'skipped');
    expect(simulatorWebhookUrl).toBe(`http://127.0.0.1:${simulatorReceiverPort}/simulator-webhook-url`);
    console.log(`simulator on ${shared.onDefaults ? 'its defaults' : 'free ports'}: ${outcome.ran} took ${outcome.ms} ms`);
  });
});

describe('README commands: the loopback guard', () => {
  it('names every origin off loopback, and only those', () => {
    expect(offLoopbackOrigins('npm run conform -- --target https://sandbox.acme.example --api-key x')).toEqual(['sandbox.acme.example']);
    expect(offLoopbackOrigins('npm run conform -- --base-url http://10.0.0.8:80 --compare http://[fd00::1]:4001')).toEqual(['10.0.0.8', '[fd00::1]']);
    expect(
      offLoopbackOrigins('npm run conform -- --target http://127.0.0.1:4001 --compare http://localhost:1 --receiver-url https://hooks.conformance.example'),
    ).toEqual([]);
    expect(offLoopbackOrigins('npm run simulator -- --egress https://hooks.conformance.example=http://127.0.0.1:4399')).toEqual([]);
  });
});
