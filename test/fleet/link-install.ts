import { execFile } from 'node:child_process';
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { repoRoot } from './fleet-harness.js';

const exec = promisify(execFile);

interface LockEntry {
  readonly dev?: boolean;
  readonly bin?: Record<string, string>;
}

/**
 * Installs a packed tarball into project/node_modules without the npm cache: the package's own files come from the
 * tarball only (what `files` ships), its production dependencies (package-lock entries not marked dev, so no tsx, no
 * vitest) are linked from this checkout's node_modules, and its bins are linked into node_modules/.bin, as npm does.
 */
export async function linkInstall(tarball: string, project: string): Promise<void> {
  const modules = join(project, 'node_modules');
  const own = join(modules, 'sms-conformance');
  await mkdir(own, { recursive: true });
  await exec('tar', ['xzf', tarball, '-C', own, '--strip-components=1']);
  const root = fileURLToPath(repoRoot);
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  for (const [path, entry] of Object.entries(lock.packages)) {
    // top-level packages only (node_modules/x or node_modules/@scope/x): nested ones come with their parent's folder
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) || entry.dev === true) continue;
    const to = join(project, path);
    await mkdir(dirname(to), { recursive: true });
    await symlink(join(root, path), to, 'dir');
  }
  const bins = JSON.parse(await readFile(join(own, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  await mkdir(join(modules, '.bin'), { recursive: true });
  for (const [name, file] of Object.entries(bins.bin)) await symlink(join('..', 'sms-conformance', file), join(modules, '.bin', name));
}
