import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { HarnessError } from '../../targets/index.js';

/** What a lock file says of the run holding it. */
interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** The lock file of a report folder: beside it (the folder itself is replaced whole when the reports are written). */
export function outLockPath(outDir: string): string {
  const out = resolve(outDir);
  return join(dirname(out), `.${basename(out)}.lock`);
}

/**
 * Takes the report folder for this process, so two runs cannot write one --out (their reports would overwrite each
 * other's while both say they succeeded). A lock left by a process that is gone (killed with SIGKILL) is taken over.
 * Released when the process exits, however it exits; returns the release for a caller that ends sooner.
 */
export function lockOutDir(outDir: string): () => void {
  const path = outLockPath(outDir);
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify(owner)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST')
        throw new HarnessError('USAGE', `--out ${outDir}: cannot create its lock file ${path} (${code}). Give a directory whose parent takes new files.`);
      const holder = readOwner(path);
      if (attempt === 0 && holder !== undefined && !alive(holder)) {
        unlinkSync(path);
        continue;
      }
      const who = holder ? `process ${holder.pid}${holder.host === owner.host ? '' : ` on ${holder.host}`}, since ${holder.since}` : `lock file ${path}`;
      throw new HarnessError('OUT_IN_USE', `--out ${outDir} is in use by another run (${who}): wait for it to finish, or give another --out.`);
    }
  }
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return release;
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/** False only when the holder is on this host and its process is gone. */
function alive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
