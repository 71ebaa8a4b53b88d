import { headerBag } from './delivery.js';
import type { Delivery } from './delivery.js';
import { getScheme } from './schemes/index.js';
import type { SchemeName, SchemeOptions, SignatureScheme, VerifyInput, VerifyResult } from './schemes/index.js';

/** Options for verifying a captured delivery. */
export type DeliveryVerifyOptions = SchemeOptions & Pick<VerifyInput, 'toleranceSeconds' | 'now'>;

/** Verifies a captured delivery's raw bytes and headers (every copy of each) with a scheme. */
export function verifyDelivery(
  delivery: Pick<Delivery, 'raw' | 'headerPairs'>,
  scheme: SchemeName | SignatureScheme,
  secrets: readonly string[],
  options: DeliveryVerifyOptions = {},
): VerifyResult {
  const impl = typeof scheme === 'string' ? getScheme(scheme, options) : scheme;
  const input: VerifyInput = { raw: delivery.raw, headers: headerBag(delivery), secrets };
  if (options.toleranceSeconds !== undefined) input.toleranceSeconds = options.toleranceSeconds;
  if (options.now !== undefined) input.now = options.now;
  return impl.verify(input);
}
