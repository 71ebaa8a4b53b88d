import type { MessagePage } from './message-model.js';

/** Consecutive pages of one filtered list read by one source: page 1, 2, ... each started after the one before ended. */
export interface PageWalk {
  readonly pages: readonly MessagePage[];
  /** The last page says it is the end: fewer items than the limit, or has_more false. */
  readonly complete: boolean;
}

/** The walks of a history's message pages (a page 1 starts one; a page that is not the next one of any walk starts none). */
export function pageWalks(pages: readonly MessagePage[]): PageWalk[] {
  const open = new Map<string, MessagePage[]>();
  const walks: MessagePage[][] = [];
  for (const page of [...pages].sort((a, b) => a.startedAt - b.startedAt)) {
    const key = [page.source, page.principal, page.status ?? '', page.direction ?? '', page.limit].join('\u0000');
    const walk = open.get(key);
    const last = walk?.at(-1);
    if (page.page === 1) {
      const started = [page];
      walks.push(started);
      open.set(key, started);
    } else if (walk !== undefined && last !== undefined && page.page === last.page + 1 && last.finishedAt < page.startedAt && !isLast(last)) {
      walk.push(page);
    }
  }
  return walks.map((walk) => ({ pages: walk, complete: isLast(walk.at(-1) as MessagePage) }));
}

/** True when a page says no page follows it. */
export function isLast(page: MessagePage): boolean {
  return page.items.length < page.limit || page.pagination?.has_more === false;
}
