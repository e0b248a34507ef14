import type { Document, Element } from '@xmldom/xmldom';
import { extname } from 'node:path';
import { parseOffice, walk, type AstNode } from './parse-office.js';
import { joinPart } from './sheet-model.js';
import { attr, childElements, descendants, NS, odfText, openPackage, textOfAll, type ZipPackage } from './zip-xml.js';

/** One slide as read. */
export interface Slide {
  /** The title placeholder's text (lines joined by a space); undefined when the slide has no title. */
  title?: string;
  /** All the slide's text (every text box), a paragraph a line. */
  text: string;
  /** The layout, named from the placeholders it has (see {@link layoutName}). */
  layout: string;
  /** The speaker notes' text. */
  notes: string;
}

/** The presentation formats the checker reads. */
export const SLIDES_EXTENSIONS = ['.odp', '.pptx'] as const;

/**
 * A layout's name from its placeholders: `title-slide` (title and subtitle), `title-only`, `title-content`,
 * `title-two-content`, `title-N-content`, `centered-text` (a subtitle alone), `content` (content without a
 * title) or `blank`.
 */
export function layoutName(placeholders: readonly string[]): string {
  const title = placeholders.some((p) => p === 'title' || p === 'ctrTitle');
  const subtitle = placeholders.some((p) => p === 'subtitle' || p === 'subTitle');
  const content = placeholders.filter((p) =>
    ['outline', 'object', 'body', 'obj', 'text', 'graphic', 'chart', 'table', 'pic', 'tbl', 'media', 'orgchart', 'dgm', 'clipArt', ''].includes(p),
  ).length;
  if (title && subtitle) return 'title-slide';
  if (title) return content === 0 ? 'title-only' : content === 1 ? 'title-content' : content === 2 ? 'title-two-content' : `title-${content}-content`;
  if (subtitle && content === 0) return 'centered-text';
  return content === 0 ? 'blank' : 'content';
}

/**
 * Reads a presentation (.odp or .pptx): speaker notes through officeparser; a .pptx's slide text through
 * officeparser too, an .odp's from its own XML (officeparser leaves out the bulleted lines of outline boxes); the
 * title placeholder and the layout of each slide from the raw XML, which officeparser does not give.
 *
 * @throws Error when the file is not a readable presentation of those formats.
 */
export async function readSlides(path: string): Promise<Slide[]> {
  const ext = extname(path).toLowerCase();
  if (!(SLIDES_EXTENSIONS as readonly string[]).includes(ext))
    throw new Error(`${path}: not a presentation the checker reads (${SLIDES_EXTENSIONS.join(', ')})`);
  const zip = openPackage(path);
  // an .odp's own XML has every text box's paragraphs, list items included (every outline box typed in Impress is
  // saved as a list)
  const odp = ext === '.odp';
  const raw = odp ? odpSlides(zip) : pptxSlides(zip);
  const { content } = await parseOffice(path);
  const parsed = content.filter((n) => n.type === 'slide');
  return raw.map((slide, i) => {
    const node = parsed[i];
    if (!node) return { ...slide, text: slide.text, notes: slide.notes };
    const text = odp ? slide.text || paragraphsText(node.children ?? []) : paragraphsText(node.children ?? []) || slide.text;
    return { ...slide, text, notes: paragraphsText(node.notes ?? []) || slide.notes };
  });
}

function paragraphsText(nodes: readonly AstNode[]): string {
  return [...walk(nodes)]
    .filter((n) => (n.type === 'paragraph' || n.type === 'heading') && n.text !== undefined)
    .map((n) => n.text!)
    .join('\n');
}

type RawSlide = { title?: string; text: string; layout: string; notes: string };

