import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** The little of esbuild's API the development bundle uses (esbuild is tsx's own dependency, not ours). */
interface Esbuild {
  build(options: Record<string, unknown>): Promise<{ outputFiles: { text: string }[] }>;
}

const developmentBundles = new Map<string, Promise<URL>>();

/**
 * The module a worker thread runs: `name` next to the calling module (`callerUrl`, its import.meta.url). Compiled
 * (`.js`): `<name>.js`, plain Node. From sources (`.ts`, `npm run conform`, vitest): `<name>.ts` and everything it
 * imports bundled once per process with the esbuild that tsx uses, as a `data:` URL. Node 20 does not apply loader
 * hooks given to a worker (`--import tsx` in its execArgv), and registering tsx inside each worker took ~0.4-0.6 s
 * against ~0.05 s for the bundle.
 */
export function workerEntry(callerUrl: string, name: string): Promise<URL> {
  const fromSources = new URL(callerUrl).pathname.endsWith('.ts');
  const entry = new URL(`./${name}${fromSources ? '.ts' : '.js'}`, callerUrl);
  if (!fromSources) return Promise.resolve(entry);
  let built = developmentBundles.get(entry.href);
  if (built === undefined) {
    built = bundle(entry);
    developmentBundles.set(entry.href, built);
    built.catch(() => developmentBundles.delete(entry.href)); // a failed build is retried by the next start
  }
  return built;
}

async function bundle(entry: URL): Promise<URL> {
  const tsx = createRequire(import.meta.url).resolve('tsx/package.json');
  const esbuild = createRequire(tsx)('esbuild') as Esbuild;
  const built = await esbuild.build({
    entryPoints: [entry.pathname],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // reached through barrels (targets/index.ts) but never loaded on a worker thread; its native ssh2 parts cannot be bundled
    external: ['testcontainers'],
    // CommonJS dependencies (undici) require Node's modules: an ES module bundle has no require of its own
    banner: { js: `import { createRequire as __workerRequire } from 'node:module'; const require = __workerRequire(${JSON.stringify(entry.href)});` },
    plugins: [ownModuleUrls],
  });
  const code = built.outputFiles[0]?.text ?? '';
  return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** Keeps each source file's own import.meta.url in the bundle (the simulator's UI and the contract loader read files relative to it). */
const ownModuleUrls = {
  name: 'own-module-urls',
  setup(build: { onLoad(filter: { filter: RegExp }, load: (args: { path: string }) => Promise<{ contents: string; loader: string }>): void }) {
    // our .ts sources, and our generated .js (spec/generated/validators.js: createRequire(import.meta.url))
    build.onLoad({ filter: /\.ts$|[\\/]spec[\\/]generated[\\/][^\\/]+\.js$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: path.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};

/**
 * The harness's Node flags for the worker, minus tsx's preloads (the worker's module is plain JavaScript, and tsx in
 * a worker starts its own loader thread and esbuild service, ~0.2-0.3 s per start) and minus the flags that only
 * describe the main script (`--input-type`, `-e`, ...), which a Worker refuses.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const preload = /^--(require|import|loader)(=|$)/.exec(arg);
    const value = preload ? (preload[2] === '=' ? arg.slice(preload[0].length) : (argv[i + 1] ?? '')) : '';
    if (preload && /[\\/]tsx[\\/]|^tsx(\/|$)/.test(value)) {
      if (preload[2] !== '=') i++;
      continue;
    }
    // flags of the main script only (`node --input-type=module -e ...`): a Worker refuses them and does not start
    const entryOnly = /^(--input-type|--eval|-e|--print|-p|--watch|--watch-path|--test|--check|-c|--interactive|-i)(=|$)/.exec(arg);
    if (entryOnly) {
      if (entryOnly[2] !== '=' && /^(--input-type|--eval|-e|--print|-p|--watch-path)$/.test(arg)) i++;
      continue;
    }
    kept.push(arg);
  }
  return kept;
}
