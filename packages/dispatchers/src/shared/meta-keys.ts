/**
 * Keys ufo-ts puts in MCP `_meta` objects, shared by the tool-server helper (which writes them) and the
 * dispatcher (which reads them). Third-party servers simply do not set them.
 */

/** On a tool (`tools/list`): `'action' | 'data_collection'`, the tool's type whatever list its server is in. */
export const TOOL_TYPE_META_KEY = 'ufo/tool_type';

/** On a tool (`tools/list`): the tool's own default timeout in milliseconds. */
export const TOOL_TIMEOUT_META_KEY = 'ufo/timeout_ms';

/**
 * On a tool result: set to `'value'` when the helper wrapped a non-object return value as `{ value }` (MCP
 * structured content must be an object), so the dispatcher can unwrap exactly those results.
 */
export const RESULT_WRAPPED_META_KEY = 'ufo/wrapped';
