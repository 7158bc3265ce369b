import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { productListQuery } from '../../lib/catalog-api';
import { productListParams } from '../../lib/listing-params';
import { clearSession, startSession } from '../../lib/session';
import { productItem } from '../../test/fixtures';
import { envelope, renderWithProviders } from '../../test/render';
import { SessionEvents } from './session-events';

const params = productListParams('1', new URLSearchParams());

/** The first product's price as the list shows it, or 'loading' while the list has not arrived. */
function FirstPrice() {
  const query = useQuery(productListQuery(params));
  if (query.isPending) return <p>loading</p>;
  return <p>{query.data?.productOptionList[0]?.totalPrice ?? 'Members Only'}</p>;
}

const listPriced = (totalPrice: number | null) =>
  envelope({ productOptionList: [productItem({ totalPrice })], totalCount: 1 });

/** A fetch whose answers the test gives one by one, keeping the token each request was sent with. */
function answeredByTest() {
  const answers: ((response: Response) => void)[] = [];
  const tokens: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      tokens.push((init?.headers as Record<string, string> | undefined)?.Authorization);
      return new Promise<Response>((resolve) => answers.push(resolve));
    }),
  );
  const answer = async (call: number, response: Response) => {
    await act(async () => answers[call]?.(response));
  };
  return { answer, tokens };
}

describe('SessionEvents', () => {
  it("drops what a member's read brings back after logging out, and shows the guest's read", async () => {
    const { answer, tokens } = answeredByTest();
    startSession('member-token');
    renderWithProviders(
      <>
        <SessionEvents />
        <FirstPrice />
      </>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await vi.waitFor(() => expect(tokens).toEqual(['Bearer member-token']));

    act(() => clearSession());
    await vi.waitFor(() => expect(tokens).toEqual(['Bearer member-token', undefined]));
    await answer(0, listPriced(12_000));
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.getByText('loading')).toBeTruthy();

    await answer(1, listPriced(null));
    expect(await screen.findByText('Members Only')).toBeTruthy();
    expect(screen.queryByText('12000')).toBeNull();
  });

  it('reads the lists shown again on logging in, with the member’s prices', async () => {
    const { answer, tokens } = answeredByTest();
    renderWithProviders(
      <>
        <SessionEvents />
        <FirstPrice />
      </>,
    );
    await vi.waitFor(() => expect(tokens).toHaveLength(1));
    await answer(0, listPriced(null));
    expect(await screen.findByText('Members Only')).toBeTruthy();

    act(() => startSession('member-token'));
    await vi.waitFor(() => expect(tokens).toEqual([undefined, 'Bearer member-token']));
    await answer(1, listPriced(12_000));
    expect(await screen.findByText('12000')).toBeTruthy();
  });
});
