// `npm run build` (and `prepack`): compiles the package to dist/ (ESM JavaScript + .d.ts, tsconfig.build.json) and copies
// beside it the contract files the harness reads at run time through import.meta.url (spec/generated/schemas.json and
// validators.js, the requirement and gap catalogues, the simulator's UI assets), so dist/ runs in plain Node with nothing else of the checkout.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = `${root}dist/`;

/** The files read at run time, relative to the root: each is copied to the same place under dist/. */
export const runtimeAssets: readonly string[] = [
  'spec/generated/schemas.json',
  'spec/generated/validators.js',
  'spec/requirements.yaml',
  'spec/gaps.yaml',
  'spec/openapi.yaml',
  'simulator/ui/assets',
];

/** The YAML catalogues also written as JSON beside them: spec/requirements.ts reads those at start (no YAML parse). */
export const parsedCatalogues: readonly string[] = ['spec/requirements.yaml', 'spec/gaps.yaml'];

// compiled beside dist/ and swapped in whole: a test or run using dist/ meanwhile never sees it half-written
const fresh = `${root}dist.build-${process.pid}/`;
const stale = `${root}dist.old-${process.pid}/`;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  // stdout stays clean: `npm pack --json` runs this (prepack) and prints its JSON there
  execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`, '--outDir', fresh], { stdio: ['ignore', process.stderr, 'inherit'] });
  for (const asset of runtimeAssets) cpSync(`${root}${asset}`, `${fresh}${asset}`, { recursive: true });
  for (const file of parsedCatalogues)
    writeFileSync(`${fresh}${file.replace(/\.yaml$/, '.json')}`, JSON.stringify(parse(readFileSync(`${root}${file}`, 'utf8'))));
  if (existsSync(dist)) renameSync(dist, stale);
  renameSync(fresh, dist);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(stale, { recursive: true, force: true });
}
console.error(`build: dist/ compiled, ${runtimeAssets.length} run-time assets copied`);
