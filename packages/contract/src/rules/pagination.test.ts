import { describe, expect, it } from 'vitest';
import { pageCount, paginationWindow } from './pagination.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('paginationWindow', () => {
  it('shows nothing without pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it.each([1, 2, 5, 8])('shows all of %i pages in full', (total) => {
    for (let current = 1; current <= total; current++) {
      expect(paginationWindow(current, total)).toEqual(range(1, total));
    }
  });

  it('shows 1-6, an ellipsis and the last page near the start', () => {
    expect(paginationWindow(1, 9)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 9]);
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20]);
    expect(paginationWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20]);
  });

  it('shows the first page, an ellipsis and the last 6 near the end', () => {
    expect(paginationWindow(20, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
    expect(paginationWindow(17, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
    expect(paginationWindow(9, 9)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 9]);
  });

  it('shows first, ellipsis, current-2 to current+2, ellipsis, last in the middle', () => {
    expect(paginationWindow(10, 20)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
    expect(paginationWindow(5, 20)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end', 20]);
    expect(paginationWindow(16, 20)).toEqual([1, 'ellipsis-start', 14, 15, 16, 17, 18, 'ellipsis-end', 20]);
  });

  it('always shows the current, first and last pages, in order, for every position', () => {
    for (const total of [9, 10, 13, 50]) {
      for (let current = 1; current <= total; current++) {
        const pages = paginationWindow(current, total).filter((p): p is number => typeof p === 'number');
        expect(pages).toContain(current);
        expect(pages[0]).toBe(1);
        expect(pages[pages.length - 1]).toBe(total);
        expect(pages).toEqual([...pages].sort((a, b) => a - b));
      }
    }
  });

  it('keeps a page outside the range within it', () => {
    expect(paginationWindow(0, 20)).toEqual(paginationWindow(1, 20));
    expect(paginationWindow(99, 20)).toEqual(paginationWindow(20, 20));
  });
});

describe('pageCount', () => {
  it('divides the total by the page size, rounded up (order history: 4 per page)', () => {
    expect(pageCount(0, 4)).toBe(0);
    expect(pageCount(1, 4)).toBe(1);
    expect(pageCount(4, 4)).toBe(1);
    expect(pageCount(9, 4)).toBe(3);
    expect(pageCount(41, 20)).toBe(3);
  });
});
