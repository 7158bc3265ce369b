import type { AdminProductInput } from '@kshop/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { copyFirstToAll, generateOptionRows, splitValues } from './option-grid';
import { ProductForm } from './product-form';
import { emptyOption } from './product-form-model';

const defaults = { priceKrw: '15000', priceUsd: '11.5', minimumOrderQuantity: '2', stock: '30' };

describe('generateOptionRows', () => {
  it('makes every pair of key 1 and key 2 values with the shared defaults', () => {
    const rows = generateOptionRows([], splitValues('A, B ,, A'), splitValues('JIN,SOL'), defaults);
    expect(Array.isArray(rows)).toBe(true);
    const made = rows as Exclude<typeof rows, string>;
    expect(made.map((r) => `${r.value1}/${r.value2}`)).toEqual(['A/JIN', 'A/SOL', 'B/JIN', 'B/SOL']);
    expect(made[0]).toMatchObject({
      uuid: null,
      priceKrw: '15000',
      priceUsd: '11.5',
      minimumOrderQuantity: '2',
      stock: '30',
    });
  });

  it('keeps an existing option with the same values as it is, and makes one key alone work', () => {
    const kept = {
      ...emptyOption(),
      uuid: 'kept-id',
      value1: 'B',
      priceKrw: '99000',
      stock: '7',
      holdStock: 3,
    };
    const rows = generateOptionRows([kept], ['A', 'B'], null, defaults) as ReturnType<typeof emptyOption>[];
    expect(rows.map((r) => r.value1)).toEqual(['A', 'B']);
    expect(rows[1]).toBe(kept);
    expect(rows[0]!.value2).toBe('');
  });

  it('answers why no grid can be made', () => {
    expect(generateOptionRows([], [], null, defaults)).toBe('Enter at least one value for key 1.');
    expect(generateOptionRows([], ['A'], [], defaults)).toBe('Enter at least one value for key 2.');
    const many = Array.from({ length: 21 }, (_, i) => `v${i}`);
    expect(generateOptionRows([], many, many.slice(0, 10), defaults)).toBe(
      'That makes 210 options; a product has at most 200.',
    );
  });

  it('copies the first option’s prices and minimum to all, leaving stock alone', () => {
    const rows = copyFirstToAll([
      { ...emptyOption(), priceKrw: '1000', priceUsd: '1', minimumOrderQuantity: '5', stock: '1' },
      { ...emptyOption(), priceKrw: '2000', priceUsd: '2', minimumOrderQuantity: '1', stock: '9' },
    ]);
    expect(rows[1]).toMatchObject({ priceKrw: '1000', priceUsd: '1', minimumOrderQuantity: '5', stock: '9' });
  });
});

describe('the option grid in the product form', () => {
  it('generates options from key 1 × key 2, copies the price to all and saves a draft', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn(async (_input: AdminProductInput) => undefined);
    renderWithProviders(
      <ProductForm
        product={null}
        categories={[{ id: 9, category: 'K-MERCH', parentId: null, sortOrder: 1 }]}
        artistGroups={[]}
        onSave={onSave}
        onUpload={async () => []}
      />,
    );
    const fill = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await fill(screen.getByLabelText('Title'), 'NOVA9 Photocard Set');
    await fill(screen.getByLabelText('Vendor'), 'NEXT WAVE LABEL');
    await user.selectOptions(screen.getByLabelText('Category'), '9');
    await user.click(screen.getByRole('checkbox', { name: 'Published' }));
    await fill(screen.getByLabelText('Option key 1'), 'VERSION');
    await fill(screen.getByLabelText('Option key 2 (optional)'), 'MEMBER');

    const grid = within(screen.getByRole('group', { name: 'Generate options' }));
    await fill(grid.getByLabelText('Values of key 1 (VERSION)'), 'A, B');
    await fill(grid.getByLabelText('Values of key 2 (MEMBER)'), 'JIN, SOL');
    await fill(grid.getByLabelText('Default KRW price'), '12000');
    await fill(grid.getByLabelText('Default USD price'), '9.5');
    await fill(grid.getByLabelText('Default minimum'), '3');
    await fill(grid.getByLabelText('Default stock'), '40');
    await user.click(grid.getByRole('button', { name: 'Generate options' }));
    expect(grid.getByRole('status').textContent).toBe('4 options generated.');

    const option = (n: number) =>
      within(screen.getByText(new RegExp(`^Option ${n}`), { selector: 'legend' }).closest('fieldset')!);
    expect((option(4).getByLabelText('Value 1 (VERSION)') as HTMLInputElement).value).toBe('B');
    expect((option(4).getByLabelText('Value 2 (MEMBER)') as HTMLInputElement).value).toBe('SOL');

    await fill(option(1).getByLabelText('KRW price'), '13000');
    await user.click(grid.getByRole('button', { name: 'Copy price and minimum to all' }));
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    const input = onSave.mock.calls.at(-1)?.[0];
    expect(input?.isPublished).toBe(false);
    expect(
      input?.options.map((o) => [
        o.optionNameValue1,
        o.optionNameValue2,
        o.priceKrw,
        o.priceUsd,
        o.minimumOrderQuantity,
        o.stock,
      ]),
    ).toEqual([
      ['A', 'JIN', 13000, 9.5, 3, 40],
      ['A', 'SOL', 13000, 9.5, 3, 40],
      ['B', 'JIN', 13000, 9.5, 3, 40],
      ['B', 'SOL', 13000, 9.5, 3, 40],
    ]);
  });

  it('says what is missing instead of generating', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <ProductForm
        product={null}
        categories={[]}
        artistGroups={[]}
        onSave={vi.fn()}
        onUpload={async () => []}
      />,
    );
    const grid = within(screen.getByRole('group', { name: 'Generate options' }));
    await user.click(grid.getByRole('button', { name: 'Generate options' }));
    expect(grid.getByRole('alert').textContent).toBe('Enter at least one value for key 1.');
    expect(screen.getAllByText(/^Option \d/, { selector: 'legend' })).toHaveLength(1);
  });
});
