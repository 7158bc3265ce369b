import { describe, expect, it } from 'vitest';
import { CLEAN_SVG, HOSTILE_SVGS, nestedSvg } from '../test/svg-files.js';
import { svgProblem } from './svg-check.js';

describe('svgProblem', () => {
  it('accepts a clean drawing with styles, gradients, local <use>, links and comments', () => {
    expect(svgProblem(CLEAN_SVG)).toBeNull();
    expect(svgProblem(Buffer.from('\uFEFF<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('accepts groups nested 200 deep, and refuses the element that opens past 256 levels', () => {
    expect(svgProblem(nestedSvg(200))).toBeNull();
    // The root is level 1 and the innermost <rect> one below the groups: 254 groups make 256 levels.
    expect(svgProblem(nestedSvg(254))).toBeNull();
    expect(svgProblem(nestedSvg(255))).toBe('elements nested more than 256 levels deep');
  });

  it('resolves each prefix to its nearest declaration, and forgets it when its element closes', () => {
    const xhtml = 'http://www.w3.org/1999/xhtml';
    const svg = (inner: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>`);
    expect(svgProblem(svg(`<g xmlns:h="urn:x"><g xmlns:h="${xhtml}"/><h:p/></g>`))).toBeNull();
    expect(svgProblem(svg(`<g xmlns:h="${xhtml}"><g xmlns:h="urn:x"/><h:p/></g>`))).toBe(
      'HTML element <h:p>',
    );
    const outer = `<s:g xmlns:s="http://www.w3.org/2000/svg" xmlns="${xhtml}">`;
    expect(svgProblem(svg(`${outer}<s:g xmlns="urn:x"><p/></s:g><p/></s:g>`))).toBe('HTML element <p>');
    expect(svgProblem(svg(`<g xmlns:h="${xhtml}"><h:p h:title="x"/></g><h:p/>`))).toBe('HTML element <h:p>');
    expect(svgProblem(svg(`<g xmlns:h="urn:x"/><h:p/>`))).toMatch(
      /not well-formed.*unbound namespace prefix/,
    );
    expect(svgProblem(svg('<g xmlns:a="urn:x" xmlns:b="urn:x" a:x="1" b:x="2"/>'))).toMatch(
      /duplicate attribute/,
    );
  });

  it.each(HOSTILE_SVGS)('refuses %s', (_name, bytes, reason) => {
    expect(svgProblem(bytes)).toMatch(reason);
  });

  it('reads a padded file to its end', () => {
    const padded = HOSTILE_SVGS.find(([name]) => name.includes('70 KB'))![1];
    expect(padded.length).toBeGreaterThan(70 * 1024);
  });
});
