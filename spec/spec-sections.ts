import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The spec lives beside the repository (../shared) unless SERVICE_SPEC points elsewhere.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

let cachedText: string | undefined;
let cachedPath: string | undefined;

/** Path of the service spec: env SERVICE_SPEC, else `<repo>/../shared/service-spec.md`. */
export function specPath(): string {
  const fromEnv = process.env.SERVICE_SPEC;
  return fromEnv !== undefined && fromEnv !== '' ? resolve(fromEnv) : resolve(repoRoot, '..', 'shared', 'service-spec.md');
}

/** The full text of the service spec (read once per path). */
export function specText(): string {
  const path = specPath();
  if (cachedText === undefined || cachedPath !== path) {
    try {
      cachedText = readFileSync(path, 'utf8');
    } catch (cause) {
      throw new Error(`reading the service spec failed at ${path}: set SERVICE_SPEC to the spec's path or place it there`, {
        cause,
      });
    }
    cachedPath = path;
  }
  return cachedText;
}

/** Section ids ('1', '2.1', ...) taken from the numbered headings of the spec text. */
export function specSectionIds(text: string = specText()): Set<string> {
  const ids = new Set<string>();
  for (const match of text.matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)) {
    if (match[1] !== undefined) ids.add(match[1]);
  }
  return ids;
}
