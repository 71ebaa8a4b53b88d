import { execFileSync } from 'node:child_process';
import { chmod, copyFile, mkdir, realpath, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The unprivileged user the image runs as. */
export const imageUser = { name: 'app', uid: 10001, gid: 10001 } as const;

/** Where the node binary lives inside the image. */
export const imageNodePath = '/usr/local/bin/node';

/**
 * Fills `root` with what a FROM-scratch image needs to run this machine's node: the binary, the shared libraries
 * `ldd` lists (at the paths it lists them), /etc/passwd and /etc/group with an unprivileged user, /tmp and /app.
 */
export async function assembleNodeRootfs(root: string, nodeBinary = process.execPath): Promise<string[]> {
  const binary = await realpath(nodeBinary);
  const libraries = sharedLibraries(binary);
  await place(binary, join(root, imageNodePath));
  for (const library of libraries) await place(await realpath(library), join(root, library));
  await mkdir(join(root, 'etc'), { recursive: true });
  const { name, uid, gid } = imageUser;
  await writeFile(join(root, 'etc/passwd'), `root:x:0:0:root:/root:/sbin/nologin\n${name}:x:${uid}:${gid}:${name}:/app:/sbin/nologin\n`);
  await writeFile(join(root, 'etc/group'), `root:x:0:\n${name}:x:${gid}:\n`);
  await mkdir(join(root, 'tmp'), { recursive: true });
  await chmod(join(root, 'tmp'), 0o1777);
  await mkdir(join(root, 'app'), { recursive: true });
  return libraries;
}

/** The absolute paths of the shared libraries and loader a binary needs, from `ldd`. */
export function sharedLibraries(binary: string): string[] {
  const output = execFileSync('ldd', [binary], { encoding: 'utf8' });
  const paths = new Set<string>();
  for (const line of output.split('\n')) {
    // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x...)" or "/lib64/ld-linux-x86-64.so.2 (0x...)"; vdso has no file
    const match = /(?:=>\s*)?(\/\S+)\s+\(0x[0-9a-f]+\)/.exec(line);
    if (match?.[1]) paths.add(match[1]);
  }
  if (paths.size === 0) throw new Error(`ldd listed no libraries for ${binary}: is it a dynamically linked ELF binary?`);
  return [...paths];
}

async function place(source: string, destination: string): Promise<void> {
  await mkdir(dirname(destination), { recursive: true });
  await copyFile(source, destination);
}
