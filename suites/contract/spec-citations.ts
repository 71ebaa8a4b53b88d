import { schemas } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import { successResponse } from '../../rules/index.js';

/**
 * Spec requirements that a contract check proves although openapi.yaml does not cite them per keyword: the
 * path prefix (spec §9), the Message field rules (spec §2.1), the accepted boundaries and the type rules of §4.1.
 */

/** Every valid request goes to `/v1/...` on the base address; a 2xx proves the operation is served there (spec §9). */
const everyOperation = ['VER-PATH-PREFIX'];

/** What a valid Message answer (alone or in a list) proves (spec §2.1). */
const messageAnswer = ['MSG-FIELD-TYPES', 'MSG-FIELD-TO-E164', 'MSG-CREATED-AT-DATETIME'];

/** What an operation's positive boundaries prove: the 1600-character message, the send-template without `from`. */
const acceptedBoundaries: Readonly<Record<string, readonly string[]>> = {
  sendMessage: ['MSG-SEND-MESSAGE-AT-MAX'],
  sendTemplateMessage: ['TPL-FROM-OPTIONAL'],
};

/** The type rules of spec §4.1, by operation and negative-case id words (a non-string or non-integer is refused). */
const typeRules: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  sendMessage: { 'BODY-TO-TYPE': 'MSG-SEND-FIELD-TYPES', 'BODY-FROM-TYPE': 'MSG-SEND-FIELD-TYPES', 'BODY-MESSAGE-TYPE': 'MSG-SEND-FIELD-TYPES' },
  sendTemplateMessage: {
    'BODY-TEMPLATE-TYPE': 'TPL-FIELD-TYPES',
    'BODY-TO-TYPE': 'TPL-FIELD-TYPES',
    'BODY-FROM-TYPE': 'TPL-FIELD-TYPES',
    'BODY-VARIANT-TYPE': 'TPL-FIELD-TYPES',
    'BODY-FALLBACK-TYPE': 'TPL-FIELD-TYPES',
  },
  listMessages: { 'QUERY-PAGE-TYPE': 'MSG-LIST-PAGE-TYPE', 'QUERY-LIMIT-TYPE': 'MSG-LIST-LIMIT-TYPE' },
};

/** True when the success answer is a Message or the message list (spec §2.1, §2.2). */
function answersMessages(operation: Operation): boolean {
  const schema = JSON.stringify(successResponse(operation)?.schema ?? null);
  return schema === JSON.stringify(schemas.Message) || schema === JSON.stringify(schemas.MessageList);
}

/** The uncited requirements a valid 2xx answer of the operation proves (for its must-level positive check). */
export function positiveCitations(operation: Operation): string[] {
  return [...everyOperation, ...(answersMessages(operation) ? messageAnswer : []), ...(acceptedBoundaries[operation.id] ?? [])];
}

/** The uncited requirement a negative case of the operation proves, if any (`words` as in NegativeCase, e.g. BODY-TO-TYPE). */
export function negativeCitation(operation: Operation, words: string): string | undefined {
  return typeRules[operation.id]?.[words];
}
