import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { call } from './scripted-client.js';
import { freePort } from '../support/free-port.js';
import { sessionReportFolder, sessionOptions } from '../../cli/shared/session-options.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'cli-proxy-key-000123';
let ref: ReferenceServer | undefined;
let out: string | undefined;
const children: ReturnType<typeof spawn>[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await ref?.stop();
  if (out) await rm(out, { recursive: true, force: true });
  ref = out = undefined;
});

/** Starts a CLI; resolves its URL once it listens (null when it exits first), its output and exit code. */
function startCli(script: string, args: string[]) {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT });
  children.push(proc);
  let text = '';
  proc.stdout.on('data', (d) => (text += String(d)));
  proc.stderr.on('data', (d) => (text += String(d)));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const url = new Promise<string | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 20 s: ${text}`)), 20_000);
    proc.stdout.on('data', () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    void exit.then(() => {
      clearTimeout(timer);
      resolve(null);
    });
  });
  return { url, exit, output: () => text };
}

describe('npm run proxy and npm run receiver -- --forward', () => {
  it('proxy: a live line per violation, ends after --max-exchanges, writes redacted reports, exit 1', async () => {
    ref = await startReference({
      keys: { [KEY]: { tier: 'growth', ratePerMinute: null } },
      hosts: { 'hooks.cli.example': ['93.184.215.14'] },
      faults: ['list-leaks-secret'],
    });
    out = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
    const cli = startCli('cli/proxy/proxy.ts', ['--target', ref.url, '--port', '0', '--max-exchanges', '3', '--out', out]);
    const url = await cli.url;
    expect(url).not.toBeNull();
    await call(url!, KEY, 'POST', '/v1/webhooks', { url: 'https://hooks.cli.example/in', events: ['message.sent'] });
    await call(url!, KEY, 'GET', '/v1/webhooks');
    await call(url!, KEY, 'GET', '/v1/user/me');
    expect(await cli.exit).toBe(1);
    expect(cli.output()).toMatch(/✗ \[must\] WH-LIST-NO-SECRET {2}GET \/v1\/webhooks -> 200/);
    const summary = await readFile(join(out, 'summary.md'), 'utf8');
    expect(summary).toContain('PROXY-WH-LIST-NO-SECRET');
    for (const text of [cli.output(), summary, await readFile(join(out, 'results.json'), 'utf8')]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toMatch(/whsec_[0-9a-f]{8}/);
    }
  }, 60_000);

  it('proxy: a dead target is said at start, and the report folder at start and end (its own by default)', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    out = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
    const cli = startCli('cli/proxy/proxy.ts', ['--target', dead, '--port', '0', '--max-exchanges', '1', '--out', out]);
    const url = await cli.url;
    expect(url).not.toBeNull();
    await expect.poll(() => cli.output(), { timeout: 10_000 }).toContain(`proxy: the target ${dead} takes no connection (ECONNREFUSED)`);
    expect(cli.output()).toContain(`Ctrl-C ends the session and writes the reports to ${out}`);
    expect((await call(url!, KEY, 'GET', '/v1/user/me')).status).toBe(502);
    expect(await cli.exit).toBe(2);
    expect(cli.output()).toContain(`nothing graded on the graded exchanges only; reports in ${out}: junit.xml`);
    expect(cli.output()).toContain('(1 of 1 exchanges not graded): each was counted as not graded, with the reason');
    // without --out a session writes beside conform's reports, never over them
    expect(sessionOptions.find((option) => option.key === 'out')).not.toHaveProperty('default');
    expect([sessionReportFolder('proxy'), sessionReportFolder('forwarder')]).toEqual(['conformance-report/proxy', 'conformance-report/forward']);
  }, 60_000);

  it('proxy: exchanges it could not grade are counted in the final line and every report, beside the verdict', async () => {
    ref = await startReference({ keys: { [KEY]: { tier: 'growth', ratePerMinute: null } } });
    out = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
    const cli = startCli('cli/proxy/proxy.ts', ['--target', ref.url, '--port', '0', '--max-exchanges', '2', '--max-body', '300', '--out', out]);
    const url = await cli.url;
    expect(url).not.toBeNull();
    await call(url!, KEY, 'GET', '/v1/user/me');
    // a body past --max-body: forwarded whole, not graded
    await call(url!, KEY, 'POST', '/v1/messages', { to: '+14155550123', from: '+14155550100', message: 'x'.repeat(400) });
    expect(await cli.exit).toBe(0);
    const note = 'NOT GRADED: 1 of 2 exchanges (a body passed the capture limit: 1)';
    expect(cli.output()).toContain(`2 exchanges: 1 graded, 0 outside the contract, 1 not graded (${note}`);
    expect(cli.output()).toMatch(/: conforms on the graded exchanges only; reports in /);
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toMatch(new RegExp(`^# Conformance: ⚠️ CONFORMS .*; ${note.replace(/[()]/g, '\\$&')}`));
    expect(await readFile(join(out, 'junit.xml'), 'utf8')).toContain(`<skipped message="${note}`);
    expect(await readFile(join(out, 'report.html'), 'utf8')).toContain('1 exchanges NOT GRADED');
    expect(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')).traffic).toEqual({
      exchanges: 2,
      graded: 1,
      outside: 0,
      notGraded: 1,
      notGradedBy: { 'a body passed the capture limit': 1 },
    });
  }, 60_000);

  it.each([
    ['cli/receiver/receiver.ts', '--forward'],
    ['cli/proxy/proxy.ts', '--target'],
  ])(
    '%s refuses user:password@ in %s with exit 2 and never prints the password',
    async (script, flag) => {
      const cli = startCli(script, [flag, 'http://user:s3cr3t-pass@127.0.0.1:3000/hooks', '--port', '0']);
      expect(await cli.url).toBeNull();
      expect(await cli.exit).toBe(2);
      expect(cli.output()).toContain('must not carry user:password@');
      expect(cli.output()).not.toContain('s3cr3t-pass');
    },
    60_000,
  );

  it('forwarder: refuses a forward URL off loopback with exit 2 and says why', async () => {
    const cli = startCli('cli/receiver/receiver.ts', ['--forward', 'http://10.0.0.8:3000/hooks']);
    expect(await cli.url).toBeNull();
    expect(await cli.exit).toBe(2);
    expect(cli.output()).toContain('is not a loopback address');
  }, 60_000);
});
