/** SVG files for upload tests: one clean drawing and hostile ones, each with why it is refused. */

const svg = (inner: string, attributes = '') =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`,
  );

/** `depth` groups, each inside the one before: a drawing exported from a design tool nests a few dozen. */
export const nestedSvg = (depth: number) => svg(`${'<g>'.repeat(depth)}<rect/>${'</g>'.repeat(depth)}`);

export const CLEAN_SVG = svg(
  '<title>Seal</title><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>' +
    '<circle id="dot" r="2"/></defs><style>circle { fill: url(#g); }</style>' +
    '<rect width="10" height="10" style="fill: #123456"/><use href="#dot" x="5" y="5"/>' +
    '<use xlink:href="#dot"/><a href="https://kshop.example/about"><text x="1" y="9">K &amp; Co</text></a>' +
    '<image width="1" height="1"/><image href="#dot"/><set attributeName="fill" to="red" begin="1s"/>' +
    '<circle r="1"><animate attributeName="opacity" values="0; 1" dur="1s"/>' +
    '<animateTransform attributeName="transform" type="rotate" to="90"/></circle>' +
    '<!-- <script>not markup</script> -->',
);

export const HOSTILE_SVGS: [string, Buffer, RegExp][] = [
  ['a plain <script>', svg('<script>alert(1)</script>'), /element <script>/],
  [
    '<x:script> in the SVG namespace',
    svg('<x:script>alert(1)</x:script>', ' xmlns:x="http://www.w3.org/2000/svg"'),
    /element <x:script>/,
  ],
  [
    '<h:script> in the XHTML namespace',
    svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
    /HTML element <h:script>/,
  ],
  ['<SCRIPT> in another case', svg('<SCRIPT xmlns="urn:other">alert(1)</SCRIPT>'), /element <SCRIPT>/],
  [
    'a script after 70 KB of padding',
    svg(`<desc>${'padding '.repeat(9000)}</desc><script>alert(1)</script>`),
    /element <script>/,
  ],
  ['an onload handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"'), /event handler onload/],
  [
    'an onclick handler in a prefix',
    svg('<rect p:onclick="alert(1)" xmlns:p="urn:p"/>'),
    /event handler p:onclick/,
  ],
  [
    '&#106;avascript: in an href',
    svg('<a href="&#106;avascript:alert(1)"><text>x</text></a>'),
    /href holds a script or data URL/,
  ],
  [
    'a javascript: URL split by entity-encoded whitespace and case',
    svg('<a xlink:href=" JaVa&#x09;Scr&#x0A;ipt&#58;alert(1)"><text>x</text></a>'),
    /xlink:href holds a script or data URL/,
  ],
  ['a data: URL in an image', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), /href holds/],
  ['a vbscript: URL', svg('<a href="vbscript:msgbox(1)"><text>x</text></a>'), /href holds/],
  [
    'a javascript: URL set by an animation',
    svg('<a href="#"><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'),
    /to holds a script or data URL/,
  ],
  [
    'a javascript: URL among animation values',
    svg('<a href="#"><animate attributeName="href" values="#a; javascript:alert(1)"/></a>'),
    /values holds/,
  ],
  [
    '<foreignObject> with HTML inside',
    svg(
      '<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
    ),
    /element <foreignObject>/,
  ],
  [
    'a DOCTYPE with entities (billion laughs)',
    Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
        '<svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
    ),
    /DOCTYPE/,
  ],
  [
    'a DOCTYPE naming an outside DTD',
    Buffer.from(
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
    ),
    /DOCTYPE/,
  ],
  ['<use> of another file', svg('<use href="https://evil.example/sprite.svg#x"/>'), /<use> refers outside/],
  ['<use> of a relative file', svg('<use xlink:href="other.svg#x"/>'), /<use> refers outside/],
  [
    'an event handler set by an animation',
    svg('<rect width="1" height="1"><set attributeName="onclick" to="alert(1)"/></rect>'),
    /<set> animates the event handler onclick/,
  ],
  [
    'an event handler animated in another case, spaced',
    svg('<rect><animate attributeName=" ONmouseover " values="alert(1)"/></rect>'),
    /<animate> animates the event handler ONmouseover/,
  ],
  [
    'an event handler in a prefix, animated',
    svg('<rect><animateTransform attributeName="p:onclick" to="alert(1)"/></rect>'),
    /<animateTransform> animates the event handler p:onclick/,
  ],
  [
    'a link animated to another target',
    svg('<a href="#"><animate attributeName="xlink:href" values="#a; #b"/><text>x</text></a>'),
    /<animate> animates the link xlink:href/,
  ],
  [
    'a link animated by <animateMotion>',
    svg('<a href="#"><animateMotion attributeName="href" to="https://evil.example"/></a>'),
    /<animateMotion> animates the link href/,
  ],
  ['a remote <image>', svg('<image href="https://evil.example/pixel.png"/>'), /<image> refers outside/],
  [
    'a remote <image> by xlink:href without a scheme',
    svg('<image xlink:href="//evil.example/pixel.png"/>'),
    /<image> refers outside/,
  ],
  [
    'a remote <feImage> in a filter',
    svg('<filter id="f"><feImage href="https://evil.example/x.png"/></filter>'),
    /<feImage> refers outside/,
  ],
  [
    'a remote paint in a fill',
    svg('<rect fill="url( https://evil.example/p.svg#g )"/>'),
    /fill loads a file from outside the document/,
  ],
  [
    'a remote font in a style',
    svg('<style>@font-face { src: u\\72l("https://evil.example/f.woff") }</style>'),
    /style loads a file from outside the document/,
  ],
  [
    'an external stylesheet instruction',
    Buffer.from(
      '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css" type="text/css"?><svg xmlns="http://www.w3.org/2000/svg"/>',
    ),
    /processing instruction <\?xml-stylesheet\?>/,
  ],
  ['a CSS @import', svg('<style>@import url(https://evil.example/x.css);</style>'), /style imports/],
  [
    'a CSS @import spelled with escapes',
    svg('<style><![CDATA[@\\69 mport "x.css";]]></style>'),
    /style imports/,
  ],
  [
    'a javascript: URL in a style attribute',
    svg('<rect style="fill: url(&quot;javascript:x&quot;)"/>'),
    /holds|style/,
  ],
  ['an HTML <link> stylesheet', svg('<link xmlns="urn:x" rel="stylesheet" href="x.css"/>'), /element <link>/],
  ['an <iframe>', svg('<iframe xmlns="urn:x" src="https://evil.example"/>'), /element <iframe>/],
  ['mismatched tags', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'), /not well-formed/],
  [
    'an unclosed attribute',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" a="1><rect/></svg>'),
    /not well-formed/,
  ],
  ['an undefined entity', svg('<text>&nbsp;</text>'), /not well-formed/],
  ['an HTML page', Buffer.from('<html><body><svg></svg></body></html>'), /root is not <svg>/],
  ['an <svg> outside the SVG namespace', Buffer.from('<svg><rect/></svg>'), /root is not <svg>/],
  [
    'another declared encoding',
    Buffer.from('<?xml version="1.0" encoding="UTF-7"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    /encoding/,
  ],
  ['30,000 nested groups (210 KB)', nestedSvg(30_000), /elements nested more than 256 levels deep/],
  ['bytes that are not UTF-8', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe, 0x3e]), /not UTF-8/],
];
