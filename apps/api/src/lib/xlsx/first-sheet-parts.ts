import { SaxesParser } from 'saxes';

/**
 * Where the first sheet of a workbook and the parts it needs live, found as read-excel-file finds them (its
 * `parseSpreadsheetInfo` and `parseFilePaths`): the first `<sheet name>` of xl/workbook.xml, its relation in
 * xl/_rels/workbook.xml.rels, attribute names without their prefix. The limits are checked on exactly the
 * parts that the reader will read.
 */
export type FirstSheetParts = { sheet: string; sharedStrings: string; styles: string };

const RELATIONSHIP_TYPES = [
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/',
];

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 || name.startsWith('xmlns:') ? name : name.slice(colon + 1);
};

function eachElement(xml: string, onElement: (name: string, attributes: Record<string, string>) => void) {
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes as Record<string, string>))
      attributes[localName(name)] = value;
    onElement(localName(tag.name), attributes);
  });
  parser.write(xml).close();
}

const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/** The parts, or null when the workbook names no sheet; throws when either file is not XML. */
export function firstSheetParts(workbookXml: string, relationsXml: string): FirstSheetParts | null {
  let relationId: string | undefined;
  eachElement(workbookXml, (name, attributes) => {
    if (name === 'sheet' && attributes.name && relationId === undefined) relationId = attributes.id ?? '';
  });
  if (relationId === undefined) return null;
  const sheets = new Map<string, string>();
  const parts = { sharedStrings: 'xl/sharedStrings.xml', styles: 'xl/styles.xml' };
  eachElement(relationsXml, (name, { Id, Type, Target }) => {
    if (name !== 'Relationship' || Target === undefined) return;
    const base = RELATIONSHIP_TYPES.find((b) => Type?.startsWith(b));
    const kind = base ? Type!.slice(base.length) : null;
    if (kind === 'worksheet' && Id !== undefined) sheets.set(Id, partPath(Target));
    else if (kind === 'sharedStrings' || kind === 'styles') parts[kind] = partPath(Target);
  });
  const sheet = sheets.get(relationId);
  return sheet ? { sheet, ...parts } : null;
}
