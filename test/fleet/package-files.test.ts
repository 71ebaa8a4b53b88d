// Issue 25: the package ships what it names. package.json "files" lists each file outside dist/ by name, so what lies
// in examples/ after trying them (the vitest example's node_modules, a lock file, its reports) is not packed: before,
// `npm pack` after installing the vitest example shipped 1,472 files and 15 MB.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './fleet-harness.js';

const exec = promisify(execFile);
const root = fileURLToPath(repoRoot);

/** Every file under dir, as paths relative to base. */
async function filesUnder(dir: string, base: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name), base) : Promise.resolve([relative(base, join(dir, entry.name))]))),
  );
  return nested.flat();
}

interface Packed {
  readonly filename: string;
  readonly size: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string }[];
}

let work = '';
let named: string[] = [];
let dist: string[] = [];
let packed: Packed;
beforeAll(async () => {
  // the compiled package, as prepack makes it
  await exec(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts')], { cwd: root, timeout: 180_000 });
  work = await mkdtemp(join(tmpdir(), 'package-files-'));
  const pkg = join(work, 'pkg');
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { files: string[] };
  named = manifest.files.filter((entry) => !entry.endsWith('/'));
  // a checkout as it is after trying the examples: the named files, dist/, and what installing the vitest example leaves
  for (const file of [...named, 'package.json', 'README.md']) {
    await mkdir(dirname(join(pkg, file)), { recursive: true });
    await cp(join(root, file), join(pkg, file));
  }
  await cp(join(root, 'dist'), join(pkg, 'dist'), { recursive: true });
  dist = await filesUnder(join(pkg, 'dist'), pkg);
  const left = {
    'examples/vitest/node_modules/vitest/package.json': '{"name":"vitest","version":"4.0.0"}',
    'examples/vitest/node_modules/vitest/dist/index.js': 'x'.repeat(200_000),
    'examples/vitest/node_modules/.bin/vitest': '#!/bin/sh\n',
    'examples/vitest/package-lock.json': '{}',
    'examples/vitest/conformance-report/results.json': '{}',
    'examples/ci/scratch.log': 'a local note',
    'bin/debug.log': 'a stray log',
  };
  for (const [file, text] of Object.entries(left)) {
    await mkdir(dirname(join(pkg, file)), { recursive: true });
    await writeFile(join(pkg, file), text);
  }
  const { stdout } = await exec('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], {
    cwd: pkg,
    timeout: 120_000,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  packed = (JSON.parse(stdout) as Packed[])[0] as Packed;
}, 300_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm pack after the vitest example was installed', () => {
  it('ships dist/, the files package.json names and npm’s own (package.json, README.md): nothing the examples left', () => {
    const paths = packed.files.map((file) => file.path).sort();
    expect(paths.filter((path) => !path.startsWith('dist/'))).toEqual([...named, 'package.json', 'README.md'].sort());
    expect(paths.filter((path) => path.startsWith('dist/'))).toEqual([...dist].sort());
    expect(paths.filter((path) => path.includes('node_modules'))).toEqual([]);
  });

  it('is the size of the package: one file per dist/ file and named file, under 1 MB packed', async () => {
    expect(packed.entryCount).toBe(dist.length + named.length + 2);
    const tarball = await readFile(join(work, packed.filename));
    expect(tarball.length).toBe(packed.size);
    expect(packed.size).toBeLessThan(1_000_000);
  });
});
