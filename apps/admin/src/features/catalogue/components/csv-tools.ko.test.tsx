import { stubApi } from '@kshop/ui/test/api-stub';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../../i18n/i18n';
import { renderWithProviders, signedIn } from '../../../test/render';
import { exportCatalogue, importCatalogue, previewCatalogueImport } from '../api/catalogue-api';
import { CsvTools } from './csv-tools';

const counts = { newProducts: 1, changedProducts: 0, newOptions: 1, changedOptions: 1, unchangedOptions: 5 };
const job = { jobId: 'job-1', status: 'running', progress: null, result: null, failure: null };
const result = {
  productsCreated: 1,
  productsChanged: 0,
  optionsCreated: 1,
  optionsChanged: 1,
  optionsUnchanged: 5,
  stockLeftAlone: 2,
};

describe('CsvTools in Korean', () => {
  it('previews and reports an import in Korean', async () => {
    stubApi({
      'POST /admin/catalogue/import/preview': {
        data: {
          counts,
          rows: [
            {
              row: 2,
              sku: null,
              title: 'Poster',
              option: 'A1',
              status: 'new',
              changes: [{ column: 'price_krw', from: '', to: '15000' }],
            },
          ],
          problems: [],
          notices: [],
        },
      },
      'POST /admin/catalogue/import': { statusCode: 202, data: { jobId: 'job-1' } },
      'GET /admin/catalogue/imports/job-1': { data: { ...job, status: 'done', result } },
    });
    signedIn();
    await act(() => activateLanguage('ko'));
    const user = userEvent.setup();
    renderWithProviders(
      <CsvTools
        onExport={exportCatalogue}
        onPreview={previewCatalogueImport}
        onImport={(csv, onProgress, overwrite) => importCatalogue(csv, onProgress, 10, overwrite)}
        onImported={vi.fn()}
      />,
    );

    expect(screen.getByRole('button', { name: '엑셀 내보내기' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '가져오기 미리 보기' }));
    expect(screen.getByRole('alert').textContent).toBe('먼저 CSV 또는 엑셀 파일을 선택해 주십시오.');

    await user.upload(
      screen.getByLabelText('가져올 파일'),
      new File(['sku,title\n'], 'catalogue.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: '가져오기 미리 보기' }));
    expect(await screen.findByRole('heading', { name: '미리 보기' })).toBeTruthy();
    expect(
      screen.getByText('신규 상품 1개, 변경 상품 0개; 신규 옵션 1개, 변경 옵션 1개, 변경 없는 옵션 5개.'),
    ).toBeTruthy();
    expect(screen.getByText('(새 SKU)')).toBeTruthy();
    expect(screen.getByText('price_krw: (비어 있음) → 15000')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '가져오기 적용' }));
    expect(
      await screen.findByText(
        '가져오기 완료: 상품 1개 등록, 상품 0개 변경, 옵션 1개 등록, 옵션 1개 변경, 5개 변경 없음. 2개 행의 재고는 변경하지 않았습니다.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Import done/)).toBeNull();
  });
});
