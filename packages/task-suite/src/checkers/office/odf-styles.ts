import type { Document, Element } from '@xmldom/xmldom';
import { attr, childElements, NS } from './zip-xml.js';

/** The character and paragraph properties the checkers read, as one style sets them. */
export interface StyleProps {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** `12pt`, or a percentage of the inherited size (`130%`). */
  size?: string;
  alignment?: 'left' | 'center' | 'right' | 'justify';
}

interface OdfStyle {
  name: string;
  displayName: string;
  parent?: string;
  automatic: boolean;
  props: StyleProps;
}

/**
 * The paragraph and text styles of an ODF document (its styles.xml and content.xml), with the inheritance
 * officeparser does not follow: an automatic style (`P1`) inherits from a named one (`Heading_20_1`), which
 * inherits from its parent, down to the document's default paragraph style.
 */
export class OdfStyles {
  private readonly styles = new Map<string, OdfStyle>();
  private defaults: StyleProps = {};

  constructor(...documents: ReadonlyArray<Document | undefined>) {
    for (const doc of documents) if (doc) this.read(doc);
  }

  private read(doc: Document): void {
    const root = doc.documentElement;
    if (!root) return;
    for (const section of childElements(root, NS.office)) {
      const automatic = section.localName === 'automatic-styles';
      if (section.localName !== 'styles' && !automatic) continue;
      for (const el of childElements(section, NS.style)) {
        const family = attr(el, NS.style, 'family');
        if (family !== 'paragraph' && family !== 'text') continue;
        if (el.localName === 'default-style' && family === 'paragraph') this.defaults = propsOf(el);
        if (el.localName !== 'style') continue;
        const name = attr(el, NS.style, 'name');
        if (name === undefined) continue;
        const parent = attr(el, NS.style, 'parent-style-name');
        this.styles.set(`${family}:${name}`, {
          name,
          displayName: attr(el, NS.style, 'display-name') ?? decodeStyleName(name),
          automatic,
          props: propsOf(el),
          ...(parent ? { parent } : {}),
        });
      }
    }
  }

  /** The display name of a paragraph style: of the first named (not automatic) style up its chain (`Heading 1`). */
  displayName(paragraphStyle: string | undefined): string | undefined {
    for (const style of this.chain('paragraph', paragraphStyle)) if (!style.automatic) return style.displayName;
    return paragraphStyle === undefined ? undefined : decodeStyleName(paragraphStyle);
  }

  /** A property as a paragraph style sets it or inherits it (the default paragraph style last). */
  inherited<K extends keyof StyleProps>(paragraphStyle: string | undefined, key: K): StyleProps[K] {
    return this.lookup('paragraph', paragraphStyle, key) ?? this.defaults[key];
  }

  /** A property as a style of a family (`paragraph`, `text`) sets it or inherits it from its parents; undefined when none does. */
  lookup<K extends keyof StyleProps>(family: 'paragraph' | 'text', name: string | undefined, key: K): StyleProps[K] {
    for (const style of this.chain(family, name)) if (style.props[key] !== undefined) return style.props[key];
    return undefined;
  }

  /** The font size in points a paragraph style gives (percentages resolved against the parent's size; 12 pt when none is set). */
  sizeInPoints(paragraphStyle: string | undefined): number {
    const sizes = [...this.chain('paragraph', paragraphStyle)].map((s) => s.props.size).filter((s): s is string => s !== undefined);
    if (this.defaults.size) sizes.push(this.defaults.size);
    let points = 12;
    for (const size of sizes.reverse()) points = resolveSize(size, points) ?? points;
    return points;
  }

  /** The font size in points a text (character) style gives over an inherited size. */
  textSizeInPoints(textStyle: string | undefined, inherited: number): number {
    const sizes = [...this.chain('text', textStyle)].map((s) => s.props.size).filter((s): s is string => s !== undefined);
    let points = inherited;
    for (const size of sizes.reverse()) points = resolveSize(size, points) ?? points;
    return points;
  }

  private *chain(family: string, name: string | undefined): Generator<OdfStyle> {
    const seen = new Set<string>();
    for (let current = name; current !== undefined && !seen.has(current);) {
      seen.add(current);
      const style = this.styles.get(`${family}:${current}`);
      if (!style) return;
      yield style;
      current = style.parent;
    }
  }
}

/** A size (`18pt`, `0.5in`, `130%`) in points, relative sizes against `inherited`; undefined when not a size. */
export function resolveSize(size: string, inherited = 12): number | undefined {
  const m = /^([\d.]+)\s*(pt|in|cm|mm|px|%)$/.exec(size.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const factor = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, px: 0.75, '%': inherited / 100 }[m[2] as 'pt'];
  return Math.round(n * factor * 100) / 100;
}

/** An ODF style name as people see it: `Heading_20_1` is `Heading 1` (`_xx_` is the character with hex code xx). */
export function decodeStyleName(name: string): string {
  return name.replace(/_([0-9a-fA-F]{2,4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The properties one style element sets itself. */
function propsOf(el: Element): StyleProps {
  const props: StyleProps = {};
  for (const p of childElements(el, NS.style, 'text-properties')) {
    const weight = attr(p, NS.fo, 'font-weight');
    if (weight !== undefined) props.bold = weight === 'bold' || Number(weight) >= 600;
    const style = attr(p, NS.fo, 'font-style');
    if (style !== undefined) props.italic = style === 'italic' || style === 'oblique';
    const underline = attr(p, NS.style, 'text-underline-style');
    if (underline !== undefined) props.underline = underline !== 'none';
    const size = attr(p, NS.fo, 'font-size');
    if (size !== undefined) props.size = size;
  }
  for (const p of childElements(el, NS.style, 'paragraph-properties')) {
    const align = attr(p, NS.fo, 'text-align');
    if (align !== undefined) props.alignment = alignmentOf(align);
  }
  return props;
}

/** An ODF or OOXML alignment value as left, center, right or justify. */
export function alignmentOf(value: string): StyleProps['alignment'] {
  const v = value.toLowerCase();
  if (v === 'center' || v === 'ctr') return 'center';
  if (v === 'end' || v === 'right' || v === 'r') return 'right';
  if (v === 'justify' || v === 'both' || v === 'just' || v === 'distribute') return 'justify';
  return 'left';
}

/** A style name compared loosely: `Heading 1`, `Heading1`, `heading 1` and `Heading_20_1` are the same. */
export function styleKey(name: string): string {
  return decodeStyleName(name)
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}
