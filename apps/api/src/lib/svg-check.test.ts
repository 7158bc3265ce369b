import { describe, expect, it } from 'vitest';
import { CLEAN_SVG, HOSTILE_SVGS } from '../test/svg-files.js';
import { svgProblem } from './svg-check.js';

describe('svgProblem', () => {
  it('accepts a clean drawing with styles, gradients, local <use>, links and comments', () => {
    expect(svgProblem(CLEAN_SVG)).toBeNull();
    expect(svgProblem(Buffer.from('\uFEFF<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it.each(HOSTILE_SVGS)('refuses %s', (_name, bytes, reason) => {
    expect(svgProblem(bytes)).toMatch(reason);
  });

  it('reads a padded file to its end', () => {
    const padded = HOSTILE_SVGS.find(([name]) => name.includes('70 KB'))![1];
    expect(padded.length).toBeGreaterThan(70 * 1024);
  });
});
