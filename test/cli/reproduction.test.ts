// Issue 25: every printed reproduction runs as printed. A fault run of the embedded reference prints, under each
// failure, the conform command for that check, the command that starts the same reference alone and the failing
// request as curl against it: in the console and in summary.md alike. Pasted into a shell, each fails the same check
// the same way. Two substitutions, as README's test makes: --out (the reports go to a temporary folder, not the
// checkout's conformance-report/) and the stand-alone reference's port (4099 may be taken on a shared machine).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standaloneApiPort } from '../../cli/conform/rerun-command.js';
import type { CheckResult, RunResult } from '../../suites/engine/index.js';
import { freePort } from '../support/free-port.js';
import { conform } from '../helpers/run-conform.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const env = { ...process.env, npm_config_update_notifier: 'false' };

interface Shell {
  readonly code: number | null;
  readonly out: string;
}

/** `sh -c command` in the checkout, in a process group of its own; `ready` makes it long-running (stopped by SIGINT). */
function sh(command: string, ready?: (out: string) => boolean): Promise<Shell> & { stop?: () => void } {
  const child = spawn('sh', ['-c', command], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const done = new Promise<Shell>((resolve) => child.on('close', (code) => resolve({ code, out })));
  const collect = (chunk: Buffer): void => {
    out += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const timer = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 120_000);
  void done.then(() => clearTimeout(timer));
  if (!ready) return done;
  return Object.assign(
    new Promise<Shell>((resolve, reject) => {
      const poll = setInterval(() => {
        if (ready(out)) {
          clearInterval(poll);
          resolve({ code: null, out });
        }
      }, 50);
      void done.then((finished) => {
        clearInterval(poll);
        reject(new Error(`ended before it was ready (exit ${finished.code}): ${finished.out.slice(-1500)}`));
      });
    }),
    { stop: () => process.kill(-(child.pid as number), 'SIGINT') },
  );
}

/** The reproduction lines printed under one failure: labelled in the console, a shell block in summary.md. */
interface Printed {
  readonly rerun: string;
  readonly standalone: string;
  readonly curl: string;
}

function fromConsole(stdout: string, id: string): Printed {
  const block = stdout
    .slice(stdout.indexOf(`FAIL ${id} `))
    .split('\n')
    .slice(1);
  const value = (label: string): string => (block.find((line) => line.trim().startsWith(`${label}: `)) ?? '').trim().slice(label.length + 2);
  return { rerun: value('rerun'), standalone: value('reference alone'), curl: value('then') };
}

function fromSummary(markdown: string, id: string): Printed {
  const section = markdown.slice(markdown.indexOf(`\`${id}\``));
  const fence = /```sh\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  const commands = fence.split('\n').filter((line) => !line.startsWith('#'));
  return { rerun: commands[0] ?? '', standalone: commands[1] ?? '', curl: commands[2] ?? '' };
}

let dir: string;
let result: RunResult;
let stdout: string;
let summary: string;
let failures: CheckResult[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reproduction-'));
  const run = await conform(['--fault', 'accepts-limit-101', '--suite', 'contract/messages', '--seed', '5', '--out', join(dir, 'run')]);
  expect(run.code, run.stderr).toBe(1);
  stdout = run.stdout;
  result = JSON.parse(await readFile(join(dir, 'run', 'results.json'), 'utf8')) as RunResult;
  summary = await readFile(join(dir, 'run', 'summary.md'), 'utf8');
  failures = result.checks.filter((check) => check.status === 'failed');
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('printed reproductions of a fault run of the embedded reference', () => {
  it('the console and summary.md print the same three lines under each failure, keys only as variables', () => {
    expect(failures.map((check) => check.id).sort()).toEqual(['CONTRACT-LISTMESSAGES-INVALID-400', 'CONTRACT-LISTMESSAGES-QUERY-LIMIT-MAXIMUM']);
    for (const check of failures) {
      const printed = fromConsole(stdout, check.id);
      expect(printed.rerun).toBe(`npm run conform -- --fault accepts-limit-101 --check ${check.id} --seed 5 --runs 50`);
      expect(printed.standalone).toMatch(
        /^npm run simulator -- --mode production --key "\$\{CONFORM_API_KEY:-conform-growth\}:growth:none" .* --fault accepts-limit-101 /,
      );
      expect(printed.curl).toMatch(
        new RegExp(`^curl .*'http://127\\.0\\.0\\.1:${standaloneApiPort}/v1/messages\\?.*limit=101.*"x-api-key: \\$\\{CONFORM_API_KEY:-conform-growth\\}"`),
      );
      expect(fromSummary(summary, check.id)).toEqual(printed);
    }
  });

  it('each printed conform command fails the same check the same way', async () => {
    for (const check of failures) {
      const { rerun } = fromConsole(stdout, check.id);
      const out = join(dir, `rerun-${check.id}`);
      const ran = await sh(`${rerun} --out ${out}`);
      expect(ran.code, ran.out.slice(-2000)).toBe(1);
      const again = (JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult).checks.find((c) => c.id === check.id);
      expect(again?.status).toBe('failed');
      expect(again?.violated).toEqual(check.violated);
      expect(again?.answer?.status).toBe(check.answer?.status);
    }
  }, 240_000);

  it('the printed reference alone, then the printed curl, gets the answer the failure shows', async () => {
    const check = failures.find((c) => c.id === 'CONTRACT-LISTMESSAGES-QUERY-LIMIT-MAXIMUM') as CheckResult;
    const { standalone, curl } = fromConsole(stdout, check.id);
    const port = await freePort();
    const moved = (text: string): string =>
      text.replace(`127.0.0.1:${standaloneApiPort}`, `127.0.0.1:${port}`).replace(`--api-port ${standaloneApiPort}`, `--api-port ${port}`);
    const reference = sh(moved(standalone), (out) => out.includes('test it with: '));
    try {
      await reference;
      const answer = await sh(moved(curl));
      expect(answer.code, answer.out).toBe(0);
      expect(answer.out.split('\n')[0]).toMatch(new RegExp(`^HTTP/1\\.1 ${check.answer?.status} `));
      // the refusal the fault removed: limit=101 is answered, with the limit the check saw in the failing answer
      expect(answer.out).toContain('"limit":101');
    } finally {
      reference.stop?.();
    }
  }, 120_000);
});
