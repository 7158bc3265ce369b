import { ALLOCATION_RULES } from '@kshop/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AllocationInput, allocate, type DemandLine } from './allocation.js';

const line = (
  id: string,
  wanted: number,
  orderedAt: number,
  extra: Partial<DemandLine> = {},
): DemandLine => ({
  id,
  buyer: id,
  orderedAt,
  wanted,
  backorder: false,
  rank: 0,
  ...extra,
});
const shares = (input: AllocationInput) => Object.fromEntries(allocate(input));

describe('allocate', () => {
  it('fills every line when the goods cover them, whatever the rule', () => {
    for (const rule of ALLOCATION_RULES) {
      const input = {
        lines: [line('a', 30, 1), line('b', 20, 2)],
        available: 60,
        rule,
        carton: 10,
        minimumPerBuyer: 0,
      };
      expect(shares(input)).toEqual({ a: 30, b: 20 });
    }
  });

  it('pro rata in whole cartons, the remainder carton by carton in order time', () => {
    // 100 wanted, 55 on hand: exact shares 33, 16.5, 5.5; cartons of 5 give 30, 15, 5; the 5 left go to the first.
    const input = {
      lines: [line('a', 60, 1), line('b', 30, 2), line('c', 10, 3)],
      available: 55,
      rule: 'PRO_RATA' as const,
      carton: 5,
      minimumPerBuyer: 0,
    };
    expect(shares(input)).toEqual({ a: 35, b: 15, c: 5 });
  });

  it('first come first served by order time; by price group, then order time', () => {
    const lines = [
      line('a', 30, 3, { rank: 0 }),
      line('b', 30, 1, { rank: -500 }),
      line('c', 30, 2, { rank: 0 }),
    ];
    const base = { lines, available: 50, carton: 1, minimumPerBuyer: 0 };
    expect(shares({ ...base, rule: 'FIRST_COME' })).toEqual({ b: 30, c: 20, a: 0 });
    expect(
      shares({ ...base, rule: 'PRIORITY', lines: [lines[0]!, { ...lines[1]!, orderedAt: 9 }, lines[2]!] }),
    ).toEqual({
      b: 30,
      c: 20,
      a: 0,
    });
  });

  it('serves backorders first, then a minimum per buyer, then the rule', () => {
    const lines = [
      line('late', 10, 9, { backorder: true }),
      line('a', 40, 1),
      line('b', 40, 2, { buyer: 'B' }),
    ];
    expect(shares({ lines, available: 20, rule: 'FIRST_COME', carton: 1, minimumPerBuyer: 0 })).toEqual({
      late: 10,
      a: 10,
      b: 0,
    });
    expect(shares({ lines, available: 20, rule: 'FIRST_COME', carton: 1, minimumPerBuyer: 4 })).toEqual({
      late: 10,
      a: 6,
      b: 4,
    });
  });
});

const demand = fc.array(
  fc.record({
    wanted: fc.integer({ min: 1, max: 500 }),
    orderedAt: fc.integer({ min: 0, max: 1000 }),
    rank: fc.integer({ min: -3, max: 0 }),
    buyer: fc.constantFrom('A', 'B', 'C', 'D'),
    backorder: fc.boolean(),
  }),
  { minLength: 1, maxLength: 40 },
);
const inputs = fc
  .record({
    lines: demand,
    available: fc.integer({ min: 0, max: 5000 }),
    rule: fc.constantFrom(...ALLOCATION_RULES),
    carton: fc.integer({ min: 1, max: 50 }),
    minimumPerBuyer: fc.integer({ min: 0, max: 20 }),
  })
  .map(
    (r): AllocationInput => ({
      ...r,
      lines: r.lines.map((l, i) => ({ ...l, id: `line-${String(i).padStart(3, '0')}` })),
    }),
  );

describe('allocate, for any demand', () => {
  it('never gives more than is on hand, nor a line more than it wants, nor less than nothing', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const given = allocate(input);
        const total = [...given.values()].reduce((sum, n) => sum + n, 0);
        expect(total).toBeLessThanOrEqual(input.available);
        for (const l of input.lines) {
          expect(given.get(l.id)).toBeGreaterThanOrEqual(0);
          expect(given.get(l.id)).toBeLessThanOrEqual(l.wanted);
        }
        // Nothing is left on hand while a line still wants some.
        const wanted = input.lines.reduce((sum, l) => sum + l.wanted, 0);
        expect(total).toBe(Math.min(input.available, wanted));
      }),
    );
  });

  it('gives the same shares for the same input, in any order of the lines', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const reversed = { ...input, lines: [...input.lines].reverse() };
        expect(allocate(reversed)).toEqual(allocate(input));
      }),
    );
  });

  it('pro rata keeps each line within one carton of its exact share', () => {
    const plain = inputs.map((input) => ({
      ...input,
      rule: 'PRO_RATA' as const,
      minimumPerBuyer: 0,
      lines: input.lines.map((l) => ({ ...l, backorder: false })),
    }));
    fc.assert(
      fc.property(plain, (input) => {
        const wanted = input.lines.reduce((sum, l) => sum + l.wanted, 0);
        fc.pre(wanted > input.available);
        const given = allocate(input);
        for (const l of input.lines) {
          const exact = (l.wanted * input.available) / wanted;
          expect(Math.abs(given.get(l.id)! - exact)).toBeLessThan(input.carton + 1e-9);
        }
      }),
    );
  });
});
