import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const root = new URL('../../', import.meta.url).pathname;

/** What one child `conform` run produced, measured from outside. */
export interface ChildRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  /** Peak RSS of the child in bytes (process.resourceUsage().maxRSS at its exit). */
  readonly peakRss: number;
  /** Each report file's name and text. */
  readonly reports: ReadonlyMap<string, string>;
  /** Total bytes of the report files. */
  readonly reportBytes: number;
}

/**
 * Runs `conform <args> --out <fresh dir>` as a child process (the real CLI, real exit), kills it after `killAfterMs`
 * (a test then fails on the exit code), and reads back its outputs, peak RSS and reports.
 */
export async function runChildCli(args: readonly string[], options: { killAfterMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<ChildRun> {
  const dir = await mkdtemp(join(tmpdir(), 'conform-hostile-'));
  const rssFile = join(dir, 'peak-rss');
  const out = join(dir, 'out');
  try {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './test/chaos/peak-rss.ts', 'cli/conform/conform.ts', ...args, '--out', out], {
      cwd: root,
      env: { PATH: process.env.PATH, ...options.env, CONFORM_PEAK_RSS_FILE: rssFile },
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', (exit) => resolve(exit)));
    clearTimeout(killer);
    const wallMs = performance.now() - started;
    const reports = new Map<string, string>();
    let reportBytes = 0;
    for (const name of await readdir(out).catch(() => [] as string[])) {
      reportBytes += (await stat(join(out, name))).size;
      reports.set(name, await readFile(join(out, name), 'utf8'));
    }
    const peakRss = Number(await readFile(rssFile, 'utf8').catch(() => '0'));
    return { code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8'), wallMs, peakRss, reports, reportBytes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// C0 but tab and newline, DEL, C1: what a terminal acts on (ESC is in C0)
const unsafeRange = '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]';
const unsafe = new RegExp(unsafeRange, 'u');

/** Where the first control character a terminal would act on is in the text, with a little context; undefined when clean. */
export function firstUnescaped(text: string): string | undefined {
  const match = unsafe.exec(text);
  if (!match) return undefined;
  const at = match.index;
  return `U+${text.codePointAt(at)?.toString(16).padStart(4, '0')} at ${at}: ${JSON.stringify(text.slice(Math.max(0, at - 40), at + 40))}`;
}

/** The bounds of issue 15 every hostile run must keep. */
export const outputBounds = { reportBytes: 20 * 1024 * 1024, terminalBytes: 4 * 1024 * 1024, peakRss: 500 * 1024 * 1024 } as const;

/** Everything that reached an output and is not clean: "<output>: <where>" per output, [] when all are clean. */
export function unescapedOutputs(run: ChildRun): string[] {
  const outputs: [string, string][] = [['stdout', run.stdout], ['stderr', run.stderr], ...run.reports];
  return outputs.flatMap(([name, text]) => {
    const found = firstUnescaped(text);
    return found === undefined ? [] : [`${name}: ${found}`];
  });
}

/** Bytes printed to the terminal (stdout and stderr). */
export function terminalBytes(run: ChildRun): number {
  return Buffer.byteLength(run.stdout) + Buffer.byteLength(run.stderr);
}
