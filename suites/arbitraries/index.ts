// Public entry of suites/arbitraries: JSON Schema -> fast-check generators and SMS-domain arbitraries.
export { validArbitrary } from './valid-arbitrary.js';
export { boundaryValues, type BoundaryCase } from './boundary-values.js';
export { invalidCases, type InvalidCase, type InvalidNearMiss } from './invalid-cases.js';
export { nearMisses, type NearMiss, type NearMissContext } from './near-misses.js';
export { pathKey, type ArbitraryOptions } from './arbitrary-options.js';
export { exampleValue, FIXED_SEED } from './example-value.js';
export { plainValue } from './plain-value.js';
export { ArbitrariesError, type JsonSchema, type JsonType } from './json-schema.js';
export { codePointLength } from './code-point-length.js';
export { e164Arbitrary, E164_PATTERN, COUNTRY_CODES, INVALID_E164_SAMPLES, type E164Options } from './e164.js';
export { gsm7TextArbitrary, gsm7CharArbitrary, isGsm7, gsm7Septets, GSM7_BASIC, GSM7_EXTENSION } from './gsm7.js';
export { ucs2TextArbitrary, ucs2CharArbitrary, UCS2_SCRIPT_RANGES } from './ucs2.js';
export { emojiArbitrary, EMOJI_SAMPLES } from './emoji.js';
export { messageTextArbitrary, textOfLength, MESSAGE_ALPHABETS, type MessageAlphabet, type MessageTextOptions } from './message-text.js';
export { smsSegments, segmentBoundaryLengths, SEGMENT_LIMITS, type SmsEncoding } from './sms-segments.js';
export { formatArbitrary, SUPPORTED_FORMATS } from './formats.js';
