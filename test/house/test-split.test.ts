// Issue 28: the two test commands (`npm test`, `npm run test:e2e`) split the test files between them: every test file
// of the tree is in exactly one, and the e2e one holds exactly the files test/test-split.ts names. Asked of vitest
// itself (`vitest list --filesOnly`), so the check is of the config as vitest reads it, not of a copy of its logic.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eTestFiles } from '../test-split.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

let listed: { file: string; projectName: string }[] = [];
let onDisk: string[] = [];
beforeAll(async () => {
  const { stdout } = await run(process.execPath, [join(repo, 'node_modules/vitest/vitest.mjs'), 'list', '--filesOnly', '--json'], {
    cwd: repo,
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  listed = (JSON.parse(stdout) as { file: string; projectName: string }[]).map((entry) => ({ ...entry, file: relative(repo, entry.file) }));
  onDisk = (await readdir(join(repo, 'test'), { recursive: true })).filter((file) => file.endsWith('.test.ts')).map((file) => join('test', file));
}, 120_000);

describe('the test split (npm test and npm run test:e2e)', () => {
  it('puts every test file in exactly one of the two projects', () => {
    const projects = (file: string) => listed.filter((entry) => entry.file === file).map((entry) => entry.projectName);
    expect(onDisk.length).toBeGreaterThan(100);
    expect(onDisk.filter((file) => projects(file).length !== 1).map((file) => `${file}: ${projects(file).join(', ') || 'none'}`)).toEqual([]);
    expect(listed.map((entry) => entry.file).sort()).toEqual([...onDisk].sort());
  });

  it('runs in the e2e project exactly the files test/test-split.ts names, each of which exists', () => {
    const e2e = listed.filter((entry) => entry.projectName === 'e2e').map((entry) => entry.file);
    expect(e2e.sort()).toEqual([...e2eTestFiles].sort());
    expect(e2eTestFiles.filter((file) => !onDisk.includes(file))).toEqual([]);
    expect(new Set(listed.map((entry) => entry.projectName))).toEqual(new Set(['fast', 'e2e']));
  });
});
