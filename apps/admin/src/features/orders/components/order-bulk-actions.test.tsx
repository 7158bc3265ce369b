import { ORDER_RULES } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { OrderBulkActions } from './order-bulk-actions';

const orders = [
  { uuid: '00000000-0000-4000-8000-000000000001', orderNumber: '20260302-1001' },
  { uuid: '00000000-0000-4000-8000-000000000002', orderNumber: '20260302-1002' },
];

describe('OrderBulkActions', () => {
  it('confirms with the count, sends the selected ids, and names each refused order with its reason', async () => {
    signedIn('staff-token');
    const api = stubApi({
      'POST /admin/orders/status': {
        data: {
          moved: 1,
          refused: 1,
          results: [
            {
              orderId: orders[0]!.uuid,
              orderNumber: orders[0]!.orderNumber,
              ok: true,
              message: null,
              code: null,
            },
            {
              orderId: orders[1]!.uuid,
              orderNumber: orders[1]!.orderNumber,
              ok: false,
              message: ORDER_RULES.confirmNeedsPersonInCharge,
              code: 'PERSON_IN_CHARGE_REQUIRED',
            },
          ],
        },
      },
    });
    const onMoved = vi.fn();
    renderWithProviders(<OrderBulkActions selected={orders} onMoved={onMoved} />);
    const bar = screen.getByRole('form', { name: 'Change the status of selected orders' });
    expect(within(bar).getByText('2 orders selected')).toBeTruthy();

    await userEvent.click(within(bar).getByRole('button', { name: 'Change status' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the status to move the orders to.');
    expect(api.calls).toHaveLength(0);

    await userEvent.selectOptions(within(bar).getByLabelText('New status'), 'CONFIRMED');
    const button = within(bar).getByRole('button', { name: 'Change status' });
    await userEvent.click(button);
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toMatch(/^Move 2 orders to /);
    // Cancel sends nothing and gives focus back to the button.
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toHaveLength(0);
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move 2 orders' }),
    );
    const summary = await screen.findByText(/1 order moved to/);
    expect(summary.textContent).toContain('1 order refused:');
    const refused = screen.getByRole('listitem');
    expect(refused.textContent).toBe(`20260302-1002: ${ORDER_RULES.confirmNeedsPersonInCharge}`);
    expect(api.callsTo('POST /admin/orders/status')[0]!.body).toEqual({
      orderIds: orders.map((o) => o.uuid),
      to: 'CONFIRMED',
    });
    expect(onMoved).toHaveBeenCalledWith([orders[0]!.uuid]);
  });

  it('asks for a reason before cancelling, and sends it as the note', async () => {
    signedIn('staff-token');
    const api = stubApi({
      'POST /admin/orders/status': {
        data: {
          moved: 1,
          refused: 0,
          results: [
            {
              orderId: orders[0]!.uuid,
              orderNumber: orders[0]!.orderNumber,
              ok: true,
              message: null,
              code: null,
            },
          ],
        },
      },
    });
    renderWithProviders(<OrderBulkActions selected={orders.slice(0, 1)} onMoved={() => {}} />);
    await userEvent.selectOptions(screen.getByLabelText('New status'), 'CANCELLED');
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ORDER_RULES.cancelNeedsReason);
    expect(screen.getByLabelText('Reason for cancelling').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('Reason for cancelling'), 'Duplicate order');
    await userEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Move 1 order' }),
    );
    await screen.findByText('1 order moved to Cancelled.', { exact: false });
    expect(api.callsTo('POST /admin/orders/status')[0]!.body).toEqual({
      orderIds: [orders[0]!.uuid],
      to: 'CANCELLED',
      note: 'Duplicate order',
    });
  });

  it('cannot be sent with nothing selected', () => {
    renderWithProviders(<OrderBulkActions selected={[]} onMoved={() => {}} />);
    expect(screen.getByText('No orders selected')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Change status' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
