// Bundling the commands (plain JavaScript, so it runs before anything is compiled): a command and each worker thread's
// module bundled with esbuild into one file (plus chunks for what is imported lazily), beside the files they read at
// run time. scripts/compiled-commands.mjs keeps a checkout's bundles fresh in .compiled/ for `npm run conform` and the
// other commands (scripts/run-compiled.mjs). One file instead of ~470 modules: the ES module loader's per-file work
// (resolve, read, compile) and tsx's transpiling were most of a `--list` (docs/decisions/0028-compiled-commands.md).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/** The files read at run time through import.meta.url, relative to the root: each is copied to the same place. */
export const runtimeAssets = [
  'spec/generated/schemas.json',
  'spec/generated/validators.js',
  'spec/requirements.yaml',
  'spec/gaps.yaml',
  'spec/openapi.yaml',
  'simulator/ui/assets',
];

/** The YAML catalogues also written as JSON beside them: spec/requirements.ts reads those at start (no YAML parse). */
export const parsedCatalogues = ['spec/requirements.yaml', 'spec/gaps.yaml'];

/** The modules a worker thread runs (targets/worker-entry.ts finds `<name>.js` next to its caller). */
export const workerModules = ['targets/reference-worker', 'proxy/grading-worker'];

/** Copies the run-time assets from `from` and writes the JSON copies of the catalogues, under `to`. */
export function copyRuntimeFiles(from, to) {
  const { parse } = createRequire(import.meta.url)('yaml');
  for (const asset of runtimeAssets) cpSync(join(from, asset), join(to, asset), { recursive: true });
  for (const file of parsedCatalogues) {
    writeFileSync(join(to, file.replace(/\.yaml$/, '.json')), JSON.stringify(parse(readFileSync(join(from, file), 'utf8'))));
  }
}

/** Stands for the path from a bundle's own folder up to the bundles' root, in the banner; replaced per output file. */
const rootMark = '__compiled_root_prefix__';

/**
 * Bundles `entries` (paths relative to `from`, without extension: `cli/conform/conform`; `extension` is '.ts' for
 * sources, '.js' for tsc's output) to `<to>/<entry>.js`, dependencies included, but testcontainers (native parts;
 * loaded only for a container target). What is reached only through `import()` (the run after `--help`, undici and
 * selfsigned after `--list`) goes to chunks in `<to>/chunks/`, loaded when imported. Every module of ours keeps an
 * import.meta.url of its own, the URL its compiled file would have under `<to>`: each output's banner knows the way
 * up to `<to>` (the folder can be moved), so what a module reads beside itself (an asset, a worker module, a package
 * through createRequire) is found where the build put it. Each entry is bundled on its own (its chunks are its own
 * lazy imports only): one build of them all split what several commands share into ~50 chunks, 22 of them read by a
 * `--list`, 10 when built alone (~15 ms of its ~200, issue 28). Returns the files read, relative to `from`
 * (node_modules left out).
 */
export async function bundleEntries(from, to, entries, extension) {
  const inputs = await Promise.all(entries.map((entry) => bundleEntry(from, to, entry, extension)));
  return [...new Set(inputs.flat())].sort();
}

async function bundleEntry(from, to, entry, extension) {
  const esbuild = createRequire(import.meta.url)('esbuild');
  const ownUrls = {
    name: 'own-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.(ts|js)$/ }, ({ path }) => {
        const where = relative(from, path).replaceAll('\\', '/');
        if (where.startsWith('..') || where.split('/').includes('node_modules')) return undefined;
        const url = `new URL(${JSON.stringify(where.replace(/\.ts$/, '.js'))}, __compiledRoot).href`;
        return { contents: readFileSync(path, 'utf8').replaceAll('import.meta.url', url), loader: path.endsWith('.ts') ? 'ts' : 'js' };
      });
    },
  };
  const built = await esbuild.build({
    entryPoints: [{ in: join(from, `${entry}${extension}`), out: entry }],
    outdir: to,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['testcontainers'],
    // the CommonJS dependencies require Node's modules: an ES module has no require of its own
    banner: {
      js: `import { createRequire as __compiledRequire } from 'node:module'; const require = __compiledRequire(import.meta.url); const __compiledRoot = new URL('${rootMark}', import.meta.url);`,
    },
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [ownUrls],
  });
  for (const output of built.outputFiles) {
    const depth = relative(to, output.path).split(/[\\/]/).length - 1;
    mkdirSync(dirname(output.path), { recursive: true });
    writeFileSync(output.path, output.text.replace(rootMark, depth === 0 ? './' : '../'.repeat(depth)));
  }
  const inputs = new Set();
  for (const input of Object.keys(built.metafile.inputs)) {
    const file = relative(from, join(process.cwd(), input));
    if (!file.split(/[\\/]/).includes('node_modules')) inputs.add(file);
  }
  return [...inputs];
}
