import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { canonicalJson } from './canonical-json.js';
import { componentTypes } from './component-types.js';
import { buildContractJson } from './contract-json.js';
import { loadContractDocument, openapiPath } from './contract-document.js';
import type { GeneratedContract } from '../contract-types.js';
import { assertNoProblems, schemaProblems } from './contract-semantics.js';
import { standaloneValidators, validatorsDeclaration } from './standalone-validators.js';

/** One file of spec/generated/: its path relative to the project root and its full text. */
export interface GeneratedFile {
  path: string;
  content: string;
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The absolute path of a project-relative path. */
export function fromProjectRoot(path: string): string {
  return `${projectRoot}${path}`;
}

/** Generates the contents of spec/generated/ from the contract, in memory. */
export async function generateContract(path: string = openapiPath): Promise<GeneratedFile[]> {
  const { raw, dereferenced } = await loadContractDocument(path);
  const contract = buildContractJson(dereferenced);
  assertNoProblems(schemaProblems(contract));
  const schemasJson = canonicalJson(contract);
  return [
    { path: 'spec/generated/schemas.json', content: schemasJson },
    { path: 'spec/generated/types.ts', content: await componentTypes(raw) },
    { path: 'spec/generated/validators.js', content: standaloneValidators(JSON.parse(schemasJson) as GeneratedContract) },
    { path: 'spec/generated/validators.d.ts', content: validatorsDeclaration },
  ];
}

/** The generated files whose text on disk differs from `files` (missing files count as stale). */
export async function staleFiles(files: readonly GeneratedFile[]): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const onDisk = await readFile(fromProjectRoot(file.path), 'utf8').catch(() => null);
    if (onDisk !== file.content) stale.push(file.path);
  }
  return stale;
}
