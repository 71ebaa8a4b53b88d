// Decision 28: the checkout's commands run esbuild bundles (scripts/compile.mjs, scripts/compiled-commands.mjs). A
// module keeps its own import.meta.url at any depth (entries two folders deep, chunks one deep), sources that do not
// compile fail the build (never an older bundle), and concurrent starts share one fresh build.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntries } from '../../scripts/compile.mjs';

const exec = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

let work = '';
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'compiled-commands-'));
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Writes the files (path → text) under a new folder of `work`; returns it. */
async function sources(name: string, files: Record<string, string>): Promise<string> {
  const from = join(work, name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(from, path)), { recursive: true });
    await writeFile(join(from, path), text);
  }
  return from;
}

describe('the compiled commands', () => {
  it('keeps each module its own import.meta.url, in an entry two folders deep and in a lazily imported chunk', async () => {
    const from = await sources('urls', {
      'cli/run/run.ts':
        "import { beside } from '../../lib/beside.js';\nconsole.log(beside());\nconst { later } = await import('../../lib/later.js');\nconsole.log(later());\n",
      'lib/beside.ts':
        "import { readFileSync } from 'node:fs';\nexport const beside = (): string => readFileSync(new URL('./data.txt', import.meta.url), 'utf8');\n",
      'lib/later.ts': "import { beside } from './beside.js';\nexport const later = (): string => `${new URL('./x', import.meta.url).pathname} ${beside()}`;\n",
    });
    const to = join(work, 'urls-out');
    const inputs = await bundleEntries(from, to, ['cli/run/run'], '.ts');
    expect(inputs).toEqual(['cli/run/run.ts', 'lib/beside.ts', 'lib/later.ts']);
    expect((await readdir(join(to, 'chunks'))).length).toBeGreaterThan(0);
    // the asset where the build puts run-time files: beside the module's own path under the bundle's root
    await mkdir(join(to, 'lib'));
    await writeFile(join(to, 'lib/data.txt'), 'found beside');
    const { stdout } = await exec(process.execPath, [join(to, 'cli/run/run.js')]);
    expect(stdout).toBe(`found beside\n${join(to, 'lib/x')} found beside\n`);
  });

  it('fails the build on a source that does not compile', async () => {
    const from = await sources('broken', { 'cli/run/run.ts': 'const broken: = ;\n' });
    await expect(bundleEntries(from, join(work, 'broken-out'), ['cli/run/run'], '.ts')).rejects.toThrow(/Unexpected "="/);
  });

  it('rebuilds once a source changed, and three starts at once share one fresh bundle', async () => {
    // a source saved now (same text, new modification time): the stamp no longer matches, every start builds
    const now = new Date();
    await utimes(join(root, 'cli/conform/help-text.ts'), now, now);
    const before = JSON.parse(await readFile(join(root, '.compiled/current.json'), 'utf8').catch(() => '{}')) as { stamp?: string };
    const runs = await Promise.all(
      [1, 2, 3].map(() => exec(process.execPath, ['scripts/run-compiled.mjs', 'cli/conform/conform.ts', '--help'], { cwd: root, timeout: 120_000 })),
    );
    const help = runs.map((run) => run.stdout);
    expect(help[0]).toMatch(/^Usage: npm run conform -- \[options\]/);
    expect(new Set(help).size).toBe(1);
    const current = JSON.parse(await readFile(join(root, '.compiled/current.json'), 'utf8')) as { stamp: string; inputs: string[] };
    expect(current.inputs).toContain('cli/conform/help-text.ts');
    expect(current.stamp).not.toBe(before.stamp);
    expect(await readFile(join(root, '.compiled', current.stamp, 'cli/conform/conform.js'), 'utf8')).toContain('__compiledRoot');
  });
});
