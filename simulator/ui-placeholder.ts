import type { RequestListener } from 'node:http';
import type { SimulatorApi } from './simulator-api.js';

/** The UI server's page until the virtual-phone UI replaces it (option `ui.handler`). */
export function placeholderUi(api: SimulatorApi): RequestListener {
  return (_req, res) => {
    const count = api.listMessages().length;
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>SMS simulator</title></head><body>
<h1>SMS simulator</h1><p>The virtual-phone UI is not installed yet. The API is running (${count} messages so far).</p></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
    res.end(html);
  };
}
