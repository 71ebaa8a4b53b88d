import type { Dispatcher, Pool } from 'undici';
import { loadUndici, undiciIfLoaded } from './load-undici.js';

/** What the transport asks of a connection pool: undici's `request`, in its promise form. */
export interface RequestPool {
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}

/**
 * The connection pool of the target's origin: made at once when undici is loaded (HttpClient.open), else at the first
 * request, so a command that sends nothing (`--list`, `--plan`) never loads undici (targets/load-undici.ts).
 */
export class OriginPool implements RequestPool {
  private pool: Pool | undefined;
  private made: Promise<Pool> | undefined;

  constructor(
    private readonly origin: string,
    private readonly options: Pool.Options,
  ) {
    const undici = undiciIfLoaded();
    if (undici !== undefined) this.pool = new undici.Pool(origin, options);
  }

  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
    return this.pool ? this.pool.request(options) : this.make().then((pool) => pool.request(options));
  }

  /** Closes the pool's connections (nothing to close when nothing was sent). */
  async close(): Promise<void> {
    await (this.pool ?? (await this.made))?.close();
  }

  private make(): Promise<Pool> {
    this.made ??= loadUndici().then((undici) => (this.pool = new undici.Pool(this.origin, this.options)));
    return this.made;
  }
}
