import { z } from 'zod';
import { ControlRefSchema } from '../grounded/reference-steps.js';

const texts = z.array(z.string());

/** `{ "check": "file" }`: a file exists (or not), holds some texts, or is exactly one text (trailing whitespace ignored). */
export const FileCheckerSchema = z
  .object({
    check: z.literal('file'),
    path: z.string().describe('The file (placeholders allowed: `{path:out.txt}`).'),
    exists: z.boolean().optional().describe('true (the default when nothing else is asked): the file must exist; false: it must not.'),
    contains: texts.optional().describe('Texts the file must contain.'),
    notContains: texts.optional().describe('Texts the file must not contain.'),
    equals: z.string().optional().describe('The whole text of the file (trailing whitespace ignored).'),
  })
  .strict();

/** One paragraph a document must have: some paragraph (or the one at `index`) matches every given field. */
export const ParagraphSpecSchema = z
  .object({
    text: z.string().optional().describe("The paragraph's whole text (trimmed)."),
    textContains: z.string().optional().describe("A part of the paragraph's text."),
    bold: z.boolean().optional().describe('true: every text run is bold (whitespace-only runs ignored); false: none is.'),
    italic: z.boolean().optional().describe('true: every text run is italic; false: none is.'),
    underline: z.boolean().optional().describe('true: every text run is underlined; false: none is.'),
    fontSize: z.number().positive().optional().describe('The font size of every text run, in points.'),
    alignment: z.enum(['left', 'center', 'right', 'justify']).optional().describe("The paragraph's alignment (`start` counts as left, `end` as right)."),
    style: z.string().optional().describe("The paragraph style's display name (`Heading 1`)."),
    index: z.number().int().min(1).optional().describe('Only the paragraph at this 1-based position (empty paragraphs count).'),
  })
  .strict();

/** `{ "check": "document" }`: a text document (.odt, .fodt, .docx): its text, paragraphs with their formatting, tables. */
export const DocumentCheckerSchema = z
  .object({
    check: z.literal('document'),
    path: z.string(),
    contains: texts.optional().describe("Texts the document's text must contain."),
    notContains: texts.optional().describe("Texts the document's text must not contain."),
    paragraphs: z.array(ParagraphSpecSchema).optional().describe('Paragraphs the document must have (each spec is matched on its own).'),
    paragraphCount: z.number().int().nonnegative().optional().describe('The number of non-empty paragraphs of the body (table cells not counted).'),
    tables: z.number().int().nonnegative().optional().describe('The number of tables.'),
  })
  .strict();

/** What one spreadsheet cell must hold. */
export const CellSpecSchema = z
  .object({
    value: z.union([z.number(), z.string(), z.boolean()]).optional().describe('The value: numbers compare with a 1e-9 relative tolerance, text exactly.'),
    formula: z.string().optional().describe('The formula (`=SUM(B2:B4)`), compared without case, spaces or the difference between `;` and `,`.'),
    text: z.string().optional().describe('The text the cell shows (its formatted value).'),
    bold: z.boolean().optional().describe("Whether the cell's text is bold."),
    empty: z.literal(true).optional().describe('The cell holds nothing.'),
  })
  .strict();

/** `{ "check": "sheet" }`: a spreadsheet (.ods, .fods, .xlsx, .csv): cells, sheet names, row count. */
export const SheetCheckerSchema = z
  .object({
    check: z.literal('sheet'),
    path: z.string(),
    sheet: z
      .union([z.string(), z.number().int().min(1)])
      .optional()
      .describe('The sheet by name or 1-based position (default: the first).'),
    cells: z
      .record(z.string().regex(/^\$?[A-Za-z]{1,3}\$?[1-9][0-9]*$/, 'a cell address like B5'), CellSpecSchema)
      .optional()
      .describe('Cells by address (`B5`).'),
    sheetNames: z.array(z.string()).optional().describe('The names of all sheets, in order.'),
    rowCount: z.number().int().nonnegative().optional().describe('The number of rows of the sheet up to its last non-empty one.'),
  })
  .strict();

/** What one slide must show. */
export const SlideSpecSchema = z
  .object({
    index: z.number().int().min(1).describe('The slide, 1-based.'),
    title: z.string().optional().describe("The title placeholder's text, exactly (trimmed)."),
    titleContains: z.string().optional().describe("A part of the title placeholder's text."),
    contains: texts.optional().describe("Texts the slide's text (every text box) must contain."),
    notContains: texts.optional().describe("Texts the slide's text must not contain."),
    layout: z
      .string()
      .optional()
      .describe(
        'The layout, from the placeholders the slide has: `blank`, `title-only`, `title-content`, `title-slide` (title and subtitle), `title-two-content`, `content`.',
      ),
    notes: z.string().optional().describe('A text the speaker notes contain.'),
  })
  .strict();

