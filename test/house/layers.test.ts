import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLayers } from '../../scripts/check-layers.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
// parsing the whole tree takes about 2 s of CPU; on a shared machine (load 20 on 2 cores) that was 24 s of wall time
const slowOnALoadedMachine = 180_000;

// A tree with the same folders as ours, one broken rule of each kind planted in it.
const planted: Record<string, string> = {
  'spec/level.ts': `export type Level = 'must';\n`,
  // spec/ imports nothing of ours
  'spec/contract.ts': `import { plan } from '../suites/plan.js';\nexport const contract = plan;\n`,
  // a run-time cycle inside one layer
  'spec/build/document.ts': `import { semantics } from './semantics.js';\nexport const document = () => semantics;\n`,
  'spec/build/semantics.ts': `import { document } from './document.js';\nexport const semantics = () => document;\n`,
  // a type-only cycle
  'suites/checks/definition.ts': `import type { Context } from './context.js';\nexport interface Definition { context: Context }\n`,
  'suites/checks/context.ts': `import type { Definition } from './definition.js';\nexport interface Context { definition?: Definition }\n`,
  // a cycle closed by a lazy import
  'suites/engine/run.ts': `export const run = async () => (await import('../index.js')).load;\n`,
  'suites/index.ts': `export { run } from './engine/run.js';\nexport const load = 1;\n`,
  'suites/plan.ts': `import type { Level } from '../spec/level.js';\nexport const plan: Level = 'must';\n`,
  // reports/ reads results/ only
  'results/run-result.ts': `import type { Level } from '../spec/level.js';\nexport interface RunResult { level: Level }\n`,
  'reports/json.ts': `import type { RunResult } from '../results/run-result.js';\nimport { plan } from '../suites/plan.js';\nexport const json = (r: RunResult) => [r, plan];\n`,
  // results/ takes types only
  'results/summary.ts': `import { LEVELS } from '../spec/levels.js';\nexport const summary = LEVELS;\n`,
  'spec/levels.ts': `export const LEVELS = ['must'];\n`,
  // simulator/ only through targets' doors
  'simulator/index.ts': `export const startReference = () => undefined;\n`,
  'targets/reference.ts': `export const start = async () => (await import('../simulator/index.js')).startReference;\n`,
  'targets/url.ts': `import { startReference } from '../simulator/index.js';\nexport const url = startReference;\n`,
  // outside the layers (tests) anything goes, and no layer imports them
  'suites/fixture.ts': `export { all } from '../test/anything.test.js';\n`,
  'test/anything.test.ts': `import { json } from '../reports/json.js';\nimport { url } from '../targets/url.js';\nexport const all = [json, url];\n`,
};

const expected = [
  "reports/json.ts: import '../suites/plan.js': layer: reports may import results, not suites",
  "results/summary.ts: import '../spec/levels.js': layer: results may import spec types only (import type)",
  "spec/contract.ts: import '../suites/plan.js': layer: spec may import nothing of ours, not suites",
  "suites/fixture.ts: import '../test/anything.test.js': layer: suites may import results, rules, targets, receiver, spec, not test/ (outside the layers)",
  "targets/url.ts: import '../simulator/index.js': layer: targets may import simulator only from targets/reference.ts, targets/reference-thread.ts, targets/reference-worker.ts, targets/container",
  "spec/build/semantics.ts: import './document.js': cycle: spec/build/document.ts -> spec/build/semantics.ts -> spec/build/document.ts",
  "suites/checks/definition.ts: import './context.js': type-only cycle: suites/checks/context.ts -> suites/checks/definition.ts -> suites/checks/context.ts",
  "suites/index.ts: import './engine/run.js': cycle: suites/engine/run.ts -> suites/index.ts -> suites/engine/run.ts",
];

describe('the layer check (scripts/check-layers.ts, npm run check:layers)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'layers-'));
    for (const [path, text] of Object.entries(planted)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('names each planted crossing and cycle on one line: file, import, rule', () => {
    expect(checkLayers(root)).toEqual(expected);
  });

  it(
    'fails the command with exit 1 on the planted tree, the same lines on its output',
    async () => {
      const script = join(repo, 'scripts', 'check-layers.ts');
      const failing = await run(process.execPath, ['--import', 'tsx', script, root], { cwd: repo }).then(
        () => undefined,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failing?.code).toBe(1);
      expect(failing?.stdout.split('\n').slice(0, expected.length)).toEqual(expected);
      expect(failing?.stdout).toMatch(/\nlayers: 8 violation\(s\) \(\d+ ms\)\n$/);
    },
    slowOnALoadedMachine,
  );

  it(
    'passes on the real tree: no crossing, no cycle',
    () => {
      expect(checkLayers(repo)).toEqual([]);
    },
    slowOnALoadedMachine,
  );

  it('a planted cycle disappears once it is broken', async () => {
    await writeFile(join(root, 'spec/build/semantics.ts'), `export const semantics = () => 'plain';\n`);
    expect(checkLayers(root)).not.toContainEqual(expect.stringContaining('spec/build/semantics.ts'));
    expect(checkLayers(root)).toHaveLength(expected.length - 1);
  });
});
