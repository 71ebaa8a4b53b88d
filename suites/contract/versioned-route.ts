import type { Exchange, RequestOptions } from '../../targets/index.js';
import { isSuccess } from '../checks/index.js';
import type { CheckContext } from '../checks/index.js';

const missingRoute = (exchange: Exchange): boolean => exchange.status === 404 || exchange.status === 405;

/**
 * A valid request answered 404/405: the operation is missing, and that breaks ERR-SUCCESS-2XX only, unless the same
 * GET without the /v1 prefix is served, which shows the operation at the wrong path (spec §9, VER-PATH-PREFIX). A
 * missing operation never fails VER-PATH-PREFIX (DESIGN.md §3 "blame only what broke"). Only GETs are re-sent
 * elsewhere: nothing with an effect goes to a path the contract does not name. No-op for any other answer.
 */
export async function expectVersionedRoute(ctx: CheckContext, request: RequestOptions, exchange: Exchange): Promise<void> {
  if (!missingRoute(exchange)) return;
  const unversioned = request.path.replace(/^\/v1(?=\/)/, '');
  if ((request.method ?? 'GET').toUpperCase() === 'GET' && unversioned !== request.path) {
    const elsewhere = await ctx.http.request({ ...request, path: unversioned });
    if (isSuccess(elsewhere)) {
      ctx.fail(
        `GET ${request.path} answered ${exchange.status}, but GET ${unversioned} answered ${elsewhere.status}: the operation is served without the /v1 prefix (spec §9)`,
        { exchange, requirements: ['VER-PATH-PREFIX', 'ERR-SUCCESS-2XX'] },
      );
    }
  }
  ctx.expectStatus(exchange, '2xx', undefined, { requirements: ['ERR-SUCCESS-2XX'] });
}
