import { SaxesParser, type SaxesTagNS } from 'saxes';

/**
 * Whether an uploaded SVG is an inert drawing. An SVG opened on its own is a document that can run script,
 * load other documents and embed HTML, so the whole file is parsed as XML (namespaces resolved, entities
 * decoded) and anything that could act is refused. Files that are not well-formed XML are refused too:
 * what a browser would parse differently cannot be checked.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** Elements that run script, embed other documents or pull in resources, whatever their namespace. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'handler',
  'listener',
  'iframe',
  'frame',
  'frameset',
  'embed',
  'object',
  'applet',
  'link',
  'meta',
  'base',
]);

/**
 * Elements that draw another element or a picture by reference; outside the document they fetch whatever
 * they name, and a file opened on its own would tell that server who opened it and when.
 */
const REFERENCING_ELEMENTS = new Set(['use', 'image', 'feimage']);

/** Elements that set an attribute of another element while the drawing shows (SMIL animation). */
const ANIMATING_ELEMENTS = new Set(['set', 'animate', 'animatetransform', 'animatemotion', 'animatecolor']);

/**
 * How deep elements may nest. Drawings from design tools stay within a few dozen levels; past this the file
 * is refused as soon as the element opens, before its name is resolved or its attributes looked at.
 */
export const MAX_SVG_DEPTH = 256;

