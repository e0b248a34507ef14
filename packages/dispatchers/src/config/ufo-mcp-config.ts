/**
 * Reads the original UFO `config/ufo/mcp.yaml` shape (entries with `type: local | http | stdio`, `host`/`port`/
 * `path`, `start_args`) and rewrites it into ufo-ts's shape (`transport: in-process | http | stdio`, `url`,
 * `args`). Entries already in the new shape pass through untouched. A top-level `mcp:` key is unwrapped.
 */
export function fromUfoMcpConfig(raw: unknown): unknown {
  const root = isRecord(raw) && isRecord(raw['mcp']) && Object.keys(raw).length === 1 ? raw['mcp'] : raw;
  if (!isRecord(root)) return root;
  return mapValues(root, (roots) =>
    isRecord(roots)
      ? mapValues(roots, (lists) => (isRecord(lists) ? mapValues(lists, (servers) => (Array.isArray(servers) ? servers.map(convertEntry) : servers)) : lists))
      : roots,
  );
}

function convertEntry(entry: unknown): unknown {
  if (!isRecord(entry) || entry['transport'] !== undefined || typeof entry['type'] !== 'string') return entry;
  const base: Record<string, unknown> = { namespace: entry['namespace'] };
  if (entry['reset'] !== undefined) base['reset'] = entry['reset'];
  if (entry['timeouts'] !== undefined) base['timeouts'] = entry['timeouts'];
  switch (entry['type']) {
    case 'local':
      return { ...base, transport: 'in-process', factory: entry['factory'] ?? entry['namespace'] };
    case 'http': {
      const host = entry['host'] ?? 'localhost';
      const port = entry['port'] ?? 8000;
      const path = entry['path'] ?? '/mcp';
      const out: Record<string, unknown> = { ...base, transport: 'http', url: `http://${String(host)}:${String(port)}${String(path)}` };
      if (entry['headers'] !== undefined) out['headers'] = entry['headers'];
      return out;
    }
    case 'stdio': {
      const out: Record<string, unknown> = { ...base, transport: 'stdio', command: entry['command'] };
      const args = entry['args'] ?? entry['start_args'];
      if (args !== undefined) out['args'] = args;
      if (entry['env'] !== undefined) out['env'] = entry['env'];
      if (entry['cwd'] !== undefined) out['cwd'] = entry['cwd'];
      return out;
    }
    default:
      return entry; // left for the schema to reject with a clear message
  }
}

function mapValues(record: Record<string, unknown>, fn: (value: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) out[key] = fn(value);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
