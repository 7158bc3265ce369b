import { SHIPMENT_RULES } from '@kshop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { orderLine } from '../../../test/order-lines';
import { renderWithProviders } from '../../../test/render';
import type { OrderMove } from '../api/orders-api';
import { StatusActions } from './status-actions';

const LINES = [
  orderLine('99999999-9999-4999-8999-999999999999', 'AURORA CODE Mini', 10, 4),
  orderLine('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'NOVA Photobook', 3, 3),
];

function renderActions(onMove: (move: OrderMove) => Promise<unknown>) {
  const user = userEvent.setup();
  renderWithProviders(
    <StatusActions
      orderNumber="20261122-1001"
      nextStatuses={['SHIPPED', 'CANCELLED']}
      awaitsPersonInCharge={false}
      lines={LINES}
      onMove={onMove}
    />,
  );
  return user;
}

describe('StatusActions: Mark as Shipped', () => {
  it('asks for carrier and tracking number, both required, shows what is open, and sends them with the move', async () => {
    const onMove = vi.fn(async (_move: OrderMove) => null);
    const user = renderActions(onMove);
    const opener = screen.getByRole('button', { name: 'Mark as Shipped' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Mark as Shipped' });
    expect(within(dialog).getByRole('list', { name: 'Still open' }).textContent).toBe(
      'AURORA CODE Mini / ELLA × 6',
    );
    const carrier = within(dialog).getByLabelText('Carrier');
    expect(document.activeElement).toBe(carrier);
    // The carrier suggestions are the Shipments panel's list.
    const listId = carrier.getAttribute('list') ?? '';
    const options = [...(document.getElementById(listId)?.querySelectorAll('option') ?? [])];
    expect(options.map((o) => o.value)).toEqual([...SHIPMENT_RULES.carriers]);

    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(within(dialog).getByText(SHIPMENT_RULES.carrierRequired)).toBeTruthy();
    expect(within(dialog).getByText(SHIPMENT_RULES.trackingRequired)).toBeTruthy();
    expect(carrier.getAttribute('aria-invalid')).toBe('true');
    expect(onMove).not.toHaveBeenCalled();

    await user.type(carrier, 'CJ대한통운');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(within(dialog).getByText(SHIPMENT_RULES.trackingRequired)).toBeTruthy();
    expect(onMove).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Tracking number'), '  6789-1234-5678 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove.mock.calls[0]?.[0]).toEqual({
      status: 'SHIPPED',
      carrier: 'CJ대한통운',
      trackingNumber: '6789-1234-5678',
    });
    expect(screen.getByText('The order is now Shipped.')).toBeTruthy();
  });

  it('closes on Escape without moving and gives focus back to the button', async () => {
    const onMove = vi.fn(async (_move: OrderMove) => null);
    const user = renderActions(onMove);
    const opener = screen.getByRole('button', { name: 'Mark as Shipped' });
    await user.click(opener);
    await user.type(screen.getByLabelText('Carrier'), 'DHL');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    // Opened afresh: what was typed before is gone; Keep the status closes it too.
    expect((screen.getByLabelText('Carrier') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Keep the status' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('keeps the dialog open with the refusal beside the field it names', async () => {
    const onMove = vi.fn(async (_move: OrderMove) => {
      throw new ApiError(400, 'trackingNumber: use letters, digits and dashes.');
    });
    const user = renderActions(onMove);
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark as Shipped' });
    await user.type(within(dialog).getByLabelText('Carrier'), 'EMS');
    await user.type(within(dialog).getByLabelText('Tracking number'), 'EE123');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Shipped' }));
    expect(await within(dialog).findByText('trackingNumber: use letters, digits and dashes.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Tracking number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('The order is now Shipped.')).toBeNull();
  });
});
