import { beforeAll, describe, expect, it } from 'vitest';
import { loadContractDocument } from '../../spec/build/contract-document.js';
import type { JsonObject } from '../../spec/build/json-object.js';
import { requirementById } from '../../spec/requirements.js';
import { specSectionIds } from '../../spec/spec-sections.js';

/** Every value of `key` anywhere in the document, with the JSON pointer of the node that holds it. */
function annotations(node: unknown, key: string, at = ''): { at: string; value: unknown }[] {
  if (node === null || typeof node !== 'object') return [];
  const found = key in node ? [{ at, value: (node as JsonObject)[key] }] : [];
  return found.concat(Object.entries(node).flatMap(([child, value]) => annotations(value, key, `${at}/${child.replaceAll('/', '~1')}`)));
}

let raw: JsonObject;
beforeAll(async () => {
  ({ raw } = await loadContractDocument());
});

describe('spec/openapi.yaml cites what exists', () => {
  it('every x-spec-section names a section of the service spec', () => {
    const sections = specSectionIds();
    const cited = annotations(raw, 'x-spec-section');
    expect(cited.length).toBeGreaterThan(40);
    const unknown = cited.filter(({ value }) => typeof value !== 'string' || !sections.has(value));
    expect(unknown).toEqual([]);
  });

  it('every x-requirements id exists in spec/requirements.yaml', () => {
    const cited = annotations(raw, 'x-requirements').flatMap(({ at, value }) =>
      Object.entries(value as Record<string, unknown>).map(([keyword, id]) => ({ at: `${at}/${keyword}`, id })),
    );
    expect(cited.length).toBeGreaterThan(80);
    const unknown = cited.filter(({ id }) => typeof id !== 'string' || requirementById(id) === undefined);
    expect(unknown).toEqual([]);
  });

  it('the checks above would notice an unknown section or id', () => {
    expect(specSectionIds().has('4.9')).toBe(false);
    expect(requirementById('MSG-NO-SUCH-RULE')).toBeUndefined();
  });

  it('x-assumed is only ever `true`', () => {
    const values = new Set(annotations(raw, 'x-assumed').map(({ value }) => value));
    expect([...values]).toEqual([true]);
  });
});
