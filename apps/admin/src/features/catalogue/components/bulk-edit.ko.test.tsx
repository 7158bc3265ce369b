import type { BulkEditResult } from '@kshop/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders } from '../../../test/render';
import { BulkBar } from './bulk-edit';

const RESULT: BulkEditResult = {
  productList: [
    {
      uuid: '11111111-1111-4111-8111-111111111111',
      title: 'NOVA9 Light Stick',
      changes: [{ option: 'Standard', field: 'isSoldOut', before: false, after: true }],
    },
  ],
  changed: 1,
  unchanged: 1,
};

describe('BulkBar in Korean', () => {
  it('checks, previews and names the changes in Korean', async () => {
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <BulkBar
        selected={['a', 'b']}
        categories={[]}
        onPreview={vi.fn(async () => RESULT)}
        onApply={vi.fn(async () => RESULT)}
        onApplied={vi.fn()}
        onClearSelection={vi.fn()}
      />,
    );
    const bar = within(screen.getByRole('form', { name: '선택한 상품 일괄 변경' }));
    expect(bar.getByText(/선택됨$/).textContent).toBe('2개 선택됨');
    await user.selectOptions(bar.getByLabelText('작업'), 'pricePercent');
    await user.type(bar.getByLabelText('변경률 (%)'), '600');
    await user.click(bar.getByRole('button', { name: '변경 내용 미리 보기' }));
    expect(bar.getByRole('alert').textContent).toBe('비율은 -90부터 +500까지 입력할 수 있습니다.');

    await user.selectOptions(bar.getByLabelText('작업'), 'soldOut');
    await user.click(bar.getByRole('button', { name: '변경 내용 미리 보기' }));
    const dialog = within(await screen.findByRole('dialog', { name: '미리 보기: 품절로 변경 (전체 옵션)' }));
    expect(
      dialog.getByText('상품 1개가 변경됩니다. 1개는 이미 같은 값이므로 그대로 유지됩니다.'),
    ).toBeTruthy();
    const headers = dialog.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['상품', '옵션', '항목', '현재', '변경 후']);
    const cells = dialog.getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['NOVA9 Light Stick', 'Standard', '품절', '아니요', '예']);
    expect(dialog.getByRole('button', { name: '상품 1개에 적용' })).toBeTruthy();
    expect(dialog.getByRole('button', { name: '취소' })).toBeTruthy();
  });
});
