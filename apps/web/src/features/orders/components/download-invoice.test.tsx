import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, startSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { DownloadInvoice } from './download-invoice';

const ORDER_UUID = '0b1c2d3e-0000-4000-8000-000000000001';
const ORDER_NUMBER = '20261123-1001';

/** Records what the button saves: the blob and the name of the link it clicks. */
function watchSaves() {
  const saved: { name: string; blob: Blob }[] = [];
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:invoice';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: lastBlob! });
  });
  return saved;
}

afterEach(() => vi.restoreAllMocks());

describe('Download invoice', () => {
  it("fetches the order's invoice with the member's token and saves it under the API's file name", async () => {
    startSession('member-token');
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('%PDF-1.7 invoice', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="invoice-${ORDER_NUMBER}.pdf"`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved = watchSaves();
    const user = userEvent.setup();
    renderWithProviders(<DownloadInvoice orderUuid={ORDER_UUID} orderNumber={ORDER_NUMBER} />);

    const button = screen.getByRole('button', { name: 'Download invoice' });
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe(`invoice-${ORDER_NUMBER}.pdf`);
    expect(saved[0]!.blob.size).toBe('%PDF-1.7 invoice'.length);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/order/detail/${ORDER_UUID}/invoice.pdf`);
    expect(init?.headers).toEqual({ Authorization: 'Bearer member-token' });
    expect(document.activeElement).toBe(button);
  });

  it("says the API's message below the button when the invoice cannot be had", async () => {
    startSession('member-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 404, message: 'Order not found.', data: null }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const saved = watchSaves();
    const user = userEvent.setup();
    renderWithProviders(<DownloadInvoice orderUuid={ORDER_UUID} orderNumber={ORDER_NUMBER} />);
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    const status = await screen.findByText('Order not found.');
    expect(status.getAttribute('role')).toBe('status');
    expect(saved).toEqual([]);
  });

  it('ends a session the server no longer knows', async () => {
    startSession('stale-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ statusCode: 401, message: 'Unauthorized', data: null }), {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<DownloadInvoice orderUuid={ORDER_UUID} orderNumber={ORDER_NUMBER} />);
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(getAccessToken()).toBeNull());
  });
});
