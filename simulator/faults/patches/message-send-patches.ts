import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import { ApiError, invalid } from '../../errors.js';
import { tierRefusal } from '../../messages/routes.js';
import { MESSAGE_MAX, SHARED_NUMBER } from '../../messages/send-checks.js';
import type { RequestContext } from '../../http/router.js';
import { checkText, isObject, optionalString, requireString } from '../../validation/fields.js';
import { beforeOperation, editAnswers } from './answers.js';
import { asciiDigits, withField } from './lenient-readings.js';
import type { Patch, Patches } from './patch.js';

/** A request's JSON body as the API reads it, or undefined when it cannot (the operation answers that itself). */
function bodyOf(ref: ReferenceContext, req: RequestContext): Record<string, unknown> | undefined {
  try {
    return ref.api.readJson(req.raw);
  } catch {
    return undefined;
  }
}

/** A send operation refusing a tier: `refusal` is what it answers a caller of that tier. */
function refusesTier(operation: 'sendMessage' | 'sendTemplateMessage', tier: 'growth' | 'starter', refusal: () => ApiError): Patch {
  return (ref) =>
    beforeOperation(ref, operation, (req) => {
      if (req.tier === tier) throw refusal();
    });
}

/** Both send operations' answers edited the same way. */
function sentAnswers(edit: (message: Record<string, unknown>) => void): Patch {
  return (ref) => {
    for (const operation of ['sendMessage', 'sendTemplateMessage'] as const) editAnswers(ref, operation, edit);
  };
}

/** A template id the catalogue does not have. */
function unknownTemplate(ref: ReferenceContext, id: string): boolean {
  return !ref.options.templates.some((t) => t.id === id);
}

