import { checkE164, checkText, optionalObject, optionalString, requireString } from '../validation/fields.js';
import { renderTemplate, templateCatalogue } from './templates.js';
import type { Template, TemplateInput } from './templates.js';

/** The shared sender number of Starter sends without `from` (spec §4.1 send-template). */
export const SHARED_NUMBER = '+15550000000';

/** Longest message text in characters (spec §8). */
export const MESSAGE_MAX = 1600;

/** A checked send request, ready to be stored. */
export interface SendInput {
  to: string;
  from: string;
  message: string;
  metadata?: Record<string, unknown>;
}

/** A request body as JSON. */
type Body = Record<string, unknown>;

/**
 * The body rules of the two send operations (spec §4.1, §8), one part per rule, so that a fault wraps the rule it
 * breaks (docs/decisions/0033); the checks call their parts through `this`.
 */
export class SendChecks {
  constructor(private readonly templates: readonly Template[] = templateCatalogue) {}

  /** POST /v1/messages: to, from and message. */
  freeForm(body: Body): SendInput {
    return { to: this.recipient(body), from: this.sender(body), message: this.text(body) };
  }

  /** POST /v1/messages/send-template: to, optional from, a template (or its fallback) and optional metadata. */
  template(body: Body): SendInput {
    const to = this.templateRecipient(body);
    const from = this.templateSender(body);
    const fallback = optionalString(body, 'fallback');
    if (fallback !== undefined) checkText('fallback', fallback, MESSAGE_MAX);
    const metadata = this.metadata(body);
    const input = { template: requireString(body, 'template'), variant: optionalString(body, 'variant'), data: optionalObject(body, 'data'), fallback };
    const message = checkText('message', this.render(input), MESSAGE_MAX);
    return { to, from, message, ...(metadata ? { metadata } : {}) };
  }

  /** A free-form send's `to`: an E.164 number. */
  recipient(body: Body): string {
    return checkE164('to', requireString(body, 'to'));
  }

  /** A send-template's `to`: an E.164 number. */
  templateRecipient(body: Body): string {
    return checkE164('to', requireString(body, 'to'));
  }

  /** A free-form send's `from`: required. */
  sender(body: Body): string {
    return requireString(body, 'from');
  }

  /** A send-template's `from`: the shared number when absent (DESIGN §4: Starter must, Growth may). */
  templateSender(body: Body): string {
    return optionalString(body, 'from') ?? SHARED_NUMBER;
  }

  /** A free-form message: 1 to 1600 characters (spec §8). */
  text(body: Body): string {
    return checkText('message', requireString(body, 'message'), MESSAGE_MAX);
  }

  /** A send-template's optional metadata object. */
  metadata(body: Body): Record<string, unknown> | undefined {
    return optionalObject(body, 'metadata');
  }

  /** The text of a template, its variant and data (spec §4.1). */
  render(input: TemplateInput): string {
    return renderTemplate(input, this.templates);
  }
}
