// `npm run gen:docs` rewrites README.md's options table from cli/options/option-table.ts (the one place an option is
// defined); `npm run gen:docs -- --check` only compares (exit 1 when README.md is stale), as test/cli does.
import { readFile, writeFile } from 'node:fs/promises';
import { optionTable } from '../cli/options/option-table.js';
import { withOptionsTable } from '../cli/options/render-markdown.js';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--check');
if (unknown.length > 0) {
  console.error(`gen-docs: unknown argument(s) ${unknown.join(' ')}; the only option is --check`);
  process.exit(2);
}

const readmeUrl = new URL('../README.md', import.meta.url);
try {
  const readme = await readFile(readmeUrl, 'utf8');
  const fresh = withOptionsTable(readme, optionTable);
  if (args.includes('--check')) {
    if (fresh !== readme) {
      console.error("gen-docs: README.md's options table differs from cli/options/option-table.ts. Run `npm run gen:docs` and commit the result.");
      process.exit(1);
    }
    console.log(`gen-docs: README.md's options table is fresh (${optionTable.length} options)`);
  } else {
    await writeFile(readmeUrl, fresh);
    console.log(`gen-docs: wrote README.md's options table (${optionTable.length} options${fresh === readme ? ', unchanged' : ''})`);
  }
} catch (error) {
  console.error(`gen-docs: ${(error as Error).message}`);
  process.exit(1);
}
