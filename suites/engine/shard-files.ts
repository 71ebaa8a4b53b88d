import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { ShardEntry } from './merge-shards.js';
import { HarnessError } from '../../targets/index.js';
import type { ShardResult } from './shard-result.js';
import { shardFileName, shardFilePattern } from './shard-spec.js';

/**
 * Writes shard-<i>-of-<n>.json into outDir (scrubbed by `redact`, DESIGN.md §5) and returns its path: through a
 * temporary name and a rename, so a merge never reads half a file. Shards share a folder, so none takes it whole.
 */
export async function writeShardFile(outDir: string, slice: ShardResult, redact: (text: string) => string = (text) => text): Promise<string> {
  const dir = resolve(outDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, shardFileName(slice.shard));
  const partial = `${path}.writing-${process.pid}`;
  await writeFile(partial, redact(`${JSON.stringify(slice, null, 2)}\n`), 'utf8');
  await rename(partial, path);
  return path;
}

/**
 * Reads every shard-<i>-of-<n>.json under dir, subdirectories included (CI artifact downloads often put each
 * artifact in a folder of its own). A file that is not valid JSON is a SHARD_FORMAT error.
 */
export async function readShardFiles(dir: string): Promise<ShardEntry[]> {
  const root = resolve(dir);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory())
    throw new HarnessError('SHARD_NONE', `--merge ${dir}: no such directory. Pass the directory the shard jobs' results were downloaded into.`);
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && shardFilePattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  if (files.length === 0)
    throw new HarnessError(
      'SHARD_NONE',
      `--merge ${dir}: no shard-<i>-of-<n>.json file in it. Run the shards with --shard i/n --out <dir> and collect their results there.`,
    );
  return Promise.all(
    files.map(async (file): Promise<ShardEntry> => {
      const source = relative(process.cwd(), file) || file;
      try {
        return { source, slice: JSON.parse(await readFile(file, 'utf8')) as ShardResult };
      } catch (error) {
        throw new HarnessError('SHARD_FORMAT', `${source} is not readable JSON (${(error as Error).message}): re-run that shard or remove the file.`);
      }
    }),
  );
}
