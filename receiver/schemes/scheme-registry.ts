import { ReceiverError } from '../errors.js';
import { githubScheme, signGithub } from './github-scheme.js';
import { serviceScheme, signService } from './service-scheme.js';
import { signStandardWebhooks, standardWebhooksScheme } from './standard-webhooks-scheme.js';
import type { SignatureScheme, Signer, VerifyInput, VerifyResult } from './types.js';

/** Names of the built-in schemes. */
export const schemeNames = ['service', 'standard-webhooks', 'github'] as const;
/** A built-in scheme name. */
export type SchemeName = (typeof schemeNames)[number];

/** Options a scheme may take (only `service` uses `headerName`). */
export interface SchemeOptions {
  headerName?: string;
}

/** The built-in scheme called `name`; throws `unknown_scheme` for any other value. */
export function getScheme(name: string, options: SchemeOptions = {}): SignatureScheme {
  switch (name as SchemeName) {
    case 'service':
      return serviceScheme(options);
    case 'standard-webhooks':
      return standardWebhooksScheme();
    case 'github':
      return githubScheme();
    default:
      throw new ReceiverError('unknown_scheme', `unknown signature scheme "${name}"; use one of ${schemeNames.join(', ')}`);
  }
}

/** Per-scheme signers that mimic a sender (the receiver's own tests and benchmarks only). */
export const signers: Readonly<Record<SchemeName, Signer>> = {
  service: signService,
  'standard-webhooks': signStandardWebhooks,
  github: signGithub,
};

/** Verifies one delivery with a scheme given by name or as an object. */
export function verifySignature(scheme: SchemeName | SignatureScheme, input: VerifyInput & SchemeOptions): VerifyResult {
  const impl = typeof scheme === 'string' ? getScheme(scheme, input) : scheme;
  return impl.verify(input);
}
