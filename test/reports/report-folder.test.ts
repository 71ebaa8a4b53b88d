import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishReportFolder, reportManifestName } from '../../reports/report-folder.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-folder-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A run that writes `files` (name → text) through publishReportFolder. */
const publish = (out: string, files: Record<string, string>) =>
  publishReportFolder(out, async (stage) => {
    for (const [name, text] of Object.entries(files)) await writeFile(join(stage, name), text);
    return Object.keys(files);
  });

describe('a report folder is replaced whole', () => {
  it('holds exactly the last run’s files, carries over what is not a run’s, and leaves nothing beside it', async () => {
    const out = join(dir, 'reports');
    expect(await publish(out, { 'junit.xml': 'run 1', 'report.html': 'run 1', 'exchanges.har': 'run 1' })).toEqual(
      ['junit.xml', 'report.html', 'exchanges.har'].map((name) => join(out, name)),
    );
    await mkdir(join(out, 'selftest'));
    await writeFile(join(out, 'selftest', 'mutation-score.md'), 'kept');
    await writeFile(join(out, 'shard-1-of-2.json'), 'kept');
    await publish(out, { 'junit.xml': 'run 2', 'results.json': 'run 2' });
    expect((await readdir(out)).sort()).toEqual([reportManifestName, 'junit.xml', 'results.json', 'selftest', 'shard-1-of-2.json']);
    expect(await readFile(join(out, 'junit.xml'), 'utf8')).toBe('run 2');
    expect(await readFile(join(out, 'selftest', 'mutation-score.md'), 'utf8')).toBe('kept');
    expect(JSON.parse(await readFile(join(out, reportManifestName), 'utf8'))).toMatchObject({ tool: 'sms-conformance', files: ['junit.xml', 'results.json'] });
    expect((await readdir(dir)).filter((name) => name !== 'reports')).toEqual([]);
  });

  it('a run that fails while writing leaves the earlier reports as they were', async () => {
    const out = join(dir, 'kept');
    await publish(out, { 'summary.md': 'earlier' });
    await expect(
      publishReportFolder(out, async (stage) => {
        await writeFile(join(stage, 'summary.md'), 'half');
        throw new Error('stopped half-way');
      }),
    ).rejects.toThrow('stopped half-way');
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toBe('earlier');
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('a folder that holds the working directory is written file by file, with the previous run’s other files removed', async () => {
    const out = join(dir, 'cwd');
    await publish(out, { 'junit.xml': 'one', 'ctrf.json': 'one' });
    await writeFile(join(out, 'notes.txt'), 'mine');
    const cwd = process.cwd();
    process.chdir(out);
    try {
      await publish('.', { 'junit.xml': 'two' });
    } finally {
      process.chdir(cwd);
    }
    expect((await readdir(out)).sort()).toEqual([reportManifestName, 'junit.xml', 'notes.txt']);
    expect(await readFile(join(out, 'junit.xml'), 'utf8')).toBe('two');
  });
});
