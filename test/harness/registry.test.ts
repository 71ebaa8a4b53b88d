import { describe, expect, it } from 'vitest';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import type { CheckDefinition } from '../../suites/checks/index.js';
import { loadRegistry } from '../../suites/index.js';

const noop = async (): Promise<void> => {};
const make = (over: Partial<CheckDefinition>) =>
  defineCheck({ id: 'T-CHECK', title: 't', suite: 'contract/messages', requirements: ['MSG-LIST-LIMIT-MAX'], level: 'must', run: noop, ...over });

function sample(): CheckRegistry {
  return new CheckRegistry().register(
    make({ id: 'MSG-A', suite: 'contract/messages', requirements: ['MSG-LIST-LIMIT-MAX'] }),
    make({ id: 'MSG-B', suite: 'contract/messages', requirements: ['MSG-SEND-MESSAGE-MAX'] }),
    make({ id: 'WH-A', suite: 'contract/webhooks', requirements: ['WH-EVENTS-MIN'] }),
    make({ id: 'IDEM-A', suite: 'scenarios/idempotency', requirements: ['IDEM-REPLAY', 'MSG-SEND-MESSAGE-MAX'] }),
  );
}

describe('defineCheck', () => {
  it('rejects malformed checks with a message that says how to fix them', () => {
    expect(() => make({ id: 'lower-case' })).toThrow(/upper-case/);
    expect(() => make({ suite: 'Contract Messages' })).toThrow(/lower-case path segments/);
    expect(() => make({ requirements: [] })).toThrow(/at least one requirement/);
    expect(() => make({ level: 'may' as never })).toThrow(/level must be one of must, should, observe/);
    expect(() => make({ needs: ['coffee' as never] })).toThrow(/unknown need "coffee"/);
  });
});

describe('CheckRegistry', () => {
  it('validates requirement ids against spec/requirements.yaml at registration, with near matches', () => {
    const registry = new CheckRegistry();
    expect(() => registry.register(make({ requirements: ['MSG-LIST-LIMIT-MAXX'] }))).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_REQUIREMENT', message: expect.stringMatching(/Did you mean MSG-LIST-LIMIT-MAX/) }),
    );
    expect(() => registry.register(make({ requirements: ['USER-ME-CONNECTION', 'USER-ME-SHAPE'], level: 'should' }))).not.toThrow();
    // DESIGN.md §3 "Levels are a promise": a must check may not rely on a should requirement
    expect(() => registry.register(make({ id: 'MSG-STRICT', requirements: ['USER-ME-CONNECTION', 'USER-ME-SHAPE'] }))).toThrow(
      expect.objectContaining({ code: 'INVALID_CHECK', message: expect.stringMatching(/USER-ME-SHAPE is should/) }),
    );
  });

  it('refuses a duplicate id', () => {
    expect(() => sample().register(make({ id: 'MSG-A' }))).toThrow(expect.objectContaining({ code: 'DUPLICATE_CHECK' }));
  });

  it('selects by suite glob, prefix, requirement and id (kinds intersect)', () => {
    const registry = sample();
    const ids = (selection: Parameters<CheckRegistry['select']>[0]) => registry.select(selection).map((check) => check.id);
    expect(ids({})).toEqual(['MSG-A', 'MSG-B', 'WH-A', 'IDEM-A']);
    expect(ids({ suites: ['contract/*'] })).toEqual(['MSG-A', 'MSG-B', 'WH-A']);
    expect(ids({ suites: ['contract'] })).toEqual(['MSG-A', 'MSG-B', 'WH-A']);
    expect(ids({ suites: ['**/idem*'] })).toEqual(['IDEM-A']);
    expect(ids({ requirements: ['MSG-SEND-MESSAGE-MAX'] })).toEqual(['MSG-B', 'IDEM-A']);
    expect(ids({ suites: ['scenarios/*'], requirements: ['MSG-SEND-MESSAGE-MAX'] })).toEqual(['IDEM-A']);
    expect(ids({ ids: ['WH-A', 'MSG-A'] })).toEqual(['MSG-A', 'WH-A']);
  });

  it('makes unknown ids and unmatched globs usage errors that list near matches', () => {
    const registry = sample();
    expect(() => registry.select({ ids: ['MSG-C'] })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_CHECK', message: expect.stringMatching(/Did you mean MSG-A, MSG-B/) }),
    );
    expect(() => registry.select({ requirements: ['IDEM-REPLAYY'] })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_REQUIREMENT', message: expect.stringMatching(/IDEM-REPLAY\b/) }),
    );
    expect(() => registry.select({ suites: ['contract/mesages'] })).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_SUITE', message: expect.stringMatching(/contract\/messages/) }),
    );
    expect(() => registry.select({ suites: ['contract/webhooks'], requirements: ['IDEM-REPLAY'] })).toThrow(expect.objectContaining({ code: 'USAGE' }));
  });

  it('loads the suite modules of suites/index.ts, including the built-in connection checks', async () => {
    const registry = await loadRegistry();
    expect(registry.get('USER-ME-CONNECTION')?.baselineFor).toBe('getCurrentUser');
    expect(registry.get('USER-ME-SHAPE')).toBeDefined();
  });
});
