import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { OperationId } from '../../http/api-routes.js';
import type { Patches } from './patch.js';

/** Takes an operation's route away: the router then answers its path as it answers any other (404, or 405 with Allow). */
function unrouted(ref: ReferenceContext, operation: OperationId): void {
  ref.routes = ref.routes.filter((route) => route.operation !== operation);
}

/** The bad-json faults: a body the API cannot read is answered with another status. */
function unreadableBodyAnswered(status: number) {
  return ({ api }: ReferenceContext) =>
    around(api, 'readJson', (next, raw) => {
      try {
        return next(raw);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        throw status === 500 ? new ApiError(500, 'internal_error', 'could not read the request') : new ApiError(status, err.code, err.message);
      }
    });
}

/** The faults of the API's edges (spec §4, §7, §9): routes, request bodies, the error body, authentication's order. */
export const httpPatches: Patches = {
  'get-message-without-v1': ({ routes }) => {
    for (const route of routes) if (route.operation === 'getMessage') route.path = route.path.replace(/^\/v1/, '');
  },
  'simulator-no-template-route': (ref) => {
    if (ref.options.mode === 'simulator') unrouted(ref, 'sendTemplateMessage');
  },
  // a simulator written without the rotation route
  'simulator-no-rotate-route': (ref) => {
    if (ref.options.mode === 'simulator') unrouted(ref, 'rotateWebhookSecret');
  },
  'bad-json-200': unreadableBodyAnswered(200),
  'bad-json-500': unreadableBodyAnswered(500),
  // the object check uses typeof: a JSON null or array passes, and the operation meets it (and usually crashes: 500)
  'typeof-null-body': ({ api }) =>
    around(api, 'readJson', (next, raw) => {
      try {
        const value: unknown = JSON.parse(raw.toString('utf8'));
        if (value === null || Array.isArray(value)) return value as unknown as Record<string, unknown>;
      } catch {
        // not JSON: the API says so
      }
      return next(raw);
    }),
  'error-body-plain-text': ({ api }) => around(api, 'errorReply', (_, err) => ({ status: err.status, text: err.message, headers: err.headers })),
  'unlisted-method-404': ({ api }) => around(api, 'errorReply', (next, err) => next(err.status === 405 ? new ApiError(404, 'not_found', err.message) : err)),
  'unlisted-method-no-allow': ({ api }) => around(api, 'errorReply', (next, err) => next(err.status === 405 ? new ApiError(405, err.code, err.message) : err)),
  // the 401 is answered, but the write runs anyway (an auth middleware without `return`)
  'refused-write-runs': ({ api }) =>
    around(api, 'serve', async (next, request) => {
      try {
        return await next(request);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401 && request.method !== 'GET') {
          const route = api.router.match(request.method, request.path);
          await Promise.resolve({ ...request, params: route.params, apiKey: '', tier: 'growth' as const })
            .then(route.handler)
            .catch(() => undefined);
        }
        throw err;
      }
    }),
};
