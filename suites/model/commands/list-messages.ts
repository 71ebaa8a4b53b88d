import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { expectMessage, jsonObject } from '../expect-message.js';

/** Query parameters of GET /v1/messages (spec §4.1). */
export interface ListQuery {
  readonly page?: number;
  readonly limit?: number;
  readonly status?: string;
  readonly direction?: string;
}

const defaultLimit = 20; // spec §4.1

/** GET /v1/messages with a page, limit and filters: the envelope, the limit, the filters, and this run's messages as sent. */
export class ListMessages extends ModelCommand {
  constructor(readonly query: ListQuery) {
    super();
  }

  toString(): string {
    return `listMessages(${JSON.stringify(this.query)})`;
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const { page, limit, status, direction } = this.query;
    const exchange = await real.request({ method: 'GET', path: '/v1/messages', query: { page, limit, status, direction } });
    // a refused valid filter value breaks the filter's own rule (spec §4.1), at its level (issue 34)
    if (status !== undefined && exchange.status >= 400 && exchange.status < 500) real.refused('MSG-LIST-FILTER-STATUS', exchange, `the valid status=${status}`);
    real.must('MSG-LIST-RESPONSE', is2xx(exchange.status), `${answered(exchange)} to a valid list`, exchange);
    real.successStatus('ERR-READ-STATUS-200', 200, exchange);
    if (!is2xx(exchange.status)) return;
    const json = jsonObject(exchange);
    const data = json.data;
    real.must(
      'MSG-LIST-ENVELOPE',
      Array.isArray(data) && typeof json.pagination === 'object' && json.pagination !== null,
      'the list is not {data: [...], pagination: {...}}',
      exchange,
    );
    if (!Array.isArray(data)) return;
    real.schema(exchange, 'MessageList', 'MSG-LIST-RESPONSE', 'PAGE-OBJECT-FIELDS');
    const max = limit ?? defaultLimit;
    real.must(
      limit === undefined ? 'MSG-LIST-LIMIT-DEFAULT' : 'MSG-LIST-LIMIT-HONOURED',
      data.length <= max,
      `the list answered ${data.length} items for limit ${max}`,
      exchange,
    );
    const pagination = (json.pagination ?? {}) as Record<string, unknown>;
    real.should(
      'PAGE-OBJECT-ECHO',
      pagination.page === (page ?? 1) && pagination.limit === max,
      `pagination says page ${String(pagination.page)}, limit ${String(pagination.limit)} for page ${page ?? 1}, limit ${max}`,
      exchange,
    );
    for (const item of data as Record<string, unknown>[]) {
      if (status !== undefined)
        real.must('MSG-LIST-FILTER-STATUS', item?.status === status, `status=${status} listed a message with status ${JSON.stringify(item?.status)}`, exchange);
      if (direction !== undefined) {
        real.must(
          'MSG-LIST-FILTER-DIRECTION',
          item?.direction === direction,
          `direction=${direction} listed a message with direction ${JSON.stringify(item?.direction)}`,
          exchange,
        );
      }
      const own = typeof item?.id === 'string' ? model.message(item.id) : undefined;
      if (own)
        expectMessage(real, exchange, item, own, { shape: 'MSG-LIST-CONTAINS-CREATED', echo: 'MSG-LIST-CONTAINS-CREATED', outbound: 'MSG-SEND-OUTBOUND' });
    }
  }
}