function odpSlides(zip: ZipPackage): RawSlide[] {
  const content = zip.xml('content.xml');
  if (!content) throw new Error('content.xml is missing');
  const layouts = odpLayouts(zip.xml('styles.xml'), content);
  return descendants(content, NS.draw, 'page').map((page) => {
    const frames = childElements(page, NS.draw, 'frame');
    const classes = frames.map((f) => attr(f, NS.presentation, 'class')).filter((c): c is string => c !== undefined);
    const titleFrame = frames.find((f) => attr(f, NS.presentation, 'class') === 'title');
    const layoutRef = attr(page, NS.presentation, 'presentation-page-layout-name');
    const placeholders = (layoutRef !== undefined ? layouts.get(layoutRef) : undefined) ?? classes;
    const notes = childElements(page, NS.presentation, 'notes')[0];
    const notesText = notes
      ? descendants(notes, NS.draw, 'frame')
          .filter((f) => attr(f, NS.presentation, 'class') === 'notes')
          .flatMap((f) => descendants(f, NS.text, 'p').map(odfText))
          .join('\n')
      : '';
    const text = frames.flatMap((f) => descendants(f, NS.text, 'p').map(odfText)).join('\n');
    return {
      ...(titleFrame ? { title: descendants(titleFrame, NS.text, 'p').map(odfText).join(' ') } : {}),
      text,
      layout: layoutName(placeholders),
      notes: notesText,
    };
  });
}

/** The placeholders of each presentation page layout (`AL2T1` → title, outline). */
function odpLayouts(...docs: ReadonlyArray<Document | undefined>): Map<string, string[]> {
  const layouts = new Map<string, string[]>();
  for (const doc of docs) {
    if (!doc) continue;
    for (const layout of descendants(doc, NS.style, 'presentation-page-layout')) {
      const name = attr(layout, NS.style, 'name');
      if (name)
        layouts.set(
          name,
          childElements(layout, NS.presentation, 'placeholder').map((p) => attr(p, NS.presentation, 'object') ?? ''),
        );
    }
  }
  return layouts;
}

function relTargets(zip: ZipPackage, part: string): Map<string, { target: string; type: string }> {
  const folder = part.slice(0, part.lastIndexOf('/'));
  const rels = zip.xml(`${folder}/_rels/${part.slice(part.lastIndexOf('/') + 1)}.rels`);
  const out = new Map<string, { target: string; type: string }>();
  for (const rel of rels ? descendants(rels, NS.rel, 'Relationship') : []) {
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    if (id && target) out.set(id, { target: target.startsWith('/') ? target.slice(1) : joinPart(folder, target), type: rel.getAttribute('Type') ?? '' });
  }
  return out;
}

/** The placeholder types of the shapes of a slide or layout part (`title`, `body`; `''` for an untyped content placeholder). */
function pptxPlaceholders(doc: Document | undefined): Array<{ type: string; shape: Element }> {
  if (!doc) return [];
  return descendants(doc, NS.p, 'sp').flatMap((shape) => {
    const ph = descendants(shape, NS.p, 'ph')[0];
    if (!ph) return [];
    const type = ph.getAttribute('type') ?? '';
    return ['dt', 'ftr', 'sldNum', 'hdr', 'sldImg'].includes(type) ? [] : [{ type, shape }];
  });
}

function shapeText(shape: Element): string {
  return descendants(shape, NS.a, 'p')
    .map((p) => textOfAll(p, NS.a, 't'))
    .join('\n');
}

function pptxSlides(zip: ZipPackage): RawSlide[] {
  const presentation = zip.xml('ppt/presentation.xml');
  if (!presentation) throw new Error('ppt/presentation.xml is missing');
  const rels = relTargets(zip, 'ppt/presentation.xml');
  return descendants(presentation, NS.p, 'sldId').map((entry) => {
    const part = rels.get(entry.getAttributeNS(NS.r, 'id') ?? '')?.target ?? '';
    const slide = zip.xml(part);
    const slideRels = [...relTargets(zip, part).values()];
    const layoutPart = slideRels.find((r) => r.type.endsWith('/slideLayout'))?.target;
    const notesPart = slideRels.find((r) => r.type.endsWith('/notesSlide'))?.target;
    const own = pptxPlaceholders(slide);
    const layoutPlaceholders = layoutPart ? pptxPlaceholders(zip.xml(layoutPart)).map((p) => p.type) : own.map((p) => p.type);
    const title = own.find((p) => p.type === 'title' || p.type === 'ctrTitle');
    const notes = notesPart
      ? pptxPlaceholders(zip.xml(notesPart))
          .filter((p) => p.type === 'body')
          .map((p) => shapeText(p.shape))
          .join('\n')
      : '';
    const text = slide ? descendants(slide, NS.p, 'sp').map(shapeText).filter(Boolean).join('\n') : '';
    return { ...(title ? { title: shapeText(title.shape).replace(/\n/g, ' ') } : {}), text, layout: layoutName(layoutPlaceholders), notes };
  });
}
