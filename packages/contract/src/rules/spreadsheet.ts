/**
 * Texts the shop writes into files staff open in a spreadsheet (CSV exports, the import's problems). A cell
 * that starts with one of these is read by Excel, LibreOffice and Google Sheets as a formula, which can fetch
 * a URL or run a command (OWASP, "CSV Injection"): a buyer's company name or a product title is never meant
 * to run. The apostrophes before the character are looked past (see `defuseSpreadsheetText`).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * The text as a spreadsheet shows it without running it: a leading apostrophe when it starts as a formula
 * would (=, +, -, @, tab or carriage return). A text already behind apostrophes gets one more, so the import
 * gives back the apostrophe that was typed. Numbers are written as numbers and never pass through this.
 */
export function defuseSpreadsheetText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text as it was before `defuseSpreadsheetText`, for a file the shop wrote coming back as an import. */
export function restoreSpreadsheetText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
