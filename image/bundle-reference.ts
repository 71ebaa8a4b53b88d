import { cp, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Bundles the reference (image/entry.ts) into one ESM file and puts the UI's assets beside it; returns the file. */
export async function bundleReference(outDir: string): Promise<string> {
  const outfile = join(outDir, 'reference.mjs');
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: [join(repoRoot, 'image', 'entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    legalComments: 'none',
    // CommonJS dependencies bundled into ESM still call require() for node built-ins
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  // simulator/ui/page.ts reads ./assets/* relative to import.meta.url, which is the bundle's directory after bundling
  await cp(join(repoRoot, 'simulator', 'ui', 'assets'), join(dirname(outfile), 'assets'), { recursive: true });
  return outfile;
}

// `tsx image/bundle-reference.ts <dir>`: the bundle alone (used by image/Dockerfile)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('bundle-reference: give the output directory, e.g. tsx image/bundle-reference.ts /app');
    process.exit(2);
  }
  console.log(`bundle-reference: wrote ${await bundleReference(dir)}`);
}
