import { type StubCall, stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { exportCatalogue, importCatalogue } from '../api/catalogue-api';
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

function setup() {
  signedIn('staff-token');
  const onImported = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <CsvTools
      onExport={exportCatalogue}
      onImport={(csv, onProgress) => importCatalogue(csv, onProgress, 10)}
      onImported={onImported}
    />,
  );
  const chooseFile = () =>
    user.upload(
      screen.getByLabelText('CSV file to import'),
      new File([CSV], 'catalogue.csv', { type: 'text/csv' }),
    );
  return { user, onImported, chooseFile };
}

describe('CsvTools', () => {
  it('lists every problem of a refused import with its row number, and says nothing changed', async () => {
    const api = stubApi({
      ...started,
      'GET /admin/catalogue/imports/job-1': {
        data: {
          ...job,
          status: 'failed',
          failure: {
            message: 'The import changed nothing: 2 problems found.',
            problems: [
              { row: 3, message: 'price_krw must be a number.' },
              { row: 4, message: 'vendor is required.' },
            ],
          },
        },
      },
    });
    const { user, onImported, chooseFile } = setup();
    await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));

    const table = await screen.findByRole('table', { name: 'Problems in the CSV file' });
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
      ['3', 'price_krw must be a number.'],
      ['4', 'vendor is required.'],
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

  it('reports what a successful import changed', async () => {
    stubApi({
      ...started,
      'GET /admin/catalogue/imports/job-1': {
        data: { ...job, status: 'done', result: { products: 2, options: 3 } },
      },
    });
    const { user, onImported, chooseFile } = setup();
    await chooseFile();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByText('Imported 2 products and 3 options.')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
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
        result: { products: 2000, options: 10000 },
      },
    ];
    let polls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = stubApi({
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
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect(screen.getByRole('button', { name: 'Importing...' })).toBeTruthy();

    const bar = await screen.findByRole('progressbar', { name: 'Importing: 4,000 of 10,000 rows' });
    expect(bar.getAttribute('value')).toBe('4000');
    expect(bar.getAttribute('max')).toBe('10000');
    release();
    expect(await screen.findByText('Imported 2000 products and 10000 options.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(api.callsTo('POST /admin/catalogue/import')).toHaveLength(1);
    expect(api.callsTo('GET /admin/catalogue/imports/job-1').length).toBeGreaterThanOrEqual(4);
  });

  it('asks for a file before importing', async () => {
    const api = stubApi({});
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a CSV file first.');
    expect(api.calls).toHaveLength(0);
  });
});
