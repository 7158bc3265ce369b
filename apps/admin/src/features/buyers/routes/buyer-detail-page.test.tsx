import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import type { AdminBuyerDetail } from '../api/buyers-api';
import { BuyerDetailPage } from './buyer-detail-page';

const ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SIGNED_URL = '/files/business-cert/abc/certificate.pdf?expires=1&signature=x';
const BUYER: AdminBuyerDetail = {
  id: ID,
  email: 'pending@demo.kshop.example',
  status: 'PENDING',
  statusReason: null,
  isKoreanCompany: false,
  companyName: 'Sakura Pop Shop K.K.',
  representativeName: 'Sato Haruka',
  businessRegistrationNumber: '8011001234567',
  phoneNumber: '+81 3-5555-0123',
  companyAddress: '1-2-3 Jingumae, Shibuya-ku, Tokyo',
  postalCode: '1500001',
  marketingAgree: false,
  createdAt: '2026-11-22T02:46:37.231Z',
  certificate: { fileName: 'certificate.pdf', url: SIGNED_URL, contentType: 'application/pdf' },
  addresses: [],
  orderCount: 0,
  priceGroupId: 1,
};

function setup() {
  let status: AdminBuyerDetail['status'] = 'PENDING';
  const api = stubApi({
    [`GET /admin/buyers/${ID}`]: () => ({ data: { ...BUYER, status } }),
    'GET /admin/price-groups': () => ({
      data: {
        priceGroupList: [
          { id: 1, name: 'Standard', discountPercent: 0, isStandard: true, buyerCount: 1, priceCount: 0 },
        ],
      },
    }),
    [`POST /admin/buyers/${ID}/reject`]: () => {
      status = 'REJECTED';
      return { data: null, message: 'Account updated.' };
    },
    // The signed download: a plain file, not the envelope.
    [`GET ${SIGNED_URL.split('?')[0]}`]: () =>
      new Response(new Blob(['%PDF-1.4'], { type: 'application/octet-stream' })),
  });
  signedIn();
  const user = userEvent.setup();
  renderWithProviders(<BuyerDetailPage />, { route: `/buyers/${ID}`, path: '/buyers/:id' });
  return { api, user };
}

describe('BuyerDetailPage', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:certificate');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a PDF certificate inside the page from a blob of the signed download', async () => {
    setup();
    const frame = await screen.findByTitle('Business certificate of Sakura Pop Shop K.K.');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('blob:certificate');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(SIGNED_URL);
  });

  it('offers approve and reject for a pending account; rejecting needs a reason, which is sent', async () => {
    const { api, user } = setup();
    await screen.findByRole('heading', { name: /Sakura Pop Shop K.K./ });
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reinstate' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject account' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject account' }));
    expect(within(dialog).getByText('Please write a reason.')).toBeTruthy();
    expect(api.callsTo(`POST /admin/buyers/${ID}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'The certificate is unreadable.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject account' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /admin/buyers/${ID}/reject`)[0]?.body).toEqual({
        reason: 'The certificate is unreadable.',
      }),
    );
    expect(await screen.findByText('The account is rejected.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
