import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageFolder, thisModuleFile } from '../../json/package-folder.js';

/** Text formatting of a node as officeparser gives it (the fields the checkers read). */
export interface AstFormatting {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** A size with its unit (`18pt`), or a percentage of the inherited size (`130%`). */
  size?: string;
}

/** A node of officeparser's content tree (the fields the checkers read). */
export interface AstNode {
  type: string;
  text?: string;
  children?: AstNode[];
  notes?: AstNode[];
  formatting?: AstFormatting;
  metadata?: Record<string, unknown>;
}

/**
 * The content tree officeparser reads from an office file (.odt, .ods, .odp, .docx, .xlsx, .pptx): paragraphs
 * with their text runs and direct formatting, sheets with their cells, slides with their notes. Loaded on first
 * use (the parser is large).
 */
export async function parseOffice(path: string): Promise<{ content: AstNode[]; metadata: { formatting?: AstFormatting } }> {
  const { OfficeParser } = await officeParser();
  const ast = await OfficeParser.parseOffice(readFileSync(path), {
    ignoreNotes: false,
    putNotesAtLast: false,
    ignoreHeadersAndFooters: true,
    ignoreComments: true,
    extractAttachments: false,
    ocr: false,
    fileType: extensionOf(path) as never,
  });
  return { content: ast.content as unknown as AstNode[], metadata: ast.metadata as { formatting?: AstFormatting } };
}

type OfficeParserModule = typeof import('officeparser');
let loading: Promise<OfficeParserModule> | undefined;

/** officeparser, loaded once. */
function officeParser(): Promise<OfficeParserModule> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<OfficeParserModule> {
  // required (its CommonJS build), never `import()`ed: a program that bundles this package and runs it from a V8
  // code cache (the `ufo` command) has no dynamic import once the cache is used. The bundle leaves the parser and
  // its PDF and OCR dependencies out: it is found from this package's folder, else from the code of this module (the
  // program that bundles it depends on the parser), else from the working directory.
  const folder = packageFolder();
  const file = thisModuleFile();
  const anchors = [...(folder === undefined ? [] : [join(folder, 'package.json')]), ...(file === undefined ? [] : [file]), join(process.cwd(), 'package.json')];
  let lastError: unknown;
  for (const anchor of anchors) {
    try {
      const loaded = createRequire(anchor)('officeparser') as OfficeParserModule & { default?: OfficeParserModule };
      return loaded.OfficeParser ? loaded : (loaded.default as OfficeParserModule);
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`officeparser could not be loaded: ${lastError instanceof Error ? lastError.message : String(lastError)}`, { cause: lastError });
}

function extensionOf(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1).toLowerCase();
}

/** Every node of a tree in document order, `skip` pruning subtrees (their nodes are not visited). */
export function* walk(nodes: readonly AstNode[], skip: (node: AstNode) => boolean = () => false): Generator<AstNode> {
  for (const node of nodes) {
    if (skip(node)) continue;
    yield node;
    if (node.children) yield* walk(node.children, skip);
  }
}
