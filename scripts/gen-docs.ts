// `npm run gen:docs` writes the reference pages of docs/reference/ from the code (options, commands, error codes, checks,
// faults: scripts/docs/reference-pages.ts); `npm run gen:docs -- --check` only compares (exit 1 when a page is stale),
// as .ci/run and test/docs do.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referencePages } from './docs/reference-pages.js';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--check');
if (unknown.length > 0) {
  console.error(`gen-docs: unknown argument(s) ${unknown.join(' ')}; the only option is --check`);
  process.exit(2);
}
const check = args.includes('--check');
const root = fileURLToPath(new URL('../', import.meta.url));
const readOr = (path: string): Promise<string> => readFile(`${root}${path}`, 'utf8').catch(() => '');

try {
  const pages = await Promise.all(referencePages.map(async (page) => ({ path: page.path, fresh: await page.render(), old: await readOr(page.path) })));
  const stale = pages.filter((p) => p.fresh !== p.old);
  if (check) {
    if (stale.length > 0) {
      console.error(`gen-docs: stale: ${stale.map((p) => p.path).join(', ')} (made from the code). Run \`npm run gen:docs\` and commit the result.`);
      process.exit(1);
    }
    console.log(`gen-docs: ${pages.length} generated pages are fresh (${pages.map((p) => p.path).join(', ')})`);
  } else {
    for (const page of stale) {
      await mkdir(dirname(`${root}${page.path}`), { recursive: true });
      await writeFile(`${root}${page.path}`, page.fresh);
    }
    console.log(`gen-docs: wrote ${stale.length} of ${pages.length} generated pages${stale.length ? `: ${stale.map((p) => p.path).join(', ')}` : ''}`);
  }
} catch (error) {
  console.error(`gen-docs: ${(error as Error).message}`);
  process.exit(1);
}
