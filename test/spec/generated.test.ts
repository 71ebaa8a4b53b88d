import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, generateContract, staleFiles, type GeneratedFile } from '../../spec/build/index.js';

const run = promisify(execFile);
const projectRoot = new URL('../../', import.meta.url);

let files: GeneratedFile[];
beforeAll(async () => {
  files = await generateContract();
});

describe('spec/generated/', () => {
  it('is fresh: regenerating in memory gives the files on disk byte for byte', async () => {
    expect(files.map((file) => file.path)).toEqual(['spec/generated/schemas.json', 'spec/generated/types.ts']);
    expect(await staleFiles(files)).toEqual([]);
  });

  it('a changed file would be reported stale', async () => {
    const [schemasFile, typesFile] = files as [GeneratedFile, GeneratedFile];
    expect(await staleFiles([{ ...schemasFile, content: `${schemasFile.content} ` }, typesFile])).toEqual(['spec/generated/schemas.json']);
  });

  it('types.ts carries the banner and a type per component', () => {
    const types = files[1]?.content ?? '';
    expect(types.startsWith('// Generated from spec/openapi.yaml by `npm run gen:spec`. Do not edit by hand.')).toBe(true);
    for (const name of ['Message', 'WebhookWithSecret', 'DeliveryRecord', 'WebhookPayload', 'ComponentTypes']) {
      expect(types).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
    }
  });

  it('canonicalJson sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      1\n    ]\n  },\n  "b": 1\n}\n');
  });

  // The CLI regenerates on its own, so this also shows that generation is deterministic.
  it('`npm run gen:spec -- --check` passes on a fresh tree and refuses unknown flags', async () => {
    const tsx = ['--import', 'tsx', 'scripts/gen-spec.ts'];
    const ok = await run(process.execPath, [...tsx, '--check'], { cwd: projectRoot });
    expect(ok.stdout).toContain('2 generated files are fresh');
    await expect(run(process.execPath, [...tsx, '--chek'], { cwd: projectRoot })).rejects.toMatchObject({ code: 2 });
  });
});
