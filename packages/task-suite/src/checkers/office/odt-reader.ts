import type { Document, Element } from '@xmldom/xmldom';
import type { DocumentModel, DocumentParagraph, DocumentRun } from './document-model.js';
import { OdfStyles } from './odf-styles.js';
import { attr, childElements, NS, odfText } from './zip-xml.js';

/**
 * Reads an ODF text document from its XML (content.xml and styles.xml of an .odt, or the one file of an .fodt):
 * the body's paragraphs, headings and list items with their runs, each run's formatting resolved through its
 * character styles and the paragraph style's chain of parents.
 */
export function readOdfText(content: Document, styles?: Document): DocumentModel {
  const table = new OdfStyles(styles, content);
  const body = childElements(content.documentElement!, NS.office, 'body')[0];
  const text = body ? childElements(body, NS.office, 'text')[0] : undefined;
  const model: DocumentModel = { paragraphs: [], tables: 0, text: '' };
  const lines: string[] = [];
  const visit = (parent: Element, inTable: boolean): void => {
    for (const el of childElements(parent)) {
      const local = el.localName;
      if (el.namespaceURI === NS.text && (local === 'p' || local === 'h')) {
        lines.push(odfText(el));
        if (!inTable) model.paragraphs.push(paragraphOf(el, table));
      } else if (el.namespaceURI === NS.table && local === 'table') {
        model.tables += 1;
        visit(el, true);
      } else if (
        el.namespaceURI === NS.text &&
        (local === 'tracked-changes' || local === 'sequence-decls' || local === 'variable-decls' || local === 'user-field-decls')
      )
        continue;
      else if (el.namespaceURI === NS.office && local === 'forms') continue;
      else visit(el, inTable);
    }
  };
  if (text) visit(text, false);
  model.text = lines.join('\n');
  return model;
}

function paragraphOf(el: Element, styles: OdfStyles): DocumentParagraph {
  const styleName = attr(el, NS.text, 'style-name');
  const paragraphSize = styles.sizeInPoints(styleName);
  const runs: DocumentRun[] = [];
  const flag = (key: 'bold' | 'italic' | 'underline', spans: string[]): boolean => {
    for (let i = spans.length - 1; i >= 0; i -= 1) {
      const v = styles.lookup('text', spans[i], key);
      if (v !== undefined) return v;
    }
    return styles.inherited(styleName, key) ?? false;
  };
  const push = (text: string, spans: string[]): void => {
    if (text === '') return;
    let size = paragraphSize;
    for (const span of spans) size = styles.textSizeInPoints(span, size);
    const last = runs.at(-1);
    const run: DocumentRun = { text, bold: flag('bold', spans), italic: flag('italic', spans), underline: flag('underline', spans), size };
    // Text of the same formatting in a row is one run.
    if (last && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline && last.size === run.size) last.text += text;
    else runs.push(run);
  };
  const walkInline = (parent: Element, spans: string[]): void => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3 || node.nodeType === 4) push(node.nodeValue ?? '', spans);
      if (node.nodeType !== 1) continue;
      const child = node as Element;
      const local = child.localName;
      if (child.namespaceURI === NS.text && local === 'span') walkInline(child, [...spans, attr(child, NS.text, 'style-name') ?? '']);
      else if (child.namespaceURI === NS.text && (local === 's' || local === 'tab' || local === 'line-break'))
        push(local === 's' ? ' '.repeat(Number(attr(child, NS.text, 'c') ?? '1')) : local === 'tab' ? '\t' : '\n', spans);
      else if (child.namespaceURI === NS.text && (local === 'note' || local === 'bookmark-ref')) continue;
      else if (child.namespaceURI === NS.office && local === 'annotation') continue;
      else if (child.namespaceURI === NS.draw) continue;
      else walkInline(child, spans);
    }
  };
  walkInline(el, []);
  const style = styles.displayName(styleName);
  return { text: odfText(el), runs, alignment: styles.inherited(styleName, 'alignment') ?? 'left', ...(style !== undefined ? { style } : {}) };
}
