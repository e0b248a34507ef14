const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Whether a request's `Origin` may talk to the server. No Origin (device clients, curl) is allowed; a browser
 * page is allowed only from a local origin (`http(s)://localhost|127.0.0.1|[::1]`) on the server's own port
 * (`serverPort`; any port when it is not given), or one listed in `allowed` (exact `scheme://host[:port]`, or
 * `*` for any). Another local port is another program's page. This blocks cross-site WebSocket hijacking; the
 * Host check (`isHostAllowed`) blocks DNS rebinding.
 */
export function isOriginAllowed(origin: string | undefined, allowed: readonly string[], serverPort?: number): boolean {
  if (origin === undefined || origin === '') return true;
  if (allowed.includes('*')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname)) {
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    if (serverPort === undefined || port === serverPort) return true;
  }
  return allowed.some((entry) => normalise(entry) === url.origin);
}

function normalise(entry: string): string {
  try {
    return new URL(entry).origin;
  } catch {
    return entry;
  }
}
