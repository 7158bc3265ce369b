/**
 * The text of an uploaded spreadsheet file, whatever its encoding: UTF-8 with or without a byte order mark,
 * UTF-16 (Excel's "Unicode text"), or the Korean code page CP949/EUC-KR that Korean Excel uses for "CSV".
 * Workbooks (.xlsx, .xls) and files that are not text in any of these encodings are refused with a reason.
 */
export type SpreadsheetText =
  | { ok: true; text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'cp949' }
  | { ok: false; problem: string };

const starts = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

const decode = (label: string, bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
};

export function readSpreadsheetText(bytes: Uint8Array): SpreadsheetText {
  if (starts(bytes, 0x50, 0x4b, 0x03, 0x04)) {
    return {
      ok: false,
      problem:
        'This file is an Excel workbook (.xlsx), not a CSV file: in Excel choose Save As, "CSV UTF-8 (Comma delimited)", and import that file.',
    };
  }
  if (starts(bytes, 0xd0, 0xcf, 0x11, 0xe0)) {
    return {
      ok: false,
      problem:
        'This file is an old Excel workbook (.xls), not a CSV file: in Excel choose Save As, "CSV UTF-8 (Comma delimited)", and import that file.',
    };
  }
  if (starts(bytes, 0xff, 0xfe)) {
    const text = decode('utf-16le', bytes);
    if (text !== null) return { ok: true, text, encoding: 'utf-16le' };
  }
  if (starts(bytes, 0xfe, 0xff)) {
    const text = decode('utf-16be', bytes);
    if (text !== null) return { ok: true, text, encoding: 'utf-16be' };
  }
  const utf8 = decode('utf-8', bytes);
  if (utf8 !== null) return { ok: true, text: utf8, encoding: 'utf-8' };
  // WHATWG's 'euc-kr' decoder is Windows code page 949, the superset Korean Excel writes.
  const korean = decode('euc-kr', bytes);
  if (korean !== null) return { ok: true, text: korean, encoding: 'cp949' };
  return {
    ok: false,
    problem:
      'The file is not text the shop can read (neither UTF-8 nor Korean CP949/EUC-KR): in Excel choose Save As, "CSV UTF-8 (Comma delimited)", and import that file.',
  };
}
