import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Notice } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { priceGroupsKey, setBuyerPriceGroup, usePriceGroups } from '../api/pricing-api';

/** The buyer page's price group: staff choose the group whose prices the buyer sees and pays. */
export function BuyerPriceGroup({ buyerId, priceGroupId }: { buyerId: string; priceGroupId: number }) {
  const { t } = useLingui();
  const groups = usePriceGroups();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [chosen, setChosen] = useState(String(priceGroupId));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => setChosen(String(priceGroupId)), [priceGroupId]);

  const save = async () => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      await setBuyerPriceGroup(buyerId, Number(chosen));
      const name = groups.data?.find((g) => String(g.id) === chosen)?.name ?? t`the group`;
      setNotice(t`The buyer now sees and pays the prices of ${name}.`);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'buyers'] });
      void queryClient.invalidateQueries({ queryKey: priceGroupsKey });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="price-group-heading">
      <h2 id="price-group-heading">
        <Trans>Price group</Trans>
      </h2>
      <div className="filters">
        <div className="field">
          <label htmlFor={selectId}>
            <Trans>Price group</Trans>
          </label>
          <select
            id={selectId}
            value={chosen}
            disabled={!groups.data}
            onChange={(event) => setChosen(event.target.value)}
          >
            {(groups.data ?? []).map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name} {t`(${g.discountPercent} % off)`}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button"
          disabled={busy || !groups.data || chosen === String(priceGroupId)}
          aria-busy={busy}
          onClick={() => void save()}
        >
          <Trans>Save price group</Trans>
        </button>
      </div>
      {notice && <Notice>{notice}</Notice>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </section>
  );
}
