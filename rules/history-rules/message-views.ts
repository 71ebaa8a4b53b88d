import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { MessageSighting } from '../model/message-model.js';
import type { ServiceModel } from '../model/service-model.js';
import { sameInstant } from '../model/timestamp-precision.js';

/** The requirements of the echo rule: each read view shows what the send asked for. */
export const messageEchoRequirements = ['MSG-GET-RESPONSE', 'MSG-LIST-ECHO'] as const;

/** The requirement of the views rule: every view shows one creation. */
export const messageViewRequirements = ['MSG-VIEWS-AGREE'] as const;

const echoed = ['to', 'from', 'message'] as const;
const readRequirement = { get: 'MSG-GET-RESPONSE', list: 'MSG-LIST-ECHO' } as const;

/**
 * spec §4.1, §1 "read them back": GET by id and every list item of a message the run sent free-form show exactly the
 * to, from and message the send asked for, whichever check read it (the send's own answer is MSG-SEND-ECHO's, judged
 * where it came). One contradiction per view and field.
 */
export function messageEcho(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(messageEchoRequirements);
  const { history } = model;
  for (const message of model.messages.byId.values()) {
    const asked = message.creation?.asked;
    if (asked === undefined) continue;
    for (const view of message.shown) {
      if (view.view === 'send') continue;
      const requirement = readRequirement[view.view];
      out.judged(requirement);
      const wrong = echoed.filter((field) => asked[field] !== undefined && view.fields[field] !== asked[field]);
      if (wrong.length > 0)
        out.contradiction(
          requirement,
          `${describeSeq(history, message.creation?.seq ?? view.seq)} sent message ${message.id} with ${wrong.map((field) => `${field} ${shown(asked[field])}`).join(', ')}; ${describeSeq(history, view.seq)} shows ${wrong.map((field) => `${field} ${shown(view.fields[field])}`).join(', ')}`,
          message.creation === undefined ? [] : [message.creation.seq],
          view.seq,
        );
    }
  }
  return out.build();
}

/**
 * spec §2.1: created_at is the message's creation time and direction how it was made, so the send's answer, GET by
 * id and the list show the same ones (created_at as the same instant, at the coarser precision of the two: a stamp
 * in another offset or with whole seconds is the same time). Each view is compared with the first that showed them.
 * So is platform_message_id once a view shows one (the platform's identifier, assigned once), and so are to, from and
 * message where the run did not ask for them (a template's text, the shared number, an inbound
 * message): no view may show other content than the first (where it asked, the echo rule judges each view).
 */
export function messageViews(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(messageViewRequirements);
  const { history } = model;
  for (const message of model.messages.byId.values()) {
    const asked = message.creation?.asked;
    const unasked = echoed.filter((field) => asked?.[field] === undefined);
    for (const field of ['created_at', 'direction', 'platform_message_id', ...unasked] as const) {
      // one pass over the views that show the field as a string: the first, then each later one against it
      let first: MessageSighting | undefined;
      let value = '';
      for (const view of message.shown) {
        const other = view.fields[field];
        if (typeof other !== 'string') continue;
        if (first === undefined) {
          first = view;
          value = other;
          continue;
        }
        out.judged('MSG-VIEWS-AGREE');
        if (field === 'created_at' ? sameInstant(value, other) : value === other) continue;
        out.contradiction(
          'MSG-VIEWS-AGREE',
          `${describeSeq(history, first.seq)} showed message ${message.id} with ${field} ${shown(value)}; ${describeSeq(history, view.seq)} shows ${shown(other)}`,
          [first.seq],
          view.seq,
        );
        break;
      }
    }
  }
  return out.build();
}

function shown(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
