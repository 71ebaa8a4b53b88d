import type { KeyRole } from './target.js';

type QueryValue = string | number | boolean | undefined | null | readonly (string | number | boolean)[];

/** One request. `body`: a string or Buffer is sent as is (for malformed input), anything else as JSON. */
export interface RequestOptions {
  method?: string;
  /** Path from the base URL, e.g. /v1/messages. */
  path: string;
  /** Query parameters (undefined/null dropped, arrays repeated), or a raw query string. */
  query?: Readonly<Record<string, QueryValue>> | string;
  /** Extra headers; a value of undefined removes a default (e.g. content-type). */
  headers?: Readonly<Record<string, string | undefined>>;
  body?: unknown;
  /** Which key goes in x-api-key (spec §5.1); default growth. */
  key?: KeyRole;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** A clean-up request of the harness (deleting webhooks it created): not counted against maxRequests. */
  cleanup?: boolean;
  /** false: sent and read back as given, without the run's dialect (the checks that show a naming gap itself). */
  dialect?: false;
}
