import { describe, expect, it } from 'vitest';
import { defuseSpreadsheetText, restoreSpreadsheetText } from './spreadsheet.js';

describe('defuseSpreadsheetText', () => {
  it('puts an apostrophe before a text a spreadsheet would run as a formula', () => {
    expect(defuseSpreadsheetText('=HYPERLINK("https://evil.example","Open")')).toBe(
      `'=HYPERLINK("https://evil.example","Open")`,
    );
    expect(defuseSpreadsheetText("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(defuseSpreadsheetText('-2+3')).toBe("'-2+3");
    expect(defuseSpreadsheetText('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(defuseSpreadsheetText('\t=1')).toBe("'\t=1");
    expect(defuseSpreadsheetText('\r=1')).toBe("'\r=1");
    // Already behind an apostrophe: one more, so the import gives back the apostrophe that was typed.
    expect(defuseSpreadsheetText("'=1")).toBe("''=1");
  });

  it('leaves every other text as it is, formula characters further in included', () => {
    for (const text of [
      '',
      'Poster A2',
      'KS000123',
      ' =1',
      '1+1',
      'a@b.example',
      "'quoted",
      "'",
      '포스터 = 1',
    ])
      expect(defuseSpreadsheetText(text)).toBe(text);
  });

  it('is undone by restoreSpreadsheetText, which leaves any other apostrophe alone', () => {
    for (const text of ['=1+2', '+82 10', '-5', '@home', '\tx', '\rx', 'plain', "'quoted", "'=1"])
      expect(restoreSpreadsheetText(defuseSpreadsheetText(text))).toBe(text);
    expect(restoreSpreadsheetText("'quoted")).toBe("'quoted");
    expect(restoreSpreadsheetText("'")).toBe("'");
  });
});
