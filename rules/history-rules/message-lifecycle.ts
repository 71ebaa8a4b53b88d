import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { StatusSighting } from '../model/message-model.js';
import type { ServiceModel } from '../model/service-model.js';

/** The requirement of the lifecycle rule. */
export const messageLifecycleRequirements = ['MSG-LIFECYCLE'] as const;

// DESIGN.md §4 status lifecycle: queued -> pending -> sent -> delivered, or -> failed; the two ends are final
const rank: Readonly<Record<string, number>> = { queued: 0, pending: 1, sent: 2, delivered: 3, failed: 3 };

/**
 * A message's status moves only forward (spec §3, DESIGN.md §4), whichever view shows it: a send answer, GET by id,
 * a list item, or an event. A view that starts after another finished may show a later status (it advanced between
 * them, e.g. between a list and a GET) but never an earlier one, and never the other final status. An event says the
 * status was reached by the time it arrived, so it only ever sets the bar for views that start after it.
 */
export function messageLifecycle(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(messageLifecycleRequirements);
  const { history } = model;
  for (const message of model.messages.byId.values()) {
    const known = message.sightings.filter((sighting) => rank[sighting.status] !== undefined);
    if (known.length < 2) continue;
    const byEnd = [...known].sort((a, b) => a.finishedAt - b.finishedAt);
    const byStart = known.filter((sighting) => sighting.view !== 'event').sort((a, b) => a.startedAt - b.startedAt);
    let best: StatusSighting | undefined;
    let next = 0;
    for (const view of byStart) {
      while (next < byEnd.length && (byEnd[next] as StatusSighting).finishedAt < view.startedAt) {
        const done = byEnd[next++] as StatusSighting;
        if (best === undefined || (rank[done.status] as number) > (rank[best.status] as number)) best = done;
      }
      if (best === undefined) continue;
      out.judged('MSG-LIFECYCLE');
      const back = (rank[view.status] as number) < (rank[best.status] as number);
      const otherEnd = rank[view.status] === 3 && rank[best.status] === 3 && view.status !== best.status;
      if (back || otherEnd)
        out.contradiction(
          'MSG-LIFECYCLE',
          `${describeSeq(history, best.seq)} showed message ${message.id} ${best.status}; ${describeSeq(history, view.seq)}, started after, shows it ${view.status}, which ${back ? 'goes back' : 'is the other final status'}`,
          [best.seq],
          view.seq,
        );
    }
  }
  return out.build();
}
