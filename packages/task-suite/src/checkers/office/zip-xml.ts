import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';

/** The XML namespaces the checkers read. */
export const NS = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  style: 'urn:oasis:names:tc:opendocument:xmlns:style:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
  draw: 'urn:oasis:names:tc:opendocument:xmlns:drawing:1.0',
  presentation: 'urn:oasis:names:tc:opendocument:xmlns:presentation:1.0',
  fo: 'urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0',
  w: 'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  sheet: 'http://schemas.openxmlformats.org/spreadsheetml/2006/main',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  rel: 'http://schemas.openxmlformats.org/package/2006/relationships',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
} as const;

/** The parts of a zip package (an ODF or OOXML file), read on demand as XML. */
export interface ZipPackage {
  /** Whether the package holds a part. */
  has(name: string): boolean;
  /** A part parsed as XML; undefined when it is absent. */
  xml(name: string): Document | undefined;
}

/** Opens an office file (a zip package) from disk. */
export function openPackage(path: string): ZipPackage {
  const files = unzipSync(readFileSync(path));
  const decoder = new TextDecoder();
  return {
    has: (name) => name in files,
    xml: (name) => (name in files ? parseXml(decoder.decode(files[name])) : undefined),
  };
}

/** Parses XML text (throws on malformed XML). */
export function parseXml(text: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`malformed XML: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
}

/** The element children of a node with a namespace and local name (any when omitted). */
export function childElements(parent: Element | Document, ns?: string, local?: string): Element[] {
  const out: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const el = node as Element;
    if ((ns === undefined || el.namespaceURI === ns) && (local === undefined || el.localName === local)) out.push(el);
  }
  return out;
}

/** The descendants of a node with a namespace and local name, in document order. */
export function descendants(parent: Element | Document, ns: string, local: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, local));
}

/** An attribute by namespace and local name; undefined when absent. */
export function attr(el: Element, ns: string, local: string): string | undefined {
  return el.hasAttributeNS(ns, local) ? (el.getAttributeNS(ns, local) ?? undefined) : undefined;
}

/**
 * The text of an ODF text element: `text:s` is spaces (`text:c` of them), `text:tab` a tab, `text:line-break` a
 * line break; notes and annotations are left out.
 */
export function odfText(el: Element): string {
  let out = '';
  for (let node = el.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3 || node.nodeType === 4) out += node.nodeValue ?? '';
    if (node.nodeType !== 1) continue;
    const child = node as Element;
    if (child.namespaceURI === NS.text && child.localName === 's') out += ' '.repeat(Number(attr(child, NS.text, 'c') ?? '1'));
    else if (child.namespaceURI === NS.text && child.localName === 'tab') out += '\t';
    else if (child.namespaceURI === NS.text && child.localName === 'line-break') out += '\n';
    else if (child.namespaceURI === NS.text && (child.localName === 'note' || child.localName === 'bookmark-ref')) continue;
    else if (child.namespaceURI === NS.office && child.localName === 'annotation') continue;
    else out += odfText(child);
  }
  return out;
}

/** The text of an element: the concatenated text of every descendant element with that name (`a:t`, `w:t`). */
export function textOfAll(el: Element | Document, ns: string, local: string): string {
  return descendants(el, ns, local)
    .map((t) => t.textContent ?? '')
    .join('');
}
