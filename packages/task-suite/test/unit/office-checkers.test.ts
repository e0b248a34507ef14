import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Checker } from '../../src/checkers/checker-schema.js';
import { CheckerSchema } from '../../src/checkers/checker-schema.js';
import { normalizeFormula } from '../../src/checkers/office/formula.js';
import { layoutName } from '../../src/checkers/office/slides-model.js';
import { runChecker } from '../../src/checkers/run-checker.js';
import type { TaskWorkspace } from '../../src/task.js';

const FIXTURES = join(__dirname, '..', 'fixtures', 'office');
const fixture = (name: string) => join(FIXTURES, name);
const tmp = mkdtempSync(join(tmpdir(), 'office-checkers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ctx = { controls: () => Promise.resolve([]) } as unknown as TaskWorkspace;
/** Runs a checker (validated by the schema first, as a task file's is), reading once unless `retryMs` is given. */
const check = (checker: Checker, retryMs = 0) => runChecker(CheckerSchema.parse(checker), ctx, { retryMs });

describe('document checker', () => {
  for (const file of ['report.odt', 'report.docx']) {
    it(`${file}: passes on the formatting the file has`, async () => {
      const result = await check({
        check: 'document',
        path: fixture(file),
        contains: ['Revenue grew 12%', 'North'],
        notContains: ['Draft'],
        paragraphs: [
          { index: 1, text: 'Quarterly report', bold: true, style: 'Heading 1', fontSize: 24 },
          { text: 'Revenue grew 12%', bold: true, alignment: 'center' },
          { textContains: 'finance team', italic: true, bold: false },
          { text: 'Confidential', underline: true },
          { text: 'Big closing line', fontSize: 18, alignment: 'right' },
        ],
        paragraphCount: 7,
        tables: 1,
      });
      expect(result.passed, result.detail).toBe(true);
      expect(result.detail).toContain(`${file}: text`);
      expect(result.detail).toContain('paragraph 1 "Quarterly report" bold=true fontSize=24 style="Heading 1"');
    });

    it(`${file}: fails on what the file does not have, saying what it read`, async () => {
      const notBold = await check({ check: 'document', path: fixture(file), paragraphs: [{ textContains: 'Costs stayed flat', bold: true }] });
      expect(notBold.passed).toBe(false);
      expect(notBold.detail).toMatch(
        /no paragraph has textContains="Costs stayed flat" bold=true; nearest: paragraph 5 "Costs stayed flat, with one exception in travel\." bold=mixed/,
      );
      const mixedIsNotFalse = await check({ check: 'document', path: fixture(file), paragraphs: [{ textContains: 'Costs stayed flat', bold: false }] });
      expect(mixedIsNotFalse.passed).toBe(false);
      const wrongIndex = await check({ check: 'document', path: fixture(file), paragraphs: [{ index: 2, text: 'Quarterly report' }] });
      expect(wrongIndex).toMatchObject({ passed: false, detail: expect.stringContaining('paragraph 2 "Revenue grew 12%"') });
      const wrongAlign = await check({ check: 'document', path: fixture(file), paragraphs: [{ text: 'Confidential', alignment: 'center' }] });
      expect(wrongAlign.detail).toContain('alignment=left');
      expect((await check({ check: 'document', path: fixture(file), contains: ['Loss'] })).detail).toContain('lacks "Loss"');
      expect((await check({ check: 'document', path: fixture(file), tables: 2 })).detail).toContain('1 tables, expected 2');
      expect((await check({ check: 'document', path: fixture(file), paragraphs: [{ index: 1, style: 'Heading 2' }] })).passed).toBe(false);
    });
  }

  for (const file of ['minutes.odt', 'minutes.docx']) {
    it(`${file}: headings, list items and empty paragraphs; a plain word inside a bold heading`, async () => {
      const result = await check({
        check: 'document',
        path: fixture(file),
        paragraphs: [
          { index: 1, text: 'Minutes', style: 'Heading 2', bold: true },
          { index: 2, text: '' },
          { index: 3, text: 'First point' },
          { text: 'Second point', bold: false },
        ],
        paragraphCount: 4,
      });
      expect(result.passed, result.detail).toBe(true);
      const partly = await check({ check: 'document', path: fixture(file), paragraphs: [{ text: 'Partly plain heading', bold: true }] });
      expect(partly.passed).toBe(false);
      expect(partly.detail).toContain('bold=mixed');
    });
  }

  it('reads a flat ODF text document (.fodt) too', async () => {
    const path = join(tmp, 'flat.fodt');
    writeFileSync(
      path,
      `<?xml version="1.0"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"><office:automatic-styles><style:style style:name="P1" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-style="italic"/></style:style></office:automatic-styles><office:body><office:text><text:p text:style-name="P1">Flat<text:s text:c="2"/>file</text:p></office:text></office:body></office:document>`,
    );
    const result = await check({ check: 'document', path, paragraphs: [{ text: 'Flat  file', italic: true, alignment: 'center' }] });
    expect(result.passed, result.detail).toBe(true);
  });

  it('a missing or broken file is a failed check, not a throw', async () => {
    const started = Date.now();
    expect(await check({ check: 'document', path: join(tmp, 'none.odt'), contains: ['x'] }, 5000)).toEqual({
      passed: false,
      detail: `${join(tmp, 'none.odt')} does not exist`,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4500);
    const broken = join(tmp, 'broken.odt');
    writeFileSync(broken, 'not a zip');
    expect(await check({ check: 'document', path: broken, contains: ['x'] })).toMatchObject({
      passed: false,
      detail: expect.stringContaining('could not be read'),
    });
  }, 20_000);

  it('waits for the file to be written (an app saves asynchronously)', async () => {
    const path = join(tmp, 'late.odt');
    setTimeout(() => copyFileSync(fixture('report.odt'), path), 700);
    expect(await check({ check: 'document', path, contains: ['Quarterly report'] }, 5000)).toMatchObject({ passed: true });
  });
});

describe('sheet checker', () => {
  for (const file of ['budget.ods', 'budget.xlsx']) {
    it(`${file}: values, formulas (normalised), shown text, bold, sheet names, row count`, async () => {
      const result = await check({
        check: 'sheet',
        path: fixture(file),
        cells: {
          A1: { value: 'Item', bold: true },
          B2: { value: 1200, bold: false },
          B3: { value: 450.5000000001 },
          B5: { value: 1730.5, formula: '=SUM(B2:B4)', text: '1730.5' },
          B6: { formula: '=Notes!B1 * 2', value: 6 },
          B7: { formula: '=IF(B5>1000; "high"; "low")', value: 'high' },
          C1: { empty: true },
        },
        sheetNames: ['Budget', 'Notes'],
        rowCount: 7,
      });
      expect(result.passed, result.detail).toBe(true);
      expect(result.detail).toContain('B5=1730.5 formula "=SUM(B2:B4)"');
      const notes = await check({ check: 'sheet', path: fixture(file), sheet: 'Notes', cells: { B1: { value: 3 }, A2: { value: true } } });
      expect(notes.passed, notes.detail).toBe(true);
      expect((await check({ check: 'sheet', path: fixture(file), sheet: 2, cells: { A1: { text: 'Months' } } })).passed).toBe(true);
    });

    it(`${file}: fails on a wrong value, a constant where a formula is wanted, a wrong formula, not bold`, async () => {
      const wrong = await check({ check: 'sheet', path: fixture(file), cells: { B5: { value: 1730 } } });
      expect(wrong).toMatchObject({ passed: false, detail: expect.stringContaining('B5=1730.5') });
      const constant = await check({ check: 'sheet', path: fixture(file), cells: { B2: { formula: '=1200' } } });
      expect(constant).toMatchObject({ passed: false, detail: expect.stringContaining('B2=1200 (a constant, no formula)') });
      expect((await check({ check: 'sheet', path: fixture(file), cells: { B5: { formula: '=SUM(B2:B3)' } } })).passed).toBe(false);
      expect((await check({ check: 'sheet', path: fixture(file), cells: { A2: { bold: true } } })).detail).toContain('bold=false');
      expect((await check({ check: 'sheet', path: fixture(file), cells: { A2: { empty: true } } })).passed).toBe(false);
      expect((await check({ check: 'sheet', path: fixture(file), sheet: 'Summary', cells: { A1: { empty: true } } })).detail).toContain('no sheet "Summary"');
      expect((await check({ check: 'sheet', path: fixture(file), sheetNames: ['Budget'] })).detail).toContain('sheets ["Budget","Notes"], expected ["Budget"]');
      expect((await check({ check: 'sheet', path: fixture(file), cells: { A4: { value: 'Hotel' } } })).detail).toContain('A4="Travel"');
    });
  }

  it('budget.csv: values as numbers or text', async () => {
    const result = await check({
      check: 'sheet',
      path: fixture('budget.csv'),
      cells: { A4: { value: 'Travel, by train' }, B5: { value: 1730.5, text: '1730.5' }, C1: { empty: true } },
      rowCount: 5,
    });
    expect(result.passed, result.detail).toBe(true);
    expect((await check({ check: 'sheet', path: fixture('budget.csv'), cells: { B5: { formula: '=SUM(B2:B4)' } } })).passed).toBe(false);
  });

  it('normalises formulas: namespaces, ODF references, case, spaces, separators; string literals kept', () => {
    expect(normalizeFormula('of:=SUM([.B2:.B4])')).toBe('=SUM(B2:B4)');
    expect(normalizeFormula('sum(b2:b4)')).toBe('=SUM(B2:B4)');
    expect(normalizeFormula('of:=[$Sheet1.A1]+[$Sheet1.B1:.B3]')).toBe('=SHEET1!A1+SHEET1!B1:B3');
    expect(normalizeFormula("of:=[$'My sheet'.$A$1]")).toBe("='My sheet'!$A$1");
    expect(normalizeFormula('=IF(A1 > 1; "a; b" ; "c")')).toBe('=IF(A1>1,"a; b","c")');
    expect(normalizeFormula('=IF(A1>1,"x","y")')).not.toBe(normalizeFormula('=IF(A1>1,"X","y")'));
  });
});

describe('slides checker', () => {
  for (const file of ['deck.odp', 'deck.pptx']) {
    it(`${file}: count, titles, texts, layouts and notes`, async () => {
      const result = await check({
        check: 'slides',
        path: fixture(file),
        count: 4,
        slides: [
          { index: 1, title: 'Annual review', layout: 'title-slide', contains: ['2026 results'] },
          { index: 2, titleContains: 'Agen', layout: 'title-content', contains: ['Hiring'], notContains: ['Budget'], notes: 'under five minutes' },
          { index: 3, title: 'Questions?', layout: 'title-only' },
          { index: 4, layout: 'blank' },
        ],
        contains: ['Next steps'],
      });
      expect(result.passed, result.detail).toBe(true);
      expect(result.detail).toContain('slide 2 title "Agenda", layout title-content');
    });

    it(`${file}: fails on a wrong title, layout, note, count or missing slide`, async () => {
      expect((await check({ check: 'slides', path: fixture(file), slides: [{ index: 2, title: 'Agenda for today' }] })).detail).toContain(
        'slide 2 title "Agenda": title should be "Agenda for today"',
      );
      expect((await check({ check: 'slides', path: fixture(file), slides: [{ index: 3, layout: 'title-content' }] })).detail).toContain(
        'layout title-only: layout should be title-content',
      );
      expect((await check({ check: 'slides', path: fixture(file), slides: [{ index: 1, notes: 'hello' }] })).passed).toBe(false);
      expect((await check({ check: 'slides', path: fixture(file), count: 3 })).detail).toContain('4 slides, expected 3');
      expect((await check({ check: 'slides', path: fixture(file), slides: [{ index: 9 }] })).detail).toContain('no slide 9 (the presentation has 4)');
      expect((await check({ check: 'slides', path: fixture(file), slides: [{ index: 4, title: 'x' }] })).detail).toContain('title (none)');
    });
  }

  it('.odp: the bulleted lines of an outline box (a text:list, as Impress saves every outline) are slide text', async () => {
    const deck = new URL('../../tasks/impress/files/acme-pitch.odp', import.meta.url).pathname;
    expect((await check({ check: 'slides', path: deck, slides: [{ index: 2, titleContains: 'Acme', contains: ['Acme keeps three copies'] }] })).passed).toBe(
      true,
    );
    expect((await check({ check: 'slides', path: deck, slides: [{ index: 2, contains: ['Contoso keeps three copies'] }] })).passed).toBe(false);
  });

  it('names layouts from their placeholders', () => {
    expect(layoutName(['title', 'subtitle'])).toBe('title-slide');
    expect(layoutName(['ctrTitle', 'subTitle'])).toBe('title-slide');
    expect(layoutName(['title', 'outline'])).toBe('title-content');
    expect(layoutName(['title', ''])).toBe('title-content');
    expect(layoutName(['title', 'outline', 'outline'])).toBe('title-two-content');
    expect(layoutName(['title'])).toBe('title-only');
    expect(layoutName([])).toBe('blank');
    expect(layoutName(['subtitle'])).toBe('centered-text');
  });
});
