import { EndpointConfigError } from './errors.js';

/** Paths of single API operations that users often paste into a base URL; they are stripped. */
const OPENAI_OPERATION_SUFFIXES = ['/chat/completions', '/completions', '/responses', '/embeddings', '/models'];

/** Options of {@link normalizeOpenAIBaseUrl}. */
export interface NormalizeOpenAIBaseUrlOptions {
  /** Append `/v1` when the URL has no path (local servers such as Ollama, vLLM and LM Studio serve there). */
  ensureV1?: boolean;
}

/**
 * Normalises an OpenAI-style API root: accepts `https://api.openai.com/v1`, `…/v1/` or a pasted operation URL
 * (`…/v1/chat/completions`, `…/v1/responses`) and returns the root the SDK appends operations to. With
 * `ensureV1`, `http://host:11434` and Ollama's native `…/api` become `…/v1`. Throws {@link EndpointConfigError}
 * for anything that is not an absolute http(s) URL, carries credentials, or has a query string.
 */
export function normalizeOpenAIBaseUrl(input: string, options: NormalizeOpenAIBaseUrlOptions = {}): string {
  const url = parseHttpUrl(input, 'baseUrl');
  if (url.search) {
    throw new EndpointConfigError(
      `baseUrl must not have a query string (got ${JSON.stringify(input)}). For Azure OpenAI use ` +
        'createAzureOpenAIModel with `apiVersion` instead of `?api-version=`.',
    );
  }
  let path = stripSuffixes(trimSlashes(url.pathname), OPENAI_OPERATION_SUFFIXES);
  if (options.ensureV1) {
    path = path.replace(/\/api(\/(chat|generate))?$/, '');
    if (path === '') path = '/v1';
  }
  return `${url.origin}${path}`;
}

/**
 * Normalises an Anthropic API root: the SDK appends `/v1/messages`, so a pasted `…/v1` or `…/v1/messages` is
 * reduced to the host (and any proxy prefix before it).
 */
export function normalizeAnthropicBaseUrl(input: string): string {
  const url = parseHttpUrl(input, 'baseUrl');
  if (url.search) {
    throw new EndpointConfigError(`baseUrl must not have a query string (got ${JSON.stringify(input)})`);
  }
  const path = stripSuffixes(trimSlashes(url.pathname), ['/v1/messages', '/messages', '/v1']);
  return `${url.origin}${path}`;
}

/** An Azure OpenAI endpoint split into its parts. */
export interface AzureEndpoint {
  /** `https://<resource>.openai.azure.com` (no `/openai` path). */
  endpoint: string;
  /** Deployment named in a pasted URL, if any. */
  deployment?: string;
  /** `api-version` from a pasted URL, if any. */
  apiVersion?: string;
}

/**
 * Parses an Azure OpenAI endpoint. Accepts the resource root (`https://res.openai.azure.com/`), the `/openai` API
 * root, or a full pasted operation URL (`…/openai/deployments/<id>/chat/completions?api-version=…`), and
 * extracts the deployment and api-version from the latter.
 */
export function parseAzureEndpoint(input: string): AzureEndpoint {
  const url = parseHttpUrl(input, 'endpoint');
  const path = trimSlashes(url.pathname);
  const match = /^(.*?)\/openai(?:\/deployments\/([^/]+))?(?:\/.*)?$/.exec(path);
  const prefix = match ? match[1]! : stripSuffixes(path, OPENAI_OPERATION_SUFFIXES);
  const out: AzureEndpoint = { endpoint: `${url.origin}${prefix}` };
  if (match?.[2]) out.deployment = decodeURIComponent(match[2]);
  const apiVersion = url.searchParams.get('api-version');
  if (apiVersion) out.apiVersion = apiVersion;
  const otherParams = [...url.searchParams.keys()].filter((key) => key !== 'api-version');
  if (otherParams.length > 0) {
    throw new EndpointConfigError(`Azure endpoint has unexpected query parameters (${otherParams.join(', ')}): ${JSON.stringify(input)}`);
  }
  return out;
}

function parseHttpUrl(input: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch (error) {
    throw new EndpointConfigError(`${field} is not an absolute URL: ${JSON.stringify(input)} (expected e.g. https://api.openai.com/v1)`, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EndpointConfigError(`${field} must use http or https, got ${JSON.stringify(url.protocol)}`);
  }
  if (url.username || url.password) {
    throw new EndpointConfigError(`${field} must not contain credentials; pass the key as apiKey`);
  }
  if (url.hash) throw new EndpointConfigError(`${field} must not contain a #fragment: ${JSON.stringify(input)}`);
  return url;
}

function trimSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}

function stripSuffixes(path: string, suffixes: string[]): string {
  let out = path;
  for (let changed = true; changed;) {
    changed = false;
    for (const suffix of suffixes) {
      if (out.toLowerCase().endsWith(suffix)) {
        out = trimSlashes(out.slice(0, -suffix.length));
        changed = true;
      }
    }
  }
  return out;
}
