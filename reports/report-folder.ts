import { randomBytes } from 'node:crypto';
import { copyFile, lstat, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/** The file in a report folder that lists what the run that wrote it wrote (hidden: it is bookkeeping). */
/** The report folder when none is named (--out): one place for conform, the passive sessions, parity and the self-test. */
export const defaultReportFolder = 'conformance-report';

export const reportManifestName = '.conform-run.json';

/** What a report folder's manifest says. */
export interface ReportManifest {
  readonly tool: 'sms-conformance';
  /** The files the run wrote, relative to the folder. */
  readonly files: readonly string[];
  readonly writtenAt: string;
}

/** Report files of the versions before the manifest: what a folder without one is taken to hold from a run. */
const legacyRunFiles = ['junit.xml', 'results.json', 'summary.md', 'report.html', 'exchanges.har', 'ctrf.json', 'parity.md', 'parity.json', 'parity.html'];

/**
 * Writes a run's files into a fresh folder beside `outDir` (`write` puts them there and returns their names), then
 * moves that folder into place whole, so `outDir` never holds the files of two runs, and a run stopped half-way
 * leaves the earlier reports as they were. Whatever else was in `outDir` (shard results, a selftest folder, files of
 * your own) is carried over; the files the previous run listed in its manifest are dropped. Where the folder cannot
 * be swapped (it is the working directory or holds it, a symlink, a mount point, or its parent takes no new folder)
 * the files are moved in one by one instead. Returns the paths written.
 */
export async function publishReportFolder(outDir: string, write: (dir: string) => Promise<readonly string[]>): Promise<string[]> {
  const out = resolve(outDir);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(dirname(out), { recursive: true });
  const swappable = await canSwap(out);
  let stage = join(dirname(out), `.${basename(out)}.writing-${tag}`);
  try {
    await mkdir(stage);
  } catch {
    await mkdir(out, { recursive: true });
    stage = join(out, `.writing-${tag}`);
    await mkdir(stage);
  }
  try {
    const names = await write(stage);
    const manifest: ReportManifest = { tool: 'sms-conformance', files: [...names], writtenAt: new Date().toISOString() };
    await writeFile(join(stage, reportManifestName), `${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    const swapped = swappable && dirname(stage) === dirname(out) && (await swapFolders(stage, out, tag));
    if (!swapped) await moveFilesIn(stage, out, names);
    return names.map((name) => join(out, name));
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** The files a folder's last run wrote: its manifest's list, else the report names of earlier versions. */
async function previousRunFiles(dir: string): Promise<Set<string>> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, reportManifestName), 'utf8')) as Partial<ReportManifest>;
    if (Array.isArray(manifest.files)) return new Set(manifest.files.filter((name): name is string => typeof name === 'string'));
  } catch {
    // no manifest (or a broken one): an earlier version's folder
  }
  return new Set(legacyRunFiles);
}

async function canSwap(out: string): Promise<boolean> {
  const cwd = process.cwd();
  if (cwd === out || cwd.startsWith(`${out}${sep}`)) return false;
  const found = await lstat(out).catch(() => undefined);
  return found === undefined || found.isDirectory();
}

/** Moves `out` aside, carries what is not the previous run's into `stage`, and puts `stage` in its place; false when `out` cannot move. */
async function swapFolders(stage: string, out: string, tag: string): Promise<boolean> {
  const aside = join(dirname(out), `.${basename(out)}.old-${tag}`);
  try {
    await rename(out, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      await rename(stage, out);
      return true;
    }
    return false; // a mount point (EBUSY), a folder we may not move (EPERM, EACCES): file by file instead
  }
  const previous = await previousRunFiles(aside);
  const written = new Set(await readdir(stage));
  for (const entry of await readdir(aside)) {
    if (entry === reportManifestName || previous.has(entry) || written.has(entry)) continue;
    await rename(join(aside, entry), join(stage, entry));
  }
  await rename(stage, out);
  await rm(aside, { recursive: true, force: true });
  return true;
}

/** The fallback: each file renamed (or copied, across file systems) into `out`, then the previous run's others removed. */
async function moveFilesIn(stage: string, out: string, names: readonly string[]): Promise<void> {
  await mkdir(out, { recursive: true });
  const previous = await previousRunFiles(out);
  for (const name of [...names, reportManifestName]) {
    const from = join(stage, name);
    const to = join(out, name);
    await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await copyFile(from, to);
      await unlink(from);
    });
  }
  for (const name of previous) {
    if (names.includes(name) || relative(out, join(out, name)).startsWith('..')) continue;
    await rm(join(out, name), { force: true });
  }
}
