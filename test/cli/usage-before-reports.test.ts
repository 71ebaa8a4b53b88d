import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/conform/run-cli.js';

const root = new URL('../../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'usage-before-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const out = join(dir, 'reports');
// only the named reporters (a named one adds to the defaults otherwise): two files are quick to compare byte for byte
const goodConfig = { out, check: ['USER-ME-CONNECTION'], reporter: ['json', 'markdown'], onlyReporters: true, seed: 3 };
const configFile = (name: string, value: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
const good = configFile('good.json', goodConfig);
const textFile = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env });
  return { code, stdout, stderr };
}

/** Every report file with its bytes and modification time. */
function snapshot(): Record<string, { text: string; mtimeMs: number }> {
  return Object.fromEntries(
    readdirSync(out).map((name) => [name, { text: readFileSync(join(out, name), 'utf8'), mtimeMs: statSync(join(out, name)).mtimeMs }]),
  );
}

let before: ReturnType<typeof snapshot>;
beforeAll(async () => {
  const run = await cli(['--config', good]);
  expect(run.code).toBe(0);
  before = snapshot();
  expect(Object.keys(before).sort()).toEqual(['.conform-run.json', 'results.json', 'summary.md']);
}, 120_000);

describe('usage errors are found before any target starts or report is written', () => {
  const cases: [string, string[], RegExp][] = [
    ['a negative --runs', ['--config', good, '--runs', '-1'], /^conform: --runs must be a whole number >= 1, got "-1"\.\n$/],
    ['a bad enum flag', ['--config', good, '--fail-on', 'never'], /^conform: --fail-on must be "must" or "should"/],
    ['a mistyped flag', ['--config', good, '--sute', 'contract/*'], /^conform: Unknown option '--sute'\. Did you mean --suite/],
    [
      'an unknown config key',
      ['--config', configFile('typo.json', { ...goodConfig, suit: ['x'] })],
      /^conform: Unknown key "suit" in .*typo\.json\. Did you mean suite/,
    ],
    [
      'a config value of the wrong type',
      ['--config', configFile('type.json', { ...goodConfig, runs: 'many' })],
      /^conform: config key "runs" \(.*type\.json\) must be a whole number >= 1/,
    ],
    [
      'a conflicting config profile',
      ['--config', configFile('profile.json', { ...goodConfig, profile: 'production' })],
      /drop config key "profile" \(.*profile\.json\) \(production\)/,
    ],
    [
      'an unknown check id',
      ['--config', good, '--check', 'USER-ME-CONECTION'],
      /^conform: Unknown check id USER-ME-CONECTION\. Did you mean USER-ME-CONNECTION/,
    ],
    [
      'a parity flag without --compare',
      ['--config', good, '--compare-base-url', 'http://127.0.0.1:1'],
      /^conform: --compare-base-url describes the parity target B/,
    ],
    ['a bad container setting', ['--config', good, '--image', 'x:y'], /^conform: --image: the container settings work only with --target container/],
    [
      'a missing --baseline file',
      ['--config', good, '--baseline', join(dir, 'none.yaml')],
      /^conform: .*none\.yaml: no such known-failures file \(--baseline\): write it/,
    ],
    [
      'a malformed --baseline file',
      ['--config', good, '--baseline', textFile('bad.yaml', 'known-failures:\n  - check: USER-ME-CONNECTION\n    until: someday\n')],
      /^conform: .*bad\.yaml: entry 1 \(line 2\): requirement must be an id/,
    ],
    [
      'a --baseline entry naming a check the harness does not have',
      ['--config', good, '--baseline', textFile('typo.yaml', 'known-failures:\n  - {check: USER-ME-CONECTION, requirement: USER-ME-SHAPE}\n')],
      /^conform: .*typo\.yaml: entry 1 names check USER-ME-CONECTION, which this harness does not have\. Did you mean USER-ME-CONNECTION/,
    ],
    [
      '--baseline-update without --baseline',
      ['--config', good, '--baseline-update'],
      /^conform: --baseline-update writes the known-failures file: name it with --baseline/,
    ],
    [
      'a --compare-run file that is not a results.json',
      ['--config', good, '--compare-run', good],
      /^conform: .*good\.json \(--compare-run\): not the results\.json of a run/,
    ],
  ];
  for (const [what, argv, message] of cases) {
    it(`${what}: exit 2, one line naming its source, the earlier reports unchanged`, async () => {
      const run = await cli(argv);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(snapshot()).toEqual(before);
    });
  }

  it('the spawned command answers --runs -1 with the one-line range error (no "argument is ambiguous")', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'cli/conform/conform.ts', '--config', good, '--runs', '-1'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr.replace(/^npm warn.*\n/gm, '')).toBe('conform: --runs must be a whole number >= 1, got "-1".\n');
    expect(snapshot()).toEqual(before);
  });
});
