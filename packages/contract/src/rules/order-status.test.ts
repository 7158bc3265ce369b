import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../constants.js';
import { canMoveOrder, ORDER_STATUS_LABELS, ORDER_TRANSITIONS } from './order-status.js';

describe('order status machine', () => {
  it('has an entry for every status', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('moves forward one step at a time from PENDING to DELIVERED', () => {
    const path: OrderStatus[] = ['PENDING', 'CONFIRMED', 'PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'];
    for (let i = 0; i + 1 < path.length; i++) expect(canMoveOrder(path[i]!, path[i + 1]!)).toBe(true);
    expect(canMoveOrder('PENDING', 'PAID')).toBe(false);
    expect(canMoveOrder('CONFIRMED', 'SHIPPED')).toBe(false);
    expect(canMoveOrder('PAID', 'DELIVERED')).toBe(false);
  });

  it('never moves back or stays', () => {
    for (const from of ORDER_STATUSES) {
      expect(canMoveOrder(from, from)).toBe(false);
    }
    expect(canMoveOrder('CONFIRMED', 'PENDING')).toBe(false);
    expect(canMoveOrder('SHIPPED', 'PREPARING')).toBe(false);
  });

  it('cancels only before shipping', () => {
    for (const from of ['PENDING', 'CONFIRMED', 'PAID', 'PREPARING'] as const) {
      expect(canMoveOrder(from, 'CANCELLED')).toBe(true);
    }
    expect(canMoveOrder('SHIPPED', 'CANCELLED')).toBe(false);
    expect(canMoveOrder('DELIVERED', 'CANCELLED')).toBe(false);
  });

  it('ends at DELIVERED and CANCELLED', () => {
    expect(ORDER_TRANSITIONS.DELIVERED).toEqual([]);
    expect(ORDER_TRANSITIONS.CANCELLED).toEqual([]);
  });

  it('labels a new order as the confirmation modal does', () => {
    expect(ORDER_STATUS_LABELS.PENDING).toBe('Assigning a person in charge');
  });
});
