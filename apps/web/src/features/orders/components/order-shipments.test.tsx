import type { OrderDetail } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../../test/render';
import { OrderShipments } from './order-shipments';

const line = (n: number, title: string, quantity: number, shippedQuantity: number) => ({
  orderDetailUuid: `0d000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  quantity,
  shippedQuantity,
  amount: 15000 * quantity,
  currencyCode: 'KRW' as const,
  productOption: {
    productOptionUuid: null,
    productTitle: title,
    optionNameValue1: 'A',
    optionNameValue2: null,
    thumbnailUrlArray: [],
  },
});

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  uuid: '0b1c2d3e-0000-4000-8000-000000000001',
  orderNumber: '20260314-1001',
  createdAt: '2026-03-14T05:30:00.000Z',
  status: 'PREPARING',
  currencyCode: 'KRW',
  beforeDiscountProductAmount: 120000,
  finalPaymentAmount: 120000,
  orderMemos: [],
  orderDetails: [line(1, 'NOVA9 1st Album', 5, 2), line(2, 'Light Stick', 3, 3)],
  receiverInfo: {
    receiverName: 'Kim Minji',
    companyName: 'Hanbit Records',
    companyEmail: 'buyer@hanbit.example',
    phoneNumber: '+82 10 1234 5678',
    addressDetail: '12 Teheran-ro',
    postalCode: '06234',
  },
  shipments: [
    {
      shipmentUuid: '0f000000-0000-4000-8000-000000000001',
      carrier: 'CJ대한통운',
      trackingNumber: '6789-1234-5678',
      createdAt: '2026-03-15T01:00:00.000Z',
      lines: [
        {
          orderDetailUuid: '0d000000-0000-4000-8000-000000000001',
          productTitle: 'NOVA9 1st Album',
          optionNameValue1: 'A',
          optionNameValue2: null,
          quantity: 2,
        },
        {
          orderDetailUuid: '0d000000-0000-4000-8000-000000000002',
          productTitle: 'Light Stick',
          optionNameValue1: 'A',
          optionNameValue2: null,
          quantity: 3,
        },
      ],
    },
  ],
  ...overrides,
});

describe('OrderShipments', () => {
  it('shows each parcel with carrier, tracking number and lines, and what is still to ship', () => {
    renderWithI18n(<OrderShipments order={order()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Shipments' })).toBeTruthy();
    expect(screen.getByText('CJ대한통운')).toBeTruthy();
    expect(screen.getByText('6789-1234-5678')).toBeTruthy();
    const parcel = screen.getByRole('table', { name: 'Shipment 1' });
    expect(
      within(parcel)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ProductOptionQuantity', 'NOVA9 1st AlbumA2', 'Light StickA3']);
    const open = screen.getByRole('table', { name: 'Still to Ship' });
    expect(
      within(open)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ProductOptionShippedOpen', 'NOVA9 1st AlbumA2 of 53']);
  });

  it('shows nothing before the first parcel and no open lines once everything shipped', () => {
    const { container, unmount } = renderWithI18n(<OrderShipments order={order({ shipments: [] })} />);
    expect(container.textContent).toBe('');
    unmount();
    renderWithI18n(
      <OrderShipments
        order={order({ status: 'SHIPPED', orderDetails: [line(1, 'NOVA9 1st Album', 5, 5)] })}
      />,
    );
    expect(screen.queryByRole('table', { name: 'Still to Ship' })).toBeNull();
  });
});
