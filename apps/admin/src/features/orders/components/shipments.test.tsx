import { SHIPMENT_RULES, type ShipmentCreateRequest } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type OrderLine, orderLine } from '../../../test/order-lines';
import { renderWithProviders, signedIn } from '../../../test/render';
import { Shipments, useShipOrder } from './shipments';

const ORDER_UUID = '66666666-6666-4666-8666-666666666666';
const A = '99999999-9999-4999-8999-999999999999';
const B = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const LINES = [orderLine(A, 'AURORA CODE Mini', 10, 4), orderLine(B, 'NOVA Photobook', 3, 0)];
const SENT = {
  shipmentUuid: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  carrier: 'CJ대한통운',
  trackingNumber: '6789-1234-5678',
  createdAt: '2026-11-22T06:00:00.000Z',
  lines: [
    {
      orderDetailUuid: A,
      productTitle: 'AURORA CODE Mini',
      optionNameValue1: 'ELLA',
      optionNameValue2: null,
      quantity: 4,
    },
  ],
};

/** The panel wired to the API as the order page wires it. */
function LiveShipments() {
  const ship = useShipOrder(ORDER_UUID);
  return (
    <Shipments
      orderUuid={ORDER_UUID}
      status="PAID"
      lines={LINES}
      shipments={[]}
      onShip={(p) => ship.mutateAsync(p)}
    />
  );
}

/** The panel as the page holds it: the lines of the order as last read; `expose` hands out a new read. */
function ReadOrder({
  first,
  onShip,
  expose,
}: {
  first: OrderLine[];
  onShip: (parcel: ShipmentCreateRequest) => Promise<ShipAnswerStub>;
  expose: (readAgain: (lines: OrderLine[]) => void) => void;
}) {
  const [lines, setLines] = useState(first);
  expose(setLines);
  return <Shipments orderUuid={ORDER_UUID} status="PAID" lines={lines} shipments={[]} onShip={onShip} />;
}
type ShipAnswerStub = { shipmentUuid: string; status: string; complete: boolean };

