// `npm run build` (and `prepack`): compiles the package to dist/ (ESM JavaScript + .d.ts, tsconfig.build.json) and copies
// beside it the contract files the harness reads at run time through import.meta.url (scripts/compile.mjs
// `runtimeAssets`: spec/generated/schemas.json and validators.js, the requirement and gap catalogues, the simulator's UI
// assets), so dist/ runs in plain Node with nothing else of the checkout. Not bundled (decision 28): a bundle of the
// command saved about a tenth of a second of `--list` but added ~290 KB to the packed package, at its 1 MB budget.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { copyRuntimeFiles, runtimeAssets } from './compile.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const dist = `${root}dist/`;

// compiled beside dist/ and swapped in whole: a test or run using dist/ meanwhile never sees it half-written
const fresh = `${root}dist.build-${process.pid}/`;
const stale = `${root}dist.old-${process.pid}/`;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  // stdout stays clean: `npm pack --json` runs this (prepack) and prints its JSON there
  execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`, '--outDir', fresh], { stdio: ['ignore', process.stderr, 'inherit'] });
  copyRuntimeFiles(root, fresh);
  if (existsSync(dist)) renameSync(dist, stale);
  renameSync(fresh, dist);
} finally {
  rmSync(fresh, { recursive: true, force: true });
  rmSync(stale, { recursive: true, force: true });
}
console.error(`build: dist/ compiled, ${runtimeAssets.length} run-time assets copied`);
