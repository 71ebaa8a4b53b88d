import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { MESSAGE_MAX } from '../messages/send-checks.js';
import type { SimulatorApi } from '../simulator-api.js';
import { checkE164, checkText } from '../validation/fields.js';
import { openEventStream } from './event-stream.js';
import { readJsonObject, sendError, sendJson, UiRequestError } from './http-io.js';
import { renderPage } from './page.js';
import { safeTarget, UiState } from './ui-state.js';

type Route = (req: IncomingMessage, res: ServerResponse, params: string[], query: URLSearchParams) => Promise<void> | void;

function number(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new UiRequestError(400, 'validation_error', `${field} must be an E.164 phone number such as +14155550123`);
  return checkE164(field, value.trim());
}

function text(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new UiRequestError(400, 'validation_error', 'message must not be empty: type 1 to 1600 characters');
  return checkText('message', value, MESSAGE_MAX);
}

function pathNumber(raw: string): string {
  try {
    return number('phone number', decodeURIComponent(raw));
  } catch (err) {
    if (err instanceof URIError) throw new UiRequestError(400, 'validation_error', 'the phone number in the path is not valid percent-encoding');
    throw err;
  }
}

/**
 * Builds the virtual-phone UI (spec §1, §8 Development simulator): the page at `/`, JSON under `/ui/`
 * and a Server-Sent Events stream at `/ui/events`. Texts typed on a phone go through
 * `api.sendInbound`, so they are stored as inbound messages and sent as message.received (spec §6).
 */
export function createUiHandler(api: SimulatorApi): RequestListener {
  const state = new UiState(api);
  const routes: Record<string, Array<[RegExp, Route]>> = {
    GET: [
      [/^\/(?:index\.html)?$/, (_req, res) => renderPage(res)],
      [
        /^\/ui\/phones$/,
        (_req, res) =>
          sendJson(res, 200, {
            mode: api.mode,
            shared_number: api.sharedNumber,
            webhook_url: api.webhookUrl && safeTarget(api.webhookUrl),
            message_max: MESSAGE_MAX,
            phones: state.phones(),
          }),
      ],
      [
        /^\/ui\/messages$/,
        (_req, res, _p, query) => {
          const filter = query.get('number');
          sendJson(res, 200, { data: state.messages(filter === null || filter === '' ? undefined : number('number', filter)) });
        },
      ],
      [/^\/ui\/deliveries$/, (_req, res) => sendJson(res, 200, { data: state.deliveries() })],
      [/^\/ui\/events$/, (req, res) => openEventStream(api, state, req, res)],
    ],
    POST: [
      [
        /^\/ui\/phones$/,
        async (req, res) => {
          const phone = number('number', (await readJsonObject(req)).number);
          const added = state.addPhone(phone);
          sendJson(res, added ? 201 : 200, { number: phone, added });
        },
      ],
      [
        /^\/ui\/phones\/([^/]+)\/send$/,
        async (req, res, params) => {
          const from = pathNumber(params[0] ?? '');
          const body = await readJsonObject(req);
          const to = body.to === undefined || body.to === '' ? undefined : number('to', body.to);
          const message = api.sendInbound({ from, message: text(body.message), ...(to ? { to } : {}) });
          sendJson(res, 201, { data: state.view(message) });
        },
      ],
    ],
  };

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://ui.invalid');
    const method = req.method ?? 'GET';
    const match = (list: Array<[RegExp, Route]> = []) => {
      for (const [pattern, route] of list) {
        const m = pattern.exec(url.pathname);
        if (m) return { route, params: m.slice(1) };
      }
      return null;
    };
    const found = match(routes[method]);
    if (!found) {
      const allowed = Object.keys(routes).filter((m) => match(routes[m]));
      const err =
        allowed.length > 0
          ? new UiRequestError(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}: use ${allowed.join(' or ')}`)
          : new UiRequestError(404, 'not_found', `nothing at ${url.pathname}: the page is at / and the JSON endpoints under /ui/`);
      if (allowed.length > 0) res.setHeader('allow', allowed.join(', '));
      return sendError(res, err);
    }
    Promise.resolve()
      .then(() => found.route(req, res, found.params, url.searchParams))
      .catch((err: unknown) => {
        if (!res.headersSent) sendError(res, err);
        else res.destroy();
      });
  };
}