describe('Shipments', () => {
  it('offers the open quantities, checks carrier and tracking at their fields, then sends the parcel', async () => {
    const onShip = vi.fn(async (_parcel: ShipmentCreateRequest) => ({
      shipmentUuid: SENT.shipmentUuid,
      status: 'PREPARING',
      complete: false,
    }));
    renderWithProviders(
      <Shipments
        orderUuid={ORDER_UUID}
        status="PREPARING"
        lines={LINES}
        shipments={[SENT]}
        onShip={onShip}
      />,
    );

    expect(screen.getByText('Partly shipped: the open quantities below are still to ship.')).toBeTruthy();
    const shipA = screen.getByRole('spinbutton', {
      name: 'Ship now: AURORA CODE Mini ELLA',
    }) as HTMLInputElement;
    const shipB = screen.getByRole('spinbutton', {
      name: 'Ship now: NOVA Photobook ELLA',
    }) as HTMLInputElement;
    expect([shipA.value, shipB.value]).toEqual(['6', '3']);
    // The parcel already sent, with its carrier and tracking number.
    const sent = screen.getByRole('list', { name: 'Sent' });
    expect(within(sent).getByText('6789-1234-5678')).toBeTruthy();
    expect(within(sent).getByText('AURORA CODE Mini / ELLA × 4')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(screen.getByRole('combobox', { name: 'Carrier' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(SHIPMENT_RULES.carrierRequired)).toBeTruthy();
    expect(screen.getByText(SHIPMENT_RULES.trackingRequired)).toBeTruthy();
    expect(onShip).not.toHaveBeenCalled();

    // More than is open is refused before sending.
    await userEvent.clear(shipA);
    await userEvent.type(shipA, '7');
    await userEvent.type(screen.getByRole('combobox', { name: 'Carrier' }), 'DHL');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tracking number' }), ' 1Z999 ');
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(screen.getByRole('alert').textContent).toBe(SHIPMENT_RULES.tooMany('AURORA CODE Mini', 6));
    expect(onShip).not.toHaveBeenCalled();

    await userEvent.clear(shipA);
    await userEvent.type(shipA, '2');
    await userEvent.clear(shipB);
    await userEvent.type(shipB, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(onShip).toHaveBeenCalledTimes(1));
    expect(onShip.mock.calls[0]![0]).toEqual({
      carrier: 'DHL',
      trackingNumber: '1Z999',
      lines: [{ orderDetailId: A, quantity: 2 }],
    });
    expect(await screen.findByText('Shipment recorded.')).toBeTruthy();
  });

  it('offers what is open now after a line is cut or shipped elsewhere, keeping what staff typed for lines that did not change', async () => {
    const onShip = vi.fn(async (_parcel: ShipmentCreateRequest) => ({
      shipmentUuid: SENT.shipmentUuid,
      status: 'PAID',
      complete: false,
    }));
    let readAgain: (lines: OrderLine[]) => void = () => {};
    renderWithProviders(
      <ReadOrder
        first={[orderLine(A, 'AURORA CODE Mini', 60, 0), orderLine(B, 'NOVA Photobook', 3, 0)]}
        onShip={onShip}
        expose={(set) => {
          readAgain = set;
        }}
      />,
    );
    const shipA = () => screen.getByRole('spinbutton', { name: 'Ship now: AURORA CODE Mini ELLA' });
    const shipB = () => screen.getByRole('spinbutton', { name: 'Ship now: NOVA Photobook ELLA' });
    expect((shipA() as HTMLInputElement).value).toBe('60');
    await userEvent.clear(shipB());
    await userEvent.type(shipB(), '2');

    // The order read again after staff cut line A from 60 to 45 (the page passes the new lines).
    act(() => readAgain([orderLine(A, 'AURORA CODE Mini', 45, 0), orderLine(B, 'NOVA Photobook', 3, 0)]));
    expect((shipA() as HTMLInputElement).value).toBe('45');
    expect((shipB() as HTMLInputElement).value).toBe('2');
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toContain('45');

    // Staff had typed 40 for A, then 10 of it shipped through a move to SHIPPED elsewhere: 35 is what is open.
    await userEvent.clear(shipA());
    await userEvent.type(shipA(), '40');
    act(() => readAgain([orderLine(A, 'AURORA CODE Mini', 45, 10), orderLine(B, 'NOVA Photobook', 3, 0)]));
    expect((shipA() as HTMLInputElement).value).toBe('35');
    await userEvent.type(screen.getByRole('combobox', { name: 'Carrier' }), 'EMS');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tracking number' }), 'EE123456789KR');
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(onShip).toHaveBeenCalledTimes(1));
    expect(onShip.mock.calls[0]![0].lines).toEqual([
      { orderDetailId: A, quantity: 35 },
      { orderDetailId: B, quantity: 2 },
    ]);
  });

  it("shows the API's refusal and offers no form once the order has shipped", async () => {
    signedIn('staff-token');
    stubApi({
      [`POST /admin/orders/${ORDER_UUID}/shipments`]: {
        statusCode: 409,
        message: 'An order that is CANCELLED cannot ship: only CONFIRMED, PAID or PREPARING orders ship.',
      },
    });
    const { unmount } = renderWithProviders(<LiveShipments />);
    expect(screen.getByText('Nothing has shipped yet.')).toBeTruthy();
    await userEvent.type(screen.getByRole('combobox', { name: 'Carrier' }), 'EMS');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tracking number' }), 'EE123456789KR');
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/cannot ship/);
    unmount();

    renderWithProviders(
      <Shipments
        orderUuid={ORDER_UUID}
        status="SHIPPED"
        lines={[orderLine(A, 'AURORA CODE Mini', 10, 10)]}
        shipments={[SENT]}
        onShip={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Shipped and open quantities' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '10', '0']);
  });

  it("saves a parcel's packing list under the name the API gives", async () => {
    signedIn('staff-token');
    const name = 'packing-list-20261122-1001-1.pdf';
    stubApi({
      [`GET /admin/orders/${ORDER_UUID}/shipments/${SENT.shipmentUuid}/packing-list.pdf`]: () =>
        new Response('%PDF-1.7 parcel', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="${name}"`,
          },
        }),
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:parcel');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(
      <Shipments
        orderUuid={ORDER_UUID}
        status="PREPARING"
        lines={LINES}
        shipments={[SENT]}
        onShip={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Packing list of shipment 1 (PDF)' }));
    await waitFor(() => expect(saved).toEqual([name]));
    vi.restoreAllMocks();
  });
});
