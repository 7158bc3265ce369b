import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { OrderDocuments } from './order-documents';

const UUID = '66666666-6666-4666-8666-666666666666';
const ORDER_NUMBER = '20261123-1001';

const pdf = (fileName: string) =>
  new Response('%PDF-1.7 test', {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    },
  });

/** Records what the page saves: the blob and the name of the link it clicks. */
function watchSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:document';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('OrderDocuments', () => {
  it('fetches the invoice and the packing list with the staff token and saves them under their names', async () => {
    signedIn('staff-token');
    const api = stubApi({
      [`GET /admin/orders/${UUID}/invoice.pdf`]: () => pdf(`invoice-${ORDER_NUMBER}.pdf`),
      [`GET /admin/orders/${UUID}/packing-list.pdf`]: () => pdf(`packing-list-${ORDER_NUMBER}.pdf`),
    });
    const saved = watchSaves();
    renderWithProviders(<OrderDocuments orderUuid={UUID} orderNumber={ORDER_NUMBER} />);

    await userEvent.click(screen.getByRole('button', { name: 'Invoice (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`invoice-${ORDER_NUMBER}.pdf`);
    expect(saved[0]!.blob.size).toBe('%PDF-1.7 test'.length);
    expect(api.callsTo(`GET /admin/orders/${UUID}/invoice.pdf`)[0]!.headers).toMatchObject({
      Authorization: 'Bearer staff-token',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Packing list (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe(`packing-list-${ORDER_NUMBER}.pdf`);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Packing list (PDF)' }));
  });

  it("shows the API's message when a document cannot be had", async () => {
    signedIn('staff-token');
    stubApi({
      [`GET /admin/orders/${UUID}/invoice.pdf`]: { statusCode: 404, message: 'Order not found.' },
    });
    const saved = watchSaves();
    renderWithProviders(<OrderDocuments orderUuid={UUID} orderNumber={ORDER_NUMBER} />);
    await userEvent.click(screen.getByRole('button', { name: 'Invoice (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Order not found.');
    expect(saved).toEqual([]);
  });
});
