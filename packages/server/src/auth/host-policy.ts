import { isIP } from 'node:net';

/**
 * Whether a request's `Host` header names this server. DNS rebinding points an attacker's domain at 127.0.0.1, so
 * the browser sends `Host: attacker.example` to the local server; refusing unknown names stops it. Allowed: no
 * Host (HTTP/1.0 tools), IP literals (a rebinding page cannot make the browser send one for its own domain),
 * `localhost`, and the names in `allowed` (exact, case-insensitive; `.example.com` also allows its subdomains;
 * `*` allows any).
 */
export function isHostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined || host === '') return true;
  if (allowed.includes('*')) return true;
  const name = hostnameOf(host);
  if (name === undefined) return false;
  if (isIP(name) !== 0 || name === 'localhost') return true;
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted.startsWith('.') ? name.endsWith(wanted) || name === wanted.slice(1) : name === wanted;
  });
}

/** The host name of a Host header (`name[:port]`, `[v6][:port]`), lower-cased; undefined when malformed. */
function hostnameOf(host: string): string | undefined {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) {
    const end = trimmed.indexOf(']');
    if (end < 0) return undefined;
    const rest = trimmed.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    return trimmed.slice(1, end);
  }
  const match = /^([a-z0-9.-]+)(?::\d{1,5})?$/.exec(trimmed);
  return match?.[1];
}
