// The checkout's compiled commands (plain JavaScript, so it runs before anything is compiled): `npm run conform`,
// `simulator`, `receiver`, `proxy` and `selftest` run `.compiled/<stamp>/<command>.js` (scripts/run-compiled.mjs),
// bundled by scripts/compile.mjs and rebuilt first when any file it was built from changed.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The commands of a checkout, each bundled with the worker modules. */
export const commands = ['cli/conform/conform', 'cli/simulator/simulator', 'cli/receiver/receiver', 'cli/proxy/proxy', 'cli/selftest/selftest'];

/** Where a checkout's compiled commands live: one folder per state of the sources, named by its stamp. */
export const compiledRoot = join(root, '.compiled');

/** package.json is read beside the code (the harness's name and version, suites/engine/shard-run.ts). */
const copiedAlso = ['package.json'];

const stampFile = join(compiledRoot, 'current.json');

/** In each state's folder: one empty file per process that runs from it, named by its pid. */
const usersFolder = '.pids';

/**
 * What decides a build: each input's path, size and modification time, the compiler's own code and settings (esbuild
 * reads tsconfig.json), and the installed dependencies (npm writes node_modules/.package-lock.json at every install).
 */
function stampOf(inputs) {
  const hash = createHash('sha256');
  for (const file of [...inputs, 'scripts/compile.mjs', 'scripts/compiled-commands.mjs', 'tsconfig.json', 'node_modules/.package-lock.json']) {
    const stat = statSync(join(root, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${stat ? `${stat.size}\0${stat.mtimeMs}` : 'missing'}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The state last built, if its folder is still there. */
function readCurrent() {
  try {
    const current = JSON.parse(readFileSync(stampFile, 'utf8'));
    return existsSync(join(compiledRoot, current.stamp, 'complete')) ? current : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The compiled file of a command of the checkout (`cli/conform/conform.ts` → `.compiled/<stamp>/cli/conform/conform.js`),
 * built first when any file it was built from changed (sizes and modification times of ~500 files: a few ms). Never a
 * stale bundle: a build that fails throws. Concurrent callers may build at once: each builds in a folder of its own,
 * renamed into place whole (the first rename wins, the others use its folder). Each process notes its pid in the folder
 * it runs from: a folder of an earlier state is removed only when it is an hour old and none of those is running (a
 * long-lived simulator still loads chunks and worker modules from it).
 */
export async function compiledCommand(entry) {
  const command = entry.replace(/\.ts$/, '');
  if (!commands.includes(command)) throw new Error(`${entry} is not a command (${commands.map((c) => `${c}.ts`).join(', ')})`);
  let current = readCurrent();
  if (current === undefined || stampOf(current.inputs) !== current.stamp) current = await build();
  const users = join(compiledRoot, current.stamp, usersFolder);
  mkdirSync(users, { recursive: true });
  writeFileSync(join(users, String(process.pid)), '');
  return join(compiledRoot, current.stamp, `${command}.js`);
}

async function build() {
  const { bundleEntries, copyRuntimeFiles, runtimeAssets, workerModules } = await import('./compile.mjs');
  mkdirSync(compiledRoot, { recursive: true });
  const scratch = join(compiledRoot, `.build-${process.pid}-${Date.now()}`);
  try {
    let inputs;
    let stamp;
    // a source saved while esbuild read it would be stamped with its new time: build again (it settles at once)
    for (let attempt = 0; attempt < 3; attempt++) {
      const startedAt = Date.now();
      rmSync(scratch, { recursive: true, force: true });
      const sources = await bundleEntries(root, scratch, [...commands, ...workerModules], '.ts');
      copyRuntimeFiles(root, scratch);
      for (const file of copiedAlso) cpSync(join(root, file), join(scratch, file));
      inputs = [...new Set([...sources, ...copiedAlso, ...runtimeAssets.flatMap((asset) => filesUnder(asset))])].sort();
      stamp = stampOf(inputs);
      if (!changedSince(inputs, startedAt)) break;
    }
    writeFileSync(join(scratch, 'complete'), '');
    const final = join(compiledRoot, stamp);
    try {
      renameSync(scratch, final);
    } catch (error) {
      if (!existsSync(join(final, 'complete'))) throw error; // else another process renamed the same state in first: use its folder
    }
    const current = { stamp, inputs };
    const next = `${stampFile}.${process.pid}`;
    writeFileSync(next, JSON.stringify(current));
    renameSync(next, stampFile);
    removeOldStates(stamp);
    return current;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function changedSince(inputs, time) {
  return inputs.some((file) => (statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) >= time);
}

/** A path relative to the root, or every file under it when it is a folder. */
function filesUnder(path) {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)));
}

/** Removes the folders of other states (and builds left by a killed process) older than an hour that no process runs from. */
function removeOldStates(keep) {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of readdirSync(compiledRoot)) {
    const path = join(compiledRoot, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (name === keep || !stat?.isDirectory() || stat.mtimeMs >= hourAgo || inUse(path)) continue;
    rmSync(path, { recursive: true, force: true });
  }
}

/** Whether a process that noted its pid in the folder is still running. */
function inUse(folder) {
  const users = join(folder, usersFolder);
  return (existsSync(users) ? readdirSync(users) : []).some((pid) => {
    try {
      process.kill(Number(pid), 0);
      return true;
    } catch (error) {
      return error.code === 'EPERM'; // running, as another user
    }
  });
}
