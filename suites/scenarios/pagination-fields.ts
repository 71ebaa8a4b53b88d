import { validate } from '../../spec/index.js';
import type { Check } from '../checks/index.js';
import { paginationCheck } from './pagination-check.js';
import { idsOf, listPage, walkPages, whileUnchanged } from './pagination-walk.js';
import type { ListPage } from './pagination-walk.js';

const limit = 7;
const defaultLimit = 20; // spec §4.1

/** spec §4.1: limit defaults to 20 and page to 1. */
const defaults = paginationCheck({
  id: 'PAGINATION-SCENARIO-DEFAULTS',
  // four spellings of the first page, and the pages that compare them
  estimate: { requests: 6, sends: 0 },
  title: `without limit the list answers ${defaultLimit} items; without page it answers page 1`,
  requirements: ['MSG-LIST-LIMIT-DEFAULT', 'MSG-LIST-PAGE-DEFAULT'],
  level: 'must',
  async run(ctx) {
    const read = await whileUnchanged(ctx, async () => ({
      plain: await listPage(ctx, {}),
      explicit: await listPage(ctx, { page: 1, limit: defaultLimit }),
      limitOnly: await listPage(ctx, { limit }),
      limitPage1: await listPage(ctx, { limit, page: 1 }),
    }));
    const { plain, explicit, limitOnly, limitPage1 } = read;
    ctx.expect(
      plain.items.length === defaultLimit,
      `GET /v1/messages without limit answered ${plain.items.length} items; the list holds more, so ${defaultLimit} were expected`,
      { exchange: plain.exchange, requirements: ['MSG-LIST-LIMIT-DEFAULT'] },
    );
    const same = (a: ListPage, b: ListPage): boolean => idsOf(a.items).join() === idsOf(b.items).join();
    ctx.expect(same(plain, explicit), 'GET /v1/messages without page and limit does not answer the items of page=1&limit=20', {
      exchange: plain.exchange,
      requirements: ['MSG-LIST-PAGE-DEFAULT'],
    });
    ctx.expect(same(limitOnly, limitPage1), `GET /v1/messages?limit=${limit} does not answer the items of page=1&limit=${limit}`, {
      exchange: limitOnly.exchange,
      requirements: ['MSG-LIST-PAGE-DEFAULT'],
    });
  },
});

/** DESIGN.md §4: pagination is {page, limit, total, has_more}, echoes the request and agrees with the pages. */
const totals = paginationCheck({
  id: 'PAGINATION-SCENARIO-TOTALS',
  // the plain page, the last page, the whole first 100, and about five pages asked for by number
  estimate: { requests: 8, sends: 0 },
  title: 'pagination carries page, limit, total and has_more, echoes the request and agrees with the pages',
  requirements: ['PAGE-OBJECT-FIELDS', 'PAGE-OBJECT-ECHO', 'PAGE-TOTAL-CONSISTENT'],
  level: 'should',
  async run(ctx) {
    const read = await whileUnchanged(ctx, async () => {
      const plain = await listPage(ctx, {});
      const pages = await walkPages(ctx, limit, 3);
      const total = pages[0]?.pagination?.total;
      const lastPage = typeof total === 'number' && total > 0 ? Math.ceil(total / limit) : undefined;
      const last = lastPage === undefined ? undefined : await listPage(ctx, { limit, page: lastPage });
      const whole = await listPage(ctx, { limit: 100 });
      return { plain, pages, last, lastPage, whole };
    });
    const asked: [ListPage, number, number][] = [[read.plain, 1, 20], ...read.pages.map((p, i): [ListPage, number, number] => [p, i + 1, limit])];
    if (read.last && read.lastPage !== undefined) asked.push([read.last, read.lastPage, limit]);
    let total: unknown;
    for (const [page, number, size] of asked) {
      const result = validate('Pagination', page.pagination);
      ctx.expect(result.valid, `the pagination object of page ${number} is not {page, limit, total, has_more}: ${result.errors.slice(0, 3).join('; ')}`, {
        exchange: page.exchange,
        requirements: ['PAGE-OBJECT-FIELDS'],
      });
      const p = page.pagination as { page: number; limit: number; total: number; has_more: boolean };
      ctx.expect(p.page === number && p.limit === size, `page ${number} with limit ${size} says page ${p.page}, limit ${p.limit}`, {
        exchange: page.exchange,
        requirements: ['PAGE-OBJECT-ECHO'],
      });
      total ??= p.total;
      ctx.expect(p.total === total, `pagination.total is ${p.total} on page ${number} but ${String(total)} on page 1`, {
        exchange: page.exchange,
        requirements: ['PAGE-TOTAL-CONSISTENT'],
      });
      const more = number * size < p.total;
      ctx.expect(p.has_more === more, `page ${number} of ${p.total} items with limit ${size} says has_more ${p.has_more}`, {
        exchange: page.exchange,
        requirements: ['PAGE-TOTAL-CONSISTENT'],
      });
    }
    if (read.whole.items.length < 100) {
      ctx.expect(total === read.whole.items.length, `pagination.total is ${String(total)} but the list holds ${read.whole.items.length} messages`, {
        exchange: read.whole.exchange,
        requirements: ['PAGE-TOTAL-CONSISTENT'],
      });
    }
  },
});

/** The pagination-object and default scenarios (spec §4.1; DESIGN.md §4). */
export const checks: readonly Check[] = [defaults, totals];
