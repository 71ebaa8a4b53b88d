import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'sk_live_har_cli_0123456789';
let dir: string;

/** `npm run --silent proxy -- --har <file> --out <dir>/reports` as a user types it (bounded: killed after 60 s). */
function proxyHar(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      'npm',
      ['run', '--silent', 'proxy', '--', '--har', file, '--out', join(dir, 'reports')],
      { cwd: ROOT, timeout: 60_000 },
      () => undefined,
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const entry = (url: string) => ({
  startedDateTime: '2026-01-01T00:00:00Z',
  request: { method: 'GET', url, headers: [{ name: 'x-api-key', value: SECRET }] },
  response: { status: 200, headers: [] },
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'har-cli-'));
});

describe('npm run proxy -- --har <file>, as typed', () => {
  it.each([
    ['cut short', `{"log": {"entries": [${JSON.stringify(SECRET)},`, /^proxy: .*broken\.har is not JSON: it ends early$/],
    // V8's own message quotes the text around the error: the key would be printed
    ['not JSON', `{"log": {"entries": [${SECRET}]}}`, /^proxy: .*broken\.har is not JSON: a syntax error$/],
    ['not JSON, a position known', `{"log": {"entries": []}} ${SECRET}`, /^proxy: .*broken\.har is not JSON: a syntax error at character 25$/],
    ['no log.entries', JSON.stringify({ log: { pages: [SECRET] } }), /broken\.har is not a HAR file: it has no log\.entries list$/],
    [
      'an entry with a field wrong',
      JSON.stringify({ log: { entries: [entry(`\u001b[31m${SECRET}`)] } }),
      /broken\.har: log\.entries\[0\]\.request\.url is not a URL$/,
    ],
  ])(
    '%s: exit 2, one line naming what is wrong, nothing of the file echoed, no report written',
    async (_, text, message) => {
      const file = join(dir, 'broken.har');
      await writeFile(file, text);
      const run = await proxyHar(file);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(run.stderr.trimEnd()).toMatch(message);
      expect(`${run.stdout}${run.stderr}`).not.toContain(SECRET);
      expect(existsSync(join(dir, 'reports'))).toBe(false);
    },
    70_000,
  );

  it('a missing file: exit 2 in one line', async () => {
    const run = await proxyHar(join(dir, 'missing.har'));
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).toMatch(/^proxy: --har .*missing\.har cannot be read \(ENOENT\): give a HAR file$/);
  }, 70_000);

  it('a HAR of no API call: exit 2, nothing graded, and it says what the file lacks (not "point your client at the proxy")', async () => {
    const file = join(dir, 'elsewhere.har');
    await writeFile(file, JSON.stringify({ log: { entries: [] } }));
    const run = await proxyHar(file);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stdout).toMatch(/nothing graded; reports in /);
    expect(run.stdout).not.toContain('point your client');
    const results = JSON.parse(await readFile(join(dir, 'reports', 'results.json'), 'utf8')) as { setupError?: { message: string } };
    expect(results.setupError?.message).toMatch(/record the calls your client makes to the API \(paths under \/v1\) into the file$/);
  }, 70_000);

  it("the example of docs/passive.md (examples/har/sdk-session.har, a client's session against the reference): every exchange graded, exit 0", async () => {
    const run = await proxyHar(join(ROOT, 'examples/har/sdk-session.har'));
    expect(run.code, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^16 exchanges: 16 graded, 0 outside the contract, 0 not graded; over 11 operations: conforms; reports in /m);
  }, 70_000);
});
