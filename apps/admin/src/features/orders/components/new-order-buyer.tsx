import { FormField } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { type ApprovedBuyer, useApprovedBuyers } from '../api/new-order-api';

type Props = {
  onChoose: (buyer: ApprovedBuyer) => void;
};

/** Finds an approved buyer by company name, e-mail or registration number, and chooses one. */
export function NewOrderBuyerPicker({ onChoose }: Props) {
  const { t } = useLingui();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const { data, error, isFetching, refetch } = useApprovedBuyers(q);

  return (
    <section className="panel" aria-labelledby="new-order-buyer">
      <h2 id="new-order-buyer">
        <Trans>Buyer</Trans>
      </h2>
      <form
        aria-label={t`Find an approved buyer`}
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
        }}
      >
        <FormField label={t`Company, e-mail or registration number`} className="field--grow">
          {(control) => (
            <input {...control} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} />
          )}
        </FormField>
        <button type="submit" className="button">
          <Trans>Find buyer</Trans>
        </button>
      </form>
      {q === '' ? null : isFetching && !data ? (
        <LoadingState label={t`Finding buyers...`} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !data || data.buyerList.length === 0 ? (
        <EmptyState>
          <Trans>No approved buyer matches "{q}".</Trans>
        </EmptyState>
      ) : (
        <ul className="plain-list" aria-label={t`Approved buyers found`}>
          {data.buyerList.map((buyer) => (
            <li key={buyer.id} className="button-row">
              <span>
                <strong>{buyer.companyName}</strong> · {buyer.email} · {buyer.businessRegistrationNumber} ·{' '}
                {buyer.isKoreanCompany ? 'KRW' : 'USD'}
              </span>
              <button
                type="button"
                className="button button--small"
                aria-label={t`Choose ${buyer.companyName}`}
                onClick={() => onChoose(buyer)}
              >
                <Trans>Choose</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
