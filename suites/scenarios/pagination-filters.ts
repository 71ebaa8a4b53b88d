import type { Message } from '../../spec/index.js';
import type { Check } from '../checks/index.js';
import { paginationCheck } from './pagination-check.js';
import { idsOf, scanMessages } from './pagination-walk.js';
import type { Scan } from './pagination-walk.js';

const maxPages = 10; // pages of 100 per scan: beyond 1000 messages only "every item matches" is checked

type Field = 'status' | 'direction';

const filterValues: Readonly<Record<Field, readonly string[]>> = {
  status: ['queued', 'pending', 'sent', 'delivered', 'failed'], // spec §4.1
  direction: ['inbound', 'outbound'],
};

/**
 * spec §4.1: ?<field>=X answers exactly the messages whose field is X. Statuses move on while the list is read, so a
 * message counts as missing only when the unfiltered list showed the same value before and after the filtered reads.
 */
function filterCheck(field: Field, requirement: string): Check {
  return paginationCheck({
    id: `PAGINATION-SCENARIO-FILTER-${field.toUpperCase()}`,
    // an unfiltered scan before and after, and a scan per filter value (about two pages each on a busy account)
    estimate: { requests: 2 + 2 * filterValues[field].length, sends: 0 },
    title: `?${field}=X answers every message whose ${field} is X and nothing else`,
    requirements: [requirement],
    level: 'must',
    async run(ctx) {
      const before = await scanMessages(ctx, { maxPages });
      const filtered = new Map<string, Scan>();
      for (const value of filterValues[field]) filtered.set(value, await scanMessages(ctx, { maxPages, query: { [field]: value } }));
      const after = await scanMessages(ctx, { maxPages });
      ctx.expect(before.items.length > 0, 'the unfiltered list is empty, so the filter cannot be checked');
      const later = new Map(after.items.map((m) => [m.id, m[field]]));
      const settled = before.items.filter((m) => later.get(m.id) === m[field]);
      const whole = before.complete && after.complete;
      for (const [value, scan] of filtered) {
        const stray = scan.items.find((m: Message) => m[field] !== value);
        ctx.expect(!stray, `?${field}=${value} answered message ${stray?.id ?? ''} whose ${field} is ${String(stray?.[field])}`);
        if (!whole || !scan.complete) continue;
        const answered = new Set(idsOf(scan.items));
        const missing = settled.filter((m) => m[field] === value && !answered.has(m.id));
        ctx.expect(missing.length === 0, `?${field}=${value} left out ${missing.length} matching message(s), e.g. ${missing[0]?.id ?? ''}`);
      }
      if (!whole) ctx.log(`the list holds over ${maxPages * 100} messages: only "every answered item matches" was checked`);
      ctx.log(`${before.items.length} messages; ${filterValues[field].map((v) => `${v}: ${filtered.get(v)?.items.length ?? 0}`).join(', ')}`);
    },
  });
}

/** The filter scenarios of GET /v1/messages (spec §4.1). */
export const checks: readonly Check[] = [filterCheck('status', 'MSG-LIST-FILTER-STATUS'), filterCheck('direction', 'MSG-LIST-FILTER-DIRECTION')];
