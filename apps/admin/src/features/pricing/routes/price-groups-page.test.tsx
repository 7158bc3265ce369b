import type { PriceGroup } from '@kshop/contract';
import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { PriceGroupsPage } from './price-groups-page';

const STANDARD: PriceGroup = {
  id: 1,
  name: 'Standard',
  discountPercent: 0,
  isStandard: true,
  buyerCount: 3,
  priceCount: 0,
};
const PARTNERS: PriceGroup = {
  id: 2,
  name: 'Partners',
  discountPercent: 10,
  isStandard: false,
  buyerCount: 0,
  priceCount: 1,
};

function setup() {
  let groups = [STANDARD, PARTNERS];
  const api = stubApi({
    'GET /admin/price-groups': () => ({ data: { priceGroupList: groups } }),
    'POST /admin/price-groups': (call) => {
      const input = call.body as { name: string; discountPercent: number };
      const created = { ...PARTNERS, id: 3, ...input, priceCount: 0 };
      groups = [...groups, created];
      return { data: created };
    },
    'GET /admin/price-groups/1/prices': { data: { priceList: [] } },
    'PUT /admin/price-groups/1/prices/not-an-id': {
      statusCode: 400,
      message: 'optionId: must be a valid id',
      data: null,
    },
  });
  signedIn();
  const user = userEvent.setup();
  renderWithProviders(<PriceGroupsPage />, { route: '/price-groups', path: '/price-groups' });
  return { api, user };
}

describe('PriceGroupsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists groups, adds one with its percentage, and keeps Standard and used groups from deletion', async () => {
    const { api, user } = setup();
    expect(await screen.findByLabelText('Name of Partners')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete Standard' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Delete Partners' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect((screen.getByRole('button', { name: 'Save Partners' }) as HTMLButtonElement).disabled).toBe(true);

    expect(screen.getByRole('form', { name: 'Add a price group' })).toBeTruthy();
    await user.type(screen.getByLabelText('Group name'), 'Distributors');
    await user.clear(screen.getByLabelText('% off list price'));
    await user.type(screen.getByLabelText('% off list price'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Add price group' }));
    await waitFor(() =>
      expect(api.callsTo('POST /admin/price-groups')[0]?.body).toEqual({
        name: 'Distributors',
        discountPercent: 12.5,
      }),
    );
    expect(await screen.findByText('Price group Distributors added.')).toBeTruthy();
    expect(await screen.findByLabelText('Name of Distributors')).toBeTruthy();
  });

  it("shows the API's refusal of an explicit price at once", async () => {
    const { user } = setup();
    await screen.findByText("No explicit prices: the group's percentage applies to every option.");
    await user.type(screen.getByLabelText('Option ID'), 'not-an-id');
    await user.type(screen.getByLabelText('Price ₩'), '9000');
    await user.click(screen.getByRole('button', { name: 'Save group price' }));
    expect((await screen.findByRole('alert')).textContent).toBe('optionId: must be a valid id');
  });
});