/** The faults of the two send operations' tiers and body rules (spec §4.1, §8). */
export const messageSendPatches: Patches = {
  'starter-template-402': refusesTier('sendTemplateMessage', 'starter', tierRefusal),
  'growth-template-403': refusesTier(
    'sendTemplateMessage',
    'growth',
    () => new ApiError(403, 'tier_not_allowed', 'templates are for the Starter tier: use POST /v1/messages'),
  ),
  'growth-freeform-402': refusesTier('sendMessage', 'growth', tierRefusal),
  'starter-freeform-allowed': (ref) => beforeOperation(ref, 'sendMessage', (req) => (req.tier === 'starter' ? { ...req, tier: 'growth' } : req)),
  'missing-to-accepted': ({ sendChecks }) => around(sendChecks, 'recipient', (next, body) => (body.to === undefined ? '' : next(body))),
  'to-formatting-normalised': ({ sendChecks }) =>
    around(sendChecks, 'recipient', (next, body) => next(withField(body, 'to', (to) => to.replace(/[\s().-]/g, '')))),
  'to-unicode-digits': ({ sendChecks }) => around(sendChecks, 'recipient', (next, body) => next(withField(body, 'to', asciiDigits))),
  'e164-not-checked-on-send': ({ sendChecks }) => around(sendChecks, 'recipient', (_, body) => requireString(body, 'to')),
  'accepts-1601-chars': ({ sendChecks }) =>
    around(sendChecks, 'text', (next, body) => {
      const text = body.message;
      return typeof text === 'string' && [...text].length === MESSAGE_MAX + 1 ? text : next(body);
    }),
  'refuses-1600-chars': ({ sendChecks }) => around(sendChecks, 'text', (next, body) => checkText('message', next(body), MESSAGE_MAX - 1)),
  'missing-message-empty': ({ sendChecks }) => around(sendChecks, 'text', (next, body) => (body.message === undefined ? '' : next(body))),
  'non-ascii-refused': ({ sendChecks }) =>
    around(sendChecks, 'text', (next, body) => {
      const text = next(body);
      if (/[^\x20-\x7e\n\r\t]/.test(text)) throw invalid('message may only contain ASCII characters');
      return text;
    }),
  'missing-from-accepted': ({ sendChecks }) => around(sendChecks, 'sender', (next, body) => (body.from === undefined ? SHARED_NUMBER : next(body))),
  'numeric-from-coerced': ({ sendChecks }) => around(sendChecks, 'sender', (next, body) => (typeof body.from === 'number' ? String(body.from) : next(body))),
  'from-overridden': ({ sendChecks }) => around(sendChecks, 'sender', (next, body) => (next(body), SHARED_NUMBER)),
  'template-missing-to-accepted': ({ sendChecks }) => around(sendChecks, 'templateRecipient', (next, body) => (body.to === undefined ? '' : next(body))),
  // 00 or a bare number read as +
  'template-to-international-prefix': ({ sendChecks }) =>
    around(sendChecks, 'templateRecipient', (next, body) =>
      next(withField(body, 'to', (to) => (to.startsWith('00') ? `+${to.slice(2)}` : /^\d+$/.test(to) ? `+${to}` : to))),
    ),
  'e164-not-checked-on-template': ({ sendChecks }) => around(sendChecks, 'templateRecipient', (_, body) => requireString(body, 'to')),
  'template-numeric-from-coerced': ({ sendChecks }) =>
    around(sendChecks, 'templateSender', (next, body) => (typeof body.from === 'number' ? String(body.from) : next(body))),
  'starter-no-shared-number': (ref) =>
    beforeOperation(ref, 'sendTemplateMessage', (req) => {
      if (req.tier === 'starter' && bodyOf(ref, req)?.from === undefined) throw invalid('from is required');
    }),
  'template-from-required': ({ sendChecks }) =>
    around(sendChecks, 'templateSender', (next, body) => {
      if (body.from === undefined) throw invalid('from is required');
      return next(body);
    }),
  'template-from-ignored': ({ sendChecks }) => around(sendChecks, 'templateSender', (next, body) => (next(body), SHARED_NUMBER)),
  'metadata-not-checked': ({ sendChecks }) => around(sendChecks, 'metadata', (next, body) => (isObject(body.metadata) ? next(body) : undefined)),
  'missing-template-sends-fallback': ({ sendChecks }) =>
    around(sendChecks, 'template', (next, body) => {
      if (body.template !== undefined) return next(body);
      return { to: sendChecks.templateRecipient(body), from: sendChecks.templateSender(body), message: optionalString(body, 'fallback') ?? '' };
    }),
  // a given fallback is sent as an override, also when the template is available
  'fallback-always-sent': ({ sendChecks }) => around(sendChecks, 'render', (next, input) => input.fallback ?? next(input)),
  // only the default language is deployed: other variants are "unavailable"
  'only-default-variant': (ref) =>
    around(ref.sendChecks, 'render', (next, input) => {
      if (input.variant === undefined || input.variant === 'en' || unknownTemplate(ref, input.template)) return next(input);
      if (input.fallback !== undefined) return input.fallback;
      throw invalid(`template ${input.template} has no variant ${input.variant} deployed`);
    }),
  'fallback-ignored': (ref) =>
    around(ref.sendChecks, 'render', (next, input) => next(unknownTemplate(ref, input.template) ? { ...input, fallback: undefined } : input)),
  'unknown-template-sent': (ref) =>
    around(ref.sendChecks, 'render', (next, input) => (unknownTemplate(ref, input.template) && input.fallback === undefined ? input.template : next(input))),
  'unknown-template-500': (ref) =>
    around(ref.sendChecks, 'render', (next, input) => {
      if (unknownTemplate(ref, input.template) && input.fallback === undefined) throw new ApiError(500, 'internal_error', 'template lookup failed');
      return next(input);
    }),
  'new-message-sent-status': sentAnswers((message) => void (message.status = 'sent')),
  'send-answer-trimmed': sentAnswers((message) => void (message.message = String(message.message).trim())),
  'template-response-wrapped': (ref) => editAnswers(ref, 'sendTemplateMessage', (message) => ({ data: message })),
};
