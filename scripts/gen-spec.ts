// `npm run gen:spec` writes spec/generated/ from spec/openapi.yaml; `npm run gen:spec -- --check` only compares
// (exit 1 listing the stale files), which is what CI runs.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fromProjectRoot, generateContract, staleFiles } from '../spec/build/index.js';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--check');
if (unknown.length > 0) {
  console.error(`gen-spec: unknown argument(s) ${unknown.join(' ')}; the only option is --check`);
  process.exit(2);
}

try {
  const files = await generateContract();
  const stale = await staleFiles(files);
  if (args.includes('--check')) {
    if (stale.length > 0) {
      console.error(`gen-spec: stale generated file(s): ${stale.join(', ')}. Run \`npm run gen:spec\` and commit the result.`);
      process.exit(1);
    }
    console.log(`gen-spec: ${files.length} generated files are fresh`);
  } else {
    for (const file of files) {
      await mkdir(dirname(fromProjectRoot(file.path)), { recursive: true });
      await writeFile(fromProjectRoot(file.path), file.content);
    }
    console.log(`gen-spec: wrote ${files.map((file) => file.path).join(', ')} (${stale.length} changed)`);
  }
} catch (error) {
  console.error(`gen-spec: generating spec/generated/ failed: ${(error as Error).message}`);
  process.exit(1);
}
