import type { OptionDef } from './option-def.js';

/** The value an option holds once parsed. */
export type ValueOf<D> = D extends { kind: 'list' }
  ? string[]
  : D extends { kind: 'number' }
    ? number
    : D extends { kind: 'boolean' }
      ? boolean
      : D extends { kind: 'enum'; values: readonly (infer V)[] }
        ? V
        : string;

/** What one source gives (the flags, a config file): each option of the table optional, under its key. */
export type OptionValues<T extends readonly OptionDef[]> = { -readonly [D in T[number] as D['key']]?: ValueOf<D> };

/**
 * Every source merged: an option with a default in the table is never undefined, so no caller restates the default
 * (`?? 'should'`); the others stay optional.
 */
export type ResolvedValues<T extends readonly OptionDef[]> = {
  -readonly [D in T[number] as D extends { default: unknown } ? D['key'] : never]: ValueOf<D>;
} & {
  -readonly [D in T[number] as D extends { default: unknown } ? never : D['key']]?: ValueOf<D>;
};
