import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { HarnessError } from '../../targets/index.js';

/**
 * Makes sure --out names a directory the reports can be written to, before any target starts (issue 15): a file, a
 * path that cannot be created (/proc/x) or a read-only place is a one-line usage error (exit 2). The directories are
 * made one level at a time: node's recursive mkdir loops forever on some paths (/proc/x).
 */
export async function prepareOutDir(outDir: string): Promise<void> {
  const dir = resolve(outDir);
  const fail = (why: string): never => {
    throw new HarnessError('USAGE', `--out ${outDir}: ${why}. Give a directory the reports can be written to (it is created if missing).`);
  };
  const missing: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    const found = await stat(at).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : fail(`${at} cannot be read (${error.code})`)));
    if (found) {
      if (!found.isDirectory()) fail(at === dir ? 'is a file, not a directory' : `${at} is a file, not a directory`);
      break;
    }
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const level of missing) {
    await mkdir(level).catch((error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : fail(`cannot create ${level} (${error.code})`)));
  }
  // root passes every access() check: only a real write says whether the place takes files (a read-only mount, /proc)
  const probe = join(dir, `.conform-write-test-${process.pid}`);
  await writeFile(probe, '').catch((error: NodeJS.ErrnoException) => fail(`cannot write into it (${error.code})`));
  await rm(probe, { force: true });
}
