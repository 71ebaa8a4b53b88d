import { describe, expect, it } from 'vitest';
import { TREATMENTS, gaps, parseGaps } from '../../spec/gaps.js';
import { CatalogueError, requirementById } from '../../spec/requirements.js';
import { specSectionIds, specText } from '../../spec/spec-sections.js';

const PHRASE = 'not shown';

/** Start offsets of every occurrence of needle in haystack. */
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

/** Occurrences of phrase (with context) that no gap quote spans; skip filters occurrences out. */
function uncovered(text: string, phrase: string, skip: (at: number) => boolean = () => false): { total: number; missing: string[] } {
  const found = occurrences(text, phrase).filter((at) => !skip(at));
  const covered = (at: number) => gaps.some((g) => occurrences(text, g.quote).some((start) => start <= at && at + phrase.length <= start + g.quote.length));
  return { total: found.length, missing: found.filter((at) => !covered(at)).map((at) => text.slice(Math.max(0, at - 60), at + phrase.length)) };
}

describe('spec/gaps.yaml', () => {
  it('has unique ids, valid treatments and sections of the spec', () => {
    const ids = gaps.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(gaps.filter((g) => !TREATMENTS.includes(g.treatment))).toEqual([]);
    const sections = specSectionIds();
    expect(gaps.filter((g) => !sections.has(g.section)).map((g) => g.id)).toEqual([]);
  });

  it('quotes the spec text exactly', () => {
    const text = specText();
    expect(gaps.filter((g) => !text.includes(g.quote)).map((g) => g.id)).toEqual([]);
  });

  it('cites only requirements that exist, and every checked gap cites at least one', () => {
    expect(gaps.flatMap((g) => g.requirements.filter((id) => requirementById(id) === undefined))).toEqual([]);
    expect(gaps.filter((g) => g.treatment !== 'unchecked' && g.requirements.length === 0).map((g) => g.id)).toEqual([]);
  });

  it('never implements a gap with a must requirement', () => {
    // DESIGN.md §4: where the spec is silent the harness checks at should or observe, never at must.
    const mustIds = gaps.flatMap((g) => g.requirements.filter((id) => requirementById(id)?.level === 'must').map((id) => `${g.id}:${id}`));
    expect(mustIds).toEqual([]);
  });

  it(`covers each of the 15 '${PHRASE}' phrases of the spec text`, () => {
    const { total, missing } = uncovered(specText(), PHRASE);
    expect(total).toBe(15);
    expect(missing).toEqual([]);
  });

  it("covers each place where 'the service' replaced a word (outside headings)", () => {
    const text = specText();
    const inHeading = (at: number) => text.slice(text.lastIndexOf('\n', at) + 1).startsWith('#');
    const { total, missing } = uncovered(text, 'the service', inHeading);
    expect(total).toBe(5);
    expect(missing).toEqual([]);
  });
});

describe('parseGaps', () => {
  const gap = (extra = '', reqs = '[MSG-SEND-TO-REQUIRED]') =>
    `gaps:\n  - id: GAP-X\n    section: '7'\n    quote: "q"\n    decision: "d"\n    treatment: should\n    why: "w"\n    requirements: ${reqs}\n${extra}`;

  it('accepts a well-formed entry', () => {
    expect(parseGaps(gap())[0]).toEqual({
      id: 'GAP-X',
      section: '7',
      quote: 'q',
      decision: 'd',
      treatment: 'should',
      why: 'w',
      requirements: ['MSG-SEND-TO-REQUIRED'],
    });
  });

  it.each([
    ['an unknown requirement id', gap('', '[MSG-NOPE]')],
    ['a bad treatment', gap().replace('treatment: should', 'treatment: must')],
    ['a bad id', gap().replace('GAP-X', 'gap-x')],
    ['requirements not a list', gap('', 'MSG-SEND-TO-REQUIRED')],
    ['an unknown field', gap('    note: x\n')],
    ['a duplicate id', gap() + gap().replace('gaps:\n', '')],
  ])('throws a CatalogueError on %s', (_name, text) => {
    expect(() => parseGaps(text)).toThrow(CatalogueError);
  });
});
