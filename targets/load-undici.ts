import type UndiciModule from 'undici';
/** The undici package (module.exports of the CommonJS package). */
type Undici = typeof UndiciModule;

let loaded: Undici | undefined;
let loading: Promise<Undici> | undefined;

/**
 * undici, loaded at first need: about a tenth of a second of start-up, the most of any module a run loads, which
 * `--help`, `--list` and `--plan` do not pay (issue 28). A run loads it before its first check (HttpClient.open), so no
 * check's deadline counts it.
 */
export function loadUndici(): Promise<Undici> {
  // `default`: module.exports of the CommonJS package under Node, vitest and a bundle alike (a bundle's chunk has no named exports)
  loading ??= import('undici').then((module) => (loaded = module.default));
  return loading;
}

/** undici if it is loaded already (no wait), else undefined. */
export function undiciIfLoaded(): Undici | undefined {
  return loaded;
}
