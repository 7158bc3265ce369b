import type { BulkEditRequest, BulkEditResult } from '@kshop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BulkBar } from './bulk-edit';

const RESULT: BulkEditResult = {
  productList: [
    {
      uuid: '11111111-1111-4111-8111-111111111111',
      title: 'NOVA9 Light Stick',
      changes: [{ option: 'Standard', field: 'priceKrw', before: 10000, after: 11000 }],
    },
  ],
  changed: 1,
  unchanged: 1,
};

describe('BulkBar', () => {
  it('checks the percentage, previews every change and applies only on request', async () => {
    const user = userEvent.setup({ delay: null });
    const onPreview = vi.fn(async (_request: BulkEditRequest) => RESULT);
    const onApply = vi.fn(async (_request: BulkEditRequest) => RESULT);
    const onApplied = vi.fn();
    renderWithProviders(
      <BulkBar
        selected={['a', 'b']}
        categories={[]}
        onPreview={onPreview}
        onApply={onApply}
        onApplied={onApplied}
        onClearSelection={vi.fn()}
      />,
    );
    const bar = within(screen.getByRole('form', { name: 'Bulk edit the selected products' }));
    expect(bar.getByText(/selected$/).textContent).toBe('2 selected');
    await user.selectOptions(bar.getByLabelText('Action'), 'pricePercent');
    await user.type(bar.getByLabelText('Change (%)'), '600');
    await user.click(bar.getByRole('button', { name: 'Preview changes' }));
    expect(bar.getByRole('alert').textContent).toBe('The percentage is between -90 and +500.');
    expect(onPreview).not.toHaveBeenCalled();

    await user.clear(bar.getByLabelText('Change (%)'));
    await user.type(bar.getByLabelText('Change (%)'), '10');
    await user.click(bar.getByRole('button', { name: 'Preview changes' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Preview: Change prices by a percentage' }),
    );
    expect(dialog.getByText(/1 product will change; 1 already match/)).toBeTruthy();
    const cells = dialog.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['NOVA9 Light Stick', 'Standard', 'KRW price', '₩10,000', '₩11,000']);
    expect(onApply).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('button', { name: 'Apply to 1 product' }));
    expect(onApply).toHaveBeenCalledWith({
      productIds: ['a', 'b'],
      action: 'pricePercent',
      value: 10,
      currencies: ['KRW', 'USD'],
      roundTo: { KRW: 1, USD: 1 },
    });
    // The dialog closes in the render that follows the applied answer, which may come after the click resolves.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onApplied).toHaveBeenCalledWith(RESULT);
  });

  it('changes one currency at a time, rounded to the step chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const onPreview = vi.fn(async (_request: BulkEditRequest) => RESULT);
    renderWithProviders(
      <BulkBar
        selected={['a']}
        categories={[]}
        onPreview={onPreview}
        onApply={vi.fn(async () => RESULT)}
        onApplied={vi.fn()}
        onClearSelection={vi.fn()}
      />,
    );
    const bar = within(screen.getByRole('form', { name: 'Bulk edit the selected products' }));
    await user.selectOptions(bar.getByLabelText('Action'), 'pricePercent');
    await user.type(bar.getByLabelText('Change (%)'), '3');
    const rounding = bar.getByLabelText('Round won prices to');
    expect(
      within(rounding)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['₩1', '₩10', '₩100', '₩1,000']);
    await user.selectOptions(rounding, '₩100');
    await user.click(bar.getByRole('checkbox', { name: 'Dollar prices' }));
    expect((bar.getByLabelText('Round dollar prices to') as HTMLSelectElement).disabled).toBe(true);
    await user.click(bar.getByRole('button', { name: 'Preview changes' }));
    expect(onPreview).toHaveBeenCalledWith({
      productIds: ['a'],
      action: 'pricePercent',
      value: 3,
      currencies: ['KRW'],
      roundTo: { KRW: 100 },
    });

    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(bar.getByRole('checkbox', { name: 'Won prices' }));
    await user.click(bar.getByRole('button', { name: 'Preview changes' }));
    expect((await bar.findByRole('alert')).textContent).toBe('Choose at least one currency.');
    expect(onPreview).toHaveBeenCalledTimes(1);
  });
});
