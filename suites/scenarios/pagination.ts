import { validate } from '../../spec/index.js';
import { requirementById } from '../../spec/requirements.js';
import type { Check } from '../checks/index.js';
import { paginationCheck, paginationMinimum } from './pagination-check.js';
import { checks as fieldChecks } from './pagination-fields.js';
import { checks as containsChecks } from './pagination-contains.js';
import { idsOf, listPage, walkPages, whileUnchanged } from './pagination-walk.js';

const limit = 7; // odd, so pages do not line up with the default 20 or the maximum 100
const pageSize = 100;

/** spec §4.1: page selects a page and limit bounds it; every item is a Message. */
const pageSelects = paginationCheck({
  id: 'PAGINATION-SCENARIO-PAGE-SELECTS',
  title: `pages 1-3 with limit=${limit} hold at most ${limit} valid Messages each, and page 2 is not page 1`,
  requirements: ['MSG-LIST-RESPONSE', 'MSG-LIST-LIMIT-HONOURED'],
  level: 'must',
  async run(ctx) {
    const pages = await whileUnchanged(ctx, () => walkPages(ctx, limit, 3));
    pages.forEach(({ items, exchange }, index) => {
      ctx.expect(items.length <= limit, `page ${index + 1} with limit=${limit} answered ${items.length} items`, {
        exchange,
        requirements: ['MSG-LIST-LIMIT-HONOURED'],
      });
      items.forEach((item, at) => {
        const issue = validate('Message', item).issues[0];
        if (issue === undefined) return;
        // a field the list's baseline found wrong too folds under it (blocking.ts sameWrongShape: the same pointer)
        const breaks = issue.requirement !== undefined && requirementById(issue.requirement)?.level === 'must' ? issue.requirement : 'MSG-LIST-RESPONSE';
        ctx.fail(`page ${index + 1} holds an item that is not a Message: ${issue.path} ${issue.keyword}: ${issue.message}`, {
          exchange,
          requirements: [breaks],
          pointer: `/data/${at}${issue.path}`,
          fields: [issue.path.split('/').at(-1) ?? ''],
        });
      });
    });
    const [first, second] = pages.map((page) => idsOf(page.items).join(','));
    ctx.expect(second !== undefined && second !== '', `page 2 with limit=${limit} is empty although the list holds at least ${paginationMinimum} messages`, {
      exchange: pages[pages.length - 1]!.exchange,
      requirements: ['MSG-LIST-RESPONSE'],
    });
    ctx.expect(first !== second, `page=2 answered the same items as page=1 (limit=${limit}): the page parameter is ignored`, {
      exchange: pages[1]!.exchange,
      requirements: ['MSG-LIST-RESPONSE'],
    });
  },
});

/** Consecutive pages of an unchanged list neither overlap nor skip items; a page past the end is empty. */
const partition = paginationCheck({
  id: 'PAGINATION-SCENARIO-PARTITION',
  // the whole first page of 100, its pages of 7, and the page beyond the end
  estimate: { requests: 2 + Math.ceil(pageSize / limit), sends: 0 },
  title: `pages with limit=${limit} partition the list (no duplicates, no gaps) and the page past the end is empty`,
  requirements: ['PAGE-NO-OVERLAP', 'PAGE-BEYOND-LAST'],
  level: 'should',
  async run(ctx) {
    const read = await whileUnchanged(ctx, async () => {
      const whole = await listPage(ctx, { limit: pageSize, page: 1 });
      const complete = whole.items.length < pageSize;
      const covered = complete ? whole.items.length : Math.floor(pageSize / limit) * limit;
      const pages = await walkPages(ctx, limit, Math.ceil(covered / limit));
      const total = typeof whole.pagination?.total === 'number' ? whole.pagination.total : undefined;
      const count = complete ? whole.items.length : total;
      const beyond = count === undefined ? undefined : await listPage(ctx, { limit, page: Math.ceil(count / limit) + 1 });
      return { expected: idsOf(whole.items).slice(0, covered), pages, beyond };
    });
    const seen = new Map<string, number>();
    read.pages.forEach(({ items, exchange }, index) => {
      for (const id of idsOf(items)) {
        ctx.expect(!seen.has(id), `message ${id} is on page ${seen.get(id) ?? 0} and again on page ${index + 1} (limit=${limit})`, {
          exchange,
          requirements: ['PAGE-NO-OVERLAP'],
        });
        seen.set(id, index + 1);
      }
    });
    const walked = read.pages.flatMap((page) => idsOf(page.items)).slice(0, read.expected.length);
    const gap = read.expected.findIndex((id, at) => walked[at] !== id);
    ctx.expect(
      gap === -1,
      `item ${gap + 1} of the list is ${read.expected[gap] ?? '?'} with limit=${pageSize} but ${walked[gap] ?? 'missing'} when paging with limit=${limit}`,
      {
        exchange: read.pages[Math.floor(Math.max(gap, 0) / limit)]?.exchange ?? read.pages[0]!.exchange,
        requirements: ['PAGE-NO-OVERLAP'],
      },
    );
    if (!read.beyond) return ctx.log('the list is longer than one page of 100 and has no pagination.total: the page past the end was not checked');
    ctx.expect(read.beyond.items.length === 0, `the page past the end answered ${read.beyond.items.length} items`, {
      exchange: read.beyond.exchange,
      requirements: ['PAGE-BEYOND-LAST'],
    });
  },
});

/** The pagination and filter scenarios (spec §2.2, §4.1; DESIGN.md §4 pagination object). */
export const checks: readonly Check[] = [pageSelects, partition, ...fieldChecks, ...containsChecks];
