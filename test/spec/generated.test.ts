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
    expect(files.map((file) => file.path)).toEqual([
      'spec/generated/schemas.json',
      'spec/generated/types.ts',
      'spec/generated/validators.js',
      'spec/generated/validators.d.ts',
    ]);
    expect(await staleFiles(files)).toEqual([]);
  });

  it('a changed file would be reported stale', async () => {
    const [schemasFile, ...rest] = files as [GeneratedFile, ...GeneratedFile[]];
    expect(await staleFiles([{ ...schemasFile, content: `${schemasFile.content} ` }, ...rest])).toEqual(['spec/generated/schemas.json']);
  });

  it('types.ts carries the banner and a type per component', () => {
    const types = files[1]?.content ?? '';
    expect(types.startsWith('// Generated from spec/openapi.yaml by `npm run gen:spec`. Do not edit by hand.')).toBe(true);
    for (const name of ['Message', 'WebhookWithSecret', 'DeliveryRecord', 'WebhookPayload', 'ComponentTypes']) {
      expect(types).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
    }
  });

  it('validators.js holds a compiled validator of every named schema, which judges as ajv compiling the schema does', async () => {
    const { validators } = await import('../../spec/generated/validators.js');
    const { schemas } = await import('../../spec/contract.js');
    const { createContractAjv } = await import('../../spec/contract-ajv.js');
    expect(Object.keys(validators).sort()).toEqual(Object.keys(schemas).sort());
    const ajv = createContractAjv();
    const samples: unknown[] = [
      {},
      [],
      'x',
      1,
      null,
      { to: 'x', message: 'x'.repeat(1601) },
      { to: '+14155550100', from: '+1', message: 'hi' },
      { url: 'https://a.example', events: ['message.sent'] },
    ];
    for (const [name, schema] of Object.entries(schemas)) {
      const compiled = ajv.compile(schema);
      for (const sample of samples) {
        const precompiled = validators[name] as (typeof validators)[string];
        expect([name, precompiled(sample)]).toEqual([name, compiled(sample)]);
        expect(precompiled.errors?.map((e) => [e.instancePath, e.schemaPath, e.keyword])).toEqual(
          compiled.errors?.map((e) => [e.instancePath, e.schemaPath, e.keyword]),
        );
      }
    }
  });

  it('canonicalJson sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{\n  "a": {\n    "c": null,\n    "d": [\n      3,\n      1\n    ]\n  },\n  "b": 1\n}\n');
  });

  // The CLI regenerates on its own, so this also shows that generation is deterministic.
  it('`npm run gen:spec -- --check` passes on a fresh tree and refuses unknown flags', async () => {
    const tsx = ['--import', 'tsx', 'scripts/gen-spec.ts'];
    const ok = await run(process.execPath, [...tsx, '--check'], { cwd: projectRoot });
    expect(ok.stdout).toContain('4 generated files are fresh');
    await expect(run(process.execPath, [...tsx, '--chek'], { cwd: projectRoot })).rejects.toMatchObject({ code: 2 });
  });
});
