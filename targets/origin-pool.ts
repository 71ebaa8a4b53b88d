import type { Dispatcher, Pool } from 'undici';
import { loadPool, poolIfLoaded } from './load-undici.js';

/** What the transport asks of a connection pool: undici's `dispatch` (the handler hears of the outcome, errors included). */
export interface RequestPool {
  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): void;
}

/**
 * The connection pool of the target's origin: made at once when undici's Pool is loaded (HttpClient.open), else at the first
 * request, so a command that sends nothing (`--list`, `--plan`) never loads it (targets/load-undici.ts).
 */
export class OriginPool implements RequestPool {
  private pool: Pool | undefined;
  private made: Promise<Pool> | undefined;

  constructor(
    private readonly origin: string,
    private readonly options: Pool.Options,
  ) {
    const PoolClass = poolIfLoaded();
    if (PoolClass !== undefined) this.pool = new PoolClass(origin, options);
  }

  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): void {
    if (this.pool) {
      this.pool.dispatch(options, handler);
      return;
    }
    this.make().then(
      (pool) => pool.dispatch(options, handler),
      (error: unknown) => handler.onResponseError?.(undefined as never, error as Error),
    );
  }

  /** Closes the pool's connections (nothing to close when nothing was sent). */
  async close(): Promise<void> {
    await (this.pool ?? (await this.made))?.close();
  }

  private make(): Promise<Pool> {
    this.made ??= loadPool().then((PoolClass) => (this.pool = new PoolClass(this.origin, this.options)));
    return this.made;
  }
}
