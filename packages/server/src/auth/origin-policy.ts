const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Whether a request's `Origin` may talk to the server. No Origin (device clients, curl) is allowed; a browser
 * page is allowed only from a local origin (`http(s)://localhost|127.0.0.1|[::1]`) or one listed in `allowed`
 * (exact `scheme://host[:port]`, or `*` for any). This blocks cross-site WebSocket hijacking and DNS rebinding.
 */
export function isOriginAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined || origin === '') return true;
  if (allowed.includes('*')) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.has(url.hostname)) return true;
  return allowed.some((entry) => normalise(entry) === url.origin);
}

function normalise(entry: string): string {
  try {
    return new URL(entry).origin;
  } catch {
    return entry;
  }
}