/** URL schemes that run script or carry a whole document of their own. */
const ACTIVE_SCHEME = /(?:^|[;,('"=])(?:javascript|vbscript|livescript|data):/;

/** CSS that imports a stylesheet or runs script in old engines. */
const ACTIVE_CSS = /@import|expression\(|-moz-binding|behavior:/;

/** A CSS url() of anything but a part of the document itself (`url(#gradient)`), read without whitespace. */
const OUTSIDE_URL = /url\((?!['"]?#|['"]?\))/;

/** What browsers ignore inside a URL scheme: ASCII whitespace and control characters anywhere. */
const normalize = (value: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();

/** CSS escapes (`\69`, `\i`) and comments can spell any keyword; undo them before looking. */
const unescapeCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\\([0-9a-f]{1,6})[ \t\r\n\f]?/gi, (_m, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/\\([\s\S])/g, '$1');

function cssProblem(css: string): string | null {
  const plain = normalize(unescapeCss(css));
  if (ACTIVE_CSS.test(plain)) return 'style imports or runs code';
  if (ACTIVE_SCHEME.test(plain)) return 'style uses a script or data URL';
  if (OUTSIDE_URL.test(plain)) return 'style loads a file from outside the document';
  return null;
}

class Refused extends Error {}

/** The prefixes every XML document has without declaring them. */
const BUILT_IN_PREFIXES = new Map([
  ['xml', 'http://www.w3.org/XML/1998/namespace'],
  ['xmlns', 'http://www.w3.org/2000/xmlns/'],
]);

/**
 * The namespace bindings in scope, one stack per prefix. saxes finds a prefix by walking up every open
 * element, so each element of a deep file cost as much as its depth (30,000 nested groups took 15 s); here a
 * name resolves in constant time at any depth, and saxes still checks the declarations themselves. It stands
 * in for the parser's public `resolve`, through which saxes 6 reads every prefix; were that to change, the
 * depth limit still bounds the walk.
 */
class NamespaceScope {
  private readonly stacks = new Map<string, string[]>();
  /** The declarations of the element whose attributes are being read: they apply to its own name. */
  private opening: Record<string, string> = {};

  start(tag: { ns: Record<string, string> }): void {
    this.opening = tag.ns;
  }

  resolve(prefix: string): string | undefined {
    return this.opening[prefix] ?? this.stacks.get(prefix)?.at(-1) ?? BUILT_IN_PREFIXES.get(prefix);
  }

  enter(tag: SaxesTagNS): void {
    for (const [prefix, uri] of Object.entries(tag.ns)) {
      const stack = this.stacks.get(prefix);
      if (stack) stack.push(uri);
      else this.stacks.set(prefix, [uri]);
    }
  }

  leave(tag: SaxesTagNS): void {
    for (const prefix of Object.keys(tag.ns)) this.stacks.get(prefix)?.pop();
  }
}

function checkElement(tag: SaxesTagNS, depth: number): void {
  const local = (tag.local ?? tag.name).toLowerCase();
  if (depth === 0 && (tag.uri !== SVG_NS || tag.local !== 'svg')) throw new Refused('the root is not <svg>');
  if (tag.uri === XHTML_NS) throw new Refused(`HTML element <${tag.name}>`);
  if (ACTIVE_ELEMENTS.has(local)) throw new Refused(`element <${tag.name}>`);
  for (const attribute of Object.values(tag.attributes)) {
    const name = attribute.local.toLowerCase();
    if (name.startsWith('on')) throw new Refused(`event handler ${attribute.name}`);
    const value = normalize(attribute.value);
    if (ACTIVE_SCHEME.test(value)) throw new Refused(`${attribute.name} holds a script or data URL`);
    if (name === 'style') {
      const problem = cssProblem(attribute.value);
      if (problem) throw new Refused(problem);
    }
    if (name === 'href' && REFERENCING_ELEMENTS.has(local) && !value.startsWith('#'))
      throw new Refused(`<${tag.name}> refers outside the document`);
    // Presentation attributes (fill, filter, mask, cursor) are CSS values: url() there fetches as in a style.
    if (value.includes('(') && OUTSIDE_URL.test(normalize(unescapeCss(attribute.value))))
      throw new Refused(`${attribute.name} loads a file from outside the document`);
  }
  // After the attributes, so a script URL in to/values is named as such first.
  if (ANIMATING_ELEMENTS.has(local)) animationProblem(tag);
}

/**
 * An animation may give its target an event handler (`onclick`) or point a link (`href`) somewhere new while
 * the drawing shows: what it sets is never an attribute of the file, so the checks above never see it.
 */
function animationProblem(tag: SaxesTagNS): void {
  for (const attribute of Object.values(tag.attributes)) {
    if (attribute.local.toLowerCase() !== 'attributename') continue;
    const target = normalize(attribute.value);
    const targetLocal = target.slice(target.lastIndexOf(':') + 1);
    if (targetLocal.startsWith('on'))
      throw new Refused(`<${tag.name}> animates the event handler ${attribute.value.trim()}`);
    if (targetLocal === 'href')
      throw new Refused(`<${tag.name}> animates the link ${attribute.value.trim()}`);
  }
}

/** Why an SVG file is refused, or null when it is an inert, well-formed drawing. */
export function svgProblem(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not UTF-8 text';
  }
  const parser = new SaxesParser({ xmlns: true, position: false });
  const scope = new NamespaceScope();
  parser.resolve = (prefix) => scope.resolve(prefix);
  const open: string[] = [];
  // Counted rather than looked up in `open`, so text costs the same at any depth.
  let openStyles = 0;
  let sawRoot = false;
  let css = '';
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding))
      throw new Refused(`declared encoding ${decl.encoding}`);
  });
  parser.on('doctype', () => {
    throw new Refused('a DOCTYPE (entity declarations)');
  });
  parser.on('processinginstruction', (pi) => {
    throw new Refused(`processing instruction <?${pi.target}?>`);
  });
  parser.on('opentagstart', (tag) => {
    if (open.length >= MAX_SVG_DEPTH)
      throw new Refused(`elements nested more than ${MAX_SVG_DEPTH} levels deep`);
    scope.start(tag);
  });
  parser.on('opentag', (tag) => {
    checkElement(tag, open.length);
    scope.enter(tag);
    sawRoot = true;
    const local = tag.local.toLowerCase();
    open.push(local);
    if (local === 'style') openStyles++;
  });
  parser.on('closetag', (tag) => {
    scope.leave(tag);
    if (open.pop() !== 'style') return;
    openStyles--;
    if (openStyles > 0) return;
    const problem = cssProblem(css);
    if (problem) throw new Refused(problem);
    css = '';
  });
  const collectCss = (chunk: string) => {
    if (openStyles > 0) css += chunk;
  };
  parser.on('text', collectCss);
  parser.on('cdata', collectCss);
  try {
    parser.write(text).close();
  } catch (err) {
    return err instanceof Refused ? err.message : `not well-formed XML (${(err as Error).message})`;
  }
  return sawRoot ? null : 'no <svg> element';
}
