import type { Context, Hono } from 'hono';
import { CONSOLE_HTML } from './console-page.js';
import { CONSOLE_JS } from './console-script.js';
import { CONSOLE_CSS } from './console-styles.js';

/**
 * The console's Content-Security-Policy: its own script and style sheet only, requests to this server only,
 * screenshots as blob URLs, no framing, no forms posting elsewhere.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function asset(c: Context, body: string, contentType: string): Response {
  return c.body(body, 200, {
    'content-type': contentType,
    'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  });
}

/**
 * Serves the web console at `/console/` (page, `console.js`, `console.css`). The files hold no key and no data:
 * the page asks for the API key and calls the key-protected API like any client.
 */
export function mountConsoleRoutes(app: Hono): void {
  app.get('/console', (c) => c.redirect('/console/', 302));
  app.get('/console/', (c) => asset(c, CONSOLE_HTML, 'text/html; charset=utf-8'));
  app.get('/console/console.js', (c) => asset(c, CONSOLE_JS, 'text/javascript; charset=utf-8'));
  app.get('/console/console.css', (c) => asset(c, CONSOLE_CSS, 'text/css; charset=utf-8'));
}
