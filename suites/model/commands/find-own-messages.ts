import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { jsonObject } from '../expect-message.js';

const pageSize = 100; // spec §4.1: the largest limit
const maxPages = 10; // bounded: other checks add messages concurrently, so the list may be long

/** Pages through GET /v1/messages until every message this run created was seen (spec §1: messages can be read back). */
export class FindOwnMessages extends ModelCommand {
  override check(model: Readonly<MessagingModel>): boolean {
    return model.messages.length > 0;
  }

  toString(): string {
    return 'findOwnMessages()';
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const missing = new Set(model.messages.map((m) => m.id));
    for (let page = 1; page <= maxPages && missing.size > 0; page += 1) {
      const exchange = await real.request({ method: 'GET', path: '/v1/messages', query: { page, limit: pageSize } });
      real.must('MSG-LIST-RESPONSE', is2xx(exchange.status), `${answered(exchange)} to a valid list`, exchange);
      const data = jsonObject(exchange).data;
      real.must('MSG-LIST-ENVELOPE', Array.isArray(data), 'the list has no data array', exchange);
      if (!is2xx(exchange.status) || !Array.isArray(data)) return;
      for (const item of data as { id?: unknown }[]) if (typeof item?.id === 'string') missing.delete(item.id);
      const lastPage = data.length < pageSize;
      if (lastPage && missing.size > 0) {
        const labels = model.messages.filter((m) => missing.has(m.id)).map((m) => m.label);
        real.must(
          'MSG-LIST-CONTAINS-CREATED',
          false,
          `messages ${labels.join(', ')} were created but are not in GET /v1/messages (read up to page ${page})`,
          exchange,
        );
      }
      if (lastPage) return;
    }
    if (missing.size > 0) real.ctx.log(`findOwnMessages: ${missing.size} message(s) not within the first ${maxPages * pageSize} items; inconclusive`);
  }
}