/** `{ "check": "slides" }`: a presentation (.odp, .fodp, .pptx): slide count, titles, texts, layouts, notes. */
export const SlidesCheckerSchema = z
  .object({
    check: z.literal('slides'),
    path: z.string(),
    count: z.number().int().nonnegative().optional().describe('The number of slides.'),
    slides: z.array(SlideSpecSchema).optional(),
    contains: texts.optional().describe('Texts some slide must contain.'),
  })
  .strict();

/** `{ "check": "csv" }`: a CSV file's rows or cells (quoted fields per RFC 4180). */
export const CsvCheckerSchema = z
  .object({
    check: z.literal('csv'),
    path: z.string(),
    rows: z.array(z.array(z.string())).optional().describe('Every row, exactly (a trailing empty line ignored).'),
    cells: z
      .record(z.string().regex(/^[A-Za-z]{1,3}[1-9][0-9]*$/, 'a cell address like B5'), z.string())
      .optional()
      .describe('Fields by cell address (`A1` = first field of the first row).'),
    delimiter: z.string().length(1).optional().describe('The field separator (default `,`).'),
  })
  .strict();

/** `{ "check": "settings" }`: one key of a settings file (INI, GLib keyfile or JSON). */
export const SettingsCheckerSchema = z
  .object({
    check: z.literal('settings'),
    path: z.string().describe('The settings file (`{config}/app/app.conf`).'),
    format: z
      .enum(['ini', 'keyfile', 'json'])
      .optional()
      .describe('`ini` (default) and `keyfile`: `[section]` and `key=value` lines; `json`: `key` is a dotted path.'),
    section: z.string().optional().describe('The `[section]` (ini/keyfile); without it the first such key of any section.'),
    key: z.string(),
    equals: z.string().describe('The value, as text (JSON values are compared by their JSON text, strings without quotes).'),
  })
  .strict();

/** `{ "check": "controls" }`: a control of a live window, read through AT-SPI, shows (or does not show) something. */
export const ControlsCheckerSchema = z
  .object({
    check: z.literal('controls'),
    window: z.string().optional().describe('A part of the window title (default: the focused window).'),
    control: ControlRefSchema.describe('The control, named like in a reference step (`role`, `name`, `shows`, `showsContaining`, `state`, ...).'),
    absent: z.boolean().optional().describe('true: no such control may be listed.'),
  })
  .strict();

/** A checker of a task file: reads the real state back after the session (see each `check` kind). */
export type Checker =
  | z.infer<typeof FileCheckerSchema>
  | z.infer<typeof DocumentCheckerSchema>
  | z.infer<typeof SheetCheckerSchema>
  | z.infer<typeof SlidesCheckerSchema>
  | z.infer<typeof CsvCheckerSchema>
  | z.infer<typeof SettingsCheckerSchema>
  | z.input<typeof ControlsCheckerSchema>
  | { check: 'all'; of: Checker[] }
  | { check: 'any'; of: Checker[] };

/**
 * A checker of a task file, discriminated on `check`: `file`, `document`, `sheet`, `slides`, `csv`, `settings`,
 * `controls`, and `all` / `any` of several.
 *
 * @example
 * ```ts
 * CheckerSchema.parse({ check: 'all', of: [{ check: 'file', path: '{path:a.txt}', contains: ['x'] }, { check: 'controls', control: { role: 'label', shows: 'Saved' } }] });
 * ```
 */
export const CheckerSchema: z.ZodType<Checker> = z.lazy(() =>
  z.discriminatedUnion('check', [
    FileCheckerSchema,
    DocumentCheckerSchema,
    SheetCheckerSchema,
    SlidesCheckerSchema,
    CsvCheckerSchema,
    SettingsCheckerSchema,
    ControlsCheckerSchema,
    z.object({ check: z.literal('all'), of: z.array(CheckerSchema).min(1).describe('Checkers that must all pass.') }).strict(),
    z.object({ check: z.literal('any'), of: z.array(CheckerSchema).min(1).describe('Checkers of which one must pass.') }).strict(),
  ]),
) as z.ZodType<Checker>;
