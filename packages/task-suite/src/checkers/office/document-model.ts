import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { alignmentOf, resolveSize } from './odf-styles.js';
import { readOdfText } from './odt-reader.js';
import { parseOffice, walk, type AstNode } from './parse-office.js';
import { attr, descendants, NS, openPackage, parseXml } from './zip-xml.js';

/** One text run of a paragraph with its effective formatting (direct formatting over the paragraph style's). */
export interface DocumentRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** Points. */
  size: number;
}

/** One paragraph (or heading, or list item) of a document's body. */
export interface DocumentParagraph {
  text: string;
  runs: DocumentRun[];
  alignment: 'left' | 'center' | 'right' | 'justify';
  /** The paragraph style's display name (`Heading 1`, `Text Body`), when it has one. */
  style?: string;
}

/** What the document checker reads from a text document. */
export interface DocumentModel {
  /** The body's paragraphs in order (headings and list items included, table cells not). */
  paragraphs: DocumentParagraph[];
  /** The number of tables. */
  tables: number;
  /** All the text (table cells included), a paragraph a line. */
  text: string;
}

/** The text document formats the checker reads. */
export const DOCUMENT_EXTENSIONS = ['.odt', '.fodt', '.docx'] as const;

/**
 * Reads a text document. A Word document (.docx) goes through officeparser, which resolves Word's styles into
 * each run's formatting; the display names of styles come from word/styles.xml. An ODF document (.odt, .fodt) is
 * read from its XML (see `readOdfText`): officeparser does not follow an automatic paragraph style to its
 * parent (`P1` → `Heading 1`), and drops a run's explicit "not bold" inside a bold paragraph style.
 *
 * @throws Error when the file is not a readable document of those formats.
 */
export async function readDocument(path: string): Promise<DocumentModel> {
  const ext = extname(path).toLowerCase();
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext))
    throw new Error(`${path}: not a text document the checker reads (${DOCUMENT_EXTENSIONS.join(', ')})`);
  if (ext === '.fodt') {
    const doc = parseXml(readFileSync(path, 'utf8'));
    return readOdfText(doc, doc);
  }
  const zip = openPackage(path);
  if (ext === '.odt') {
    const content = zip.xml('content.xml');
    if (!content) throw new Error('content.xml is missing');
    return readOdfText(content, zip.xml('styles.xml'));
  }
  const { content, metadata } = await parseOffice(path);
  const styleNames = docxStyleNames(zip.xml('word/styles.xml'));
  const defaultSize = resolveSize(metadata.formatting?.size ?? '') ?? 12;
  const isTable = (n: AstNode) => n.type === 'table';
  // A paragraph, heading or list item: a node of those types with no such node inside.
  const isParagraph = (n: AstNode) => PARAGRAPH_TYPES.has(n.type) && !(n.children ?? []).some((c) => PARAGRAPH_TYPES.has(c.type));
  const paragraphs: DocumentParagraph[] = [];
  for (const node of walk(content, isTable)) {
    if (!isParagraph(node)) continue;
    const styleName = typeof node.metadata?.style === 'string' ? node.metadata.style : undefined;
    const runs = [...walk(node.children ?? [])].filter((n) => n.type === 'text' && n.text !== undefined);
    const style = styleName === undefined ? undefined : (styleNames.get(styleName) ?? styleName);
    paragraphs.push({
      text: node.text ?? runs.map((r) => r.text).join(''),
      alignment: typeof node.metadata?.alignment === 'string' ? (alignmentOf(node.metadata.alignment) ?? 'left') : 'left',
      ...(style !== undefined ? { style } : {}),
      runs: runs.map((r) => ({
        text: r.text!,
        bold: r.formatting?.bold ?? false,
        italic: r.formatting?.italic ?? false,
        underline: r.formatting?.underline ?? false,
        size: (r.formatting?.size === undefined ? undefined : resolveSize(r.formatting.size, defaultSize)) ?? defaultSize,
      })),
    });
  }
  const all = [...walk(content)].filter(isParagraph).map((n) => n.text ?? '');
  return { paragraphs, tables: [...walk(content)].filter(isTable).length, text: all.join('\n') };
}

const PARAGRAPH_TYPES = new Set(['paragraph', 'heading', 'list']);

/** The display names of a Word document's styles by id (`Heading1` → `heading 1`). */
function docxStyleNames(styles: ReturnType<ReturnType<typeof openPackage>['xml']>): Map<string, string> {
  const names = new Map<string, string>();
  if (!styles) return names;
  for (const style of descendants(styles, NS.w, 'style')) {
    const id = attr(style, NS.w, 'styleId');
    const name = descendants(style, NS.w, 'name')[0];
    const value = name ? attr(name, NS.w, 'val') : undefined;
    if (id !== undefined && value !== undefined) names.set(id, value.replace(/^heading (\d)$/, 'Heading $1'));
  }
  return names;
}
