import type UndiciModule from 'undici';
import type { Pool } from 'undici';
/** The undici package (module.exports of the CommonJS package). */
type Undici = typeof UndiciModule;

let loaded: Undici | undefined;
let loading: Promise<Undici> | undefined;
let pool: typeof Pool | undefined;
let poolLoading: Promise<typeof Pool> | undefined;

/**
 * undici, loaded at first need: about a tenth of a second of start-up, the most of any module a run loads, which
 * `--help`, `--list` and `--plan` do not pay (issue 28). Only the one-off requests of an inbound trigger or a
 * container's readiness wait use the whole package; the transport needs only its Pool (loadPool).
 */
export function loadUndici(): Promise<Undici> {
  // `default`: module.exports of the CommonJS package under Node, vitest and a bundle alike (a bundle's chunk has no named exports)
  loading ??= import('undici').then((module) => (loaded = module.default));
  return loading;
}

/**
 * undici's connection pool alone, without the rest of the package (fetch, WebSocket, cookies, caches): about half the
 * package's loading time (~45 ms of a run's start, issue 28). A run loads it before its first check (HttpClient.open),
 * so no check's deadline counts it.
 */
export function loadPool(): Promise<typeof Pool> {
  poolLoading ??= import('undici/lib/dispatcher/pool.js').then((module) => (pool = module.default));
  return poolLoading;
}

/** undici's Pool if it is loaded already (no wait), else undefined. */
export function poolIfLoaded(): typeof Pool | undefined {
  return pool ?? loaded?.Pool;
}
