import { stubApi } from '@kshop/ui/test/api-stub';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, signedIn } from '../../../test/render';
import { AuditPage } from './audit-page';

const entry = (overrides: Record<string, unknown>) => ({
  id: 1,
  createdAt: '2026-11-22T05:05:00.000Z',
  staffEmail: 'owner@kshop.example',
  staffName: 'Ha-eun Park',
  before: null,
  after: null,
  subject: null,
  productId: null,
  ...overrides,
});

describe('the audit log', () => {
  it('reads as sentences of who did what, with a link to what it acted on', async () => {
    signedIn();
    stubApi({
      'GET /admin/me': {
        data: { mustChangePassword: false, role: 'OWNER', email: 'owner@kshop.example', name: 'Ha-eun Park' },
      },
      'GET /admin/audit': {
        data: {
          auditList: [
            entry({
              id: 3,
              action: 'staff.passwordReset',
              entity: 'staff',
              entityId: 'a1a1a1a1-0000-4000-8000-000000000001',
              subject: 'Kim Jiwoo',
            }),
            entry({
              id: 2,
              action: 'option.receipt',
              entity: 'product_option',
              entityId: 'b2b2b2b2-0000-4000-8000-000000000002',
              subject: 'NOVA9 1st Album · A',
              productId: 'c3c3c3c3-0000-4000-8000-000000000003',
            }),
            entry({
              id: 1,
              staffEmail: 'clerk@kshop.example',
              staffName: '',
              action: 'something.new',
              entity: 'order',
              entityId: 'd4d4d4d4-0000-4000-8000-000000000004',
            }),
          ],
          totalCount: 3,
        },
      },
    });
    renderWithProviders(<AuditPage />, { route: '/audit' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells.map((c) => c[1])).toEqual([
      'Ha-eun Park reset the password of Kim Jiwoo',
      'Ha-eun Park recorded goods received of NOVA9 1st Album · A',
      // An action without a sentence is shown by its code, never hidden; a member without a name by their email.
      'clerk@kshop.example: something.new order d4d4d4d4-0000-4000-8000-000000000004',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'NOVA9 1st Album · A' }).getAttribute('href')).toBe(
      '/products/c3c3c3c3-0000-4000-8000-000000000003',
    );
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
  });
});
