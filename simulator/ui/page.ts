import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

let template: string | null = null;

function asset(name: string): string {
  return readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
}

/** The page with its stylesheet and script inlined: one self-contained document, no external assets. */
function pageTemplate(): string {
  if (template !== null) return template;
  const script = asset('app.js');
  const style = asset('style.css');
  // a closing tag inside the inlined text would end the element early
  if (/<\/script/i.test(script) || /<\/style/i.test(style))
    throw new Error('simulator UI assets must not contain </script> or </style>: fix simulator/ui/assets');
  template = asset('page.html')
    .replace('/*STYLE*/', () => style)
    .replace('/*SCRIPT*/', () => script);
  return template;
}

/**
 * Sends the virtual-phone page. A per-response nonce lets only the inlined script and style run
 * (Content-Security-Policy), a second line of defence behind the script's text-only rendering.
 */
export function renderPage(res: ServerResponse): void {
  const nonce = randomBytes(16).toString('base64');
  const html = Buffer.from(pageTemplate().replaceAll('{{NONCE}}', nonce), 'utf8');
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': html.length,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      'img-src data:',
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  });
  res.end(html);
}
