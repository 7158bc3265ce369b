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

const OPTION_ID = '3f1d9a4e-2b7c-4c1e-9e55-1d2a3b4c5d6e';
const OTHER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

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
    'GET /admin/product-options/by-sku/NOPE-1': {
      statusCode: 404,
      message: 'No option has the SKU NOPE-1.',
      data: null,
    },
    'GET /admin/product-options/by-sku/KS000123': {
      data: {
        productOptionUuid: OPTION_ID,
        productId: '7b0c3c55-0f0a-4d7a-9a51-8f2f0e5d7f10',
        productTitle: 'Spring Album',
        optionNameValue1: 'A',
        optionNameValue2: null,
        sku: 'KS000123',
      },
    },
    [`PUT /admin/price-groups/1/prices/${OPTION_ID}`]: { data: { priceList: [] } },
    [`PUT /admin/price-groups/1/prices/${OTHER_ID}`]: {
      statusCode: 404,
      message: 'Product option not found.',
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

  it('sets an explicit price for the option a SKU names, and says which option it was', async () => {
    const { api, user } = setup();
    await screen.findByText("No explicit prices: the group's percentage applies to every option.");
    await user.type(screen.getByLabelText('SKU or option ID'), 'KS000123');
    await user.type(screen.getByLabelText('Price ₩'), '9000');
    await user.click(screen.getByRole('button', { name: 'Save group price' }));
    expect(await screen.findByText('Group price saved for Spring Album A (KS000123).')).toBeTruthy();
    expect(api.callsTo(`PUT /admin/price-groups/1/prices/${OPTION_ID}`)[0]?.body).toEqual({
      priceKrw: 9000,
      priceUsd: null,
    });
  });

  it("shows the API's refusal at once: a SKU no option has, an ID no option has, nothing typed", async () => {
    const { api, user } = setup();
    await screen.findByText("No explicit prices: the group's percentage applies to every option.");
    await user.type(screen.getByLabelText('Price ₩'), '9000');
    await user.click(screen.getByRole('button', { name: 'Save group price' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the SKU or the ID of an option.');

    await user.type(screen.getByLabelText('SKU or option ID'), 'NOPE-1');
    await user.click(screen.getByRole('button', { name: 'Save group price' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No option has the SKU NOPE-1.'));
    expect(api.callsTo('PUT /admin/price-groups/1/prices/NOPE-1')).toHaveLength(0);

    await user.clear(screen.getByLabelText('SKU or option ID'));
    await user.type(screen.getByLabelText('SKU or option ID'), OTHER_ID);
    await user.click(screen.getByRole('button', { name: 'Save group price' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Product option not found.'));
    expect(api.callsTo('GET /admin/product-options/by-sku/NOPE-1')).toHaveLength(1);
  });
});
