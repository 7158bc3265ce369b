import { describe, expect, it } from 'vitest';
import { labelDemandParams, labelDemandQuery, labelToOrder } from './label-demand.js';

describe('label order', () => {
  it('orders from the label only what the stock on hand does not cover', () => {
    expect(labelToOrder(12, 5)).toBe(7);
    expect(labelToOrder(5, 5)).toBe(0);
    expect(labelToOrder(3, 40)).toBe(0);
    expect(labelToOrder(0, 0)).toBe(0);
  });

  it('takes a product uuid and an optional csv or xlsx format, with the usual messages', () => {
    expect(labelDemandParams.safeParse({ productUuid: 'nope' }).error?.issues[0]?.message).toBe(
      'productUuid must be a valid id.',
    );
    expect(labelDemandQuery.parse({})).toEqual({});
    expect(labelDemandQuery.parse({ format: 'xlsx' })).toEqual({ format: 'xlsx' });
    expect(labelDemandQuery.safeParse({ format: 'pdf' }).error?.issues[0]?.message).toBe(
      'format must be one of csv, xlsx.',
    );
  });
});
