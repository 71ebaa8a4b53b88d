/** The signature schemes the reference can sign with (spec §5.3 leaves the header and format open). */
export const signatureSchemes = ['service', 'standard-webhooks', 'github'] as const;

/** A signature scheme the reference can sign with. */
export type SignatureSchemeOption = (typeof signatureSchemes)[number];

/** How the reference signs deliveries: DESIGN.md §4's scheme under any header name, Standard Webhooks or GitHub style. */
export interface SignatureOptions {
  scheme?: SignatureSchemeOption;
  /** The header of the service scheme (default Service-Signature). */
  header?: string;
}

// RFC 9110 §5.1: a field name is a token
const headerToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Applies the defaults and refuses an unknown scheme or a header name that is not an HTTP token. */
export function resolveSignature(o: SignatureOptions | undefined, fail: (code: string, message: string) => never): Required<SignatureOptions> {
  const scheme = o?.scheme ?? 'service';
  if (!signatureSchemes.includes(scheme)) fail('bad_option', `option signature.scheme is "${String(scheme)}": use one of ${signatureSchemes.join(', ')}`);
  const header = o?.header ?? 'Service-Signature';
  if (!headerToken.test(header)) fail('bad_option', `option signature.header is "${header}": give an HTTP header name such as Acme-Signature`);
  if (o?.header !== undefined && scheme !== 'service')
    fail('bad_option', `option signature.header applies to the service scheme only; ${scheme} has fixed headers`);
  return { scheme, header };
}
