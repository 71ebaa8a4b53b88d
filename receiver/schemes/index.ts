// Public entry of the signature schemes.
export { getScheme, schemeNames, signers, verifySignature } from './scheme-registry.js';
export type { SchemeName, SchemeOptions } from './scheme-registry.js';
export { serviceScheme, SERVICE_SIGNATURE_HEADER } from './service-scheme.js';
export { standardWebhooksScheme } from './standard-webhooks-scheme.js';
export { githubScheme } from './github-scheme.js';
export { DEFAULT_TOLERANCE_SECONDS } from './verify-helpers.js';
export type { HeaderInput, SignatureScheme, Signer, VerifyFailureCode, VerifyInput, VerifyResult } from './types.js';
