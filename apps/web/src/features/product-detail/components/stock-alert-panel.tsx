import type { ProductOptionDetail } from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useContractTexts } from '../../../i18n/contract-texts';
import { isApiError, isPendingApproval } from '../../../lib/api-client';
import { useIsLoggedIn } from '../../../lib/session';
import { setStockAlert, stockAlertsQuery } from '../api/stock-alerts-api';
import { isOptionSoldOut, optionLabel } from './option-selection';

/**
 * "Notify me" for a member: each sold-out option of the product with a button to be mailed once when it can be
 * ordered again, or to stop waiting. Guests see nothing of it.
 */
export function StockAlertPanel({
  openedUuid,
  options,
}: {
  openedUuid: string;
  options: readonly ProductOptionDetail[];
}) {
  const { t } = useLingui();
  const { stockAlertMessages } = useContractTexts();
  const isLoggedIn = useIsLoggedIn();
  const soldOut = options.filter(isOptionSoldOut);
  const query = useQuery({ ...stockAlertsQuery(openedUuid), enabled: isLoggedIn && soldOut.length > 0 });
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const headingId = useId();

  if (!isLoggedIn || soldOut.length === 0) return null;
  const waiting = new Set(query.data?.optionUuidList ?? []);

  const toggle = async (option: ProductOptionDetail) => {
    const subscribe = !waiting.has(option.uuid);
    setBusy(option.uuid);
    setNotice('');
    try {
      await setStockAlert(option.uuid, subscribe);
      queryClient.setQueryData(stockAlertsQuery(openedUuid).queryKey, (current) => {
        const list = new Set(current?.optionUuidList ?? []);
        if (subscribe) list.add(option.uuid);
        else list.delete(option.uuid);
        return { optionUuidList: [...list] };
      });
      setNotice(subscribe ? stockAlertMessages.subscribed : stockAlertMessages.cancelled);
    } catch (error) {
      if (isPendingApproval(error)) return;
      if (isApiError(error) && error.statusCode === 409) {
        // Back in stock meanwhile: the page reads the product again and offers it for sale.
        void queryClient.invalidateQueries({ queryKey: ['products', 'detail', openedUuid] });
        void alert(stockAlertMessages.inStock);
      } else
        void alert(
          isApiError(error) && error.statusCode < 500
            ? error.message
            : t`Could not change the notification. Please try again.`,
        );
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="stock-alerts" aria-labelledby={headingId}>
      <h2 id={headingId} className="stock-alerts__title">
        <Trans>Back in stock notice</Trans>
      </h2>
      <p className="stock-alerts__hint">
        <Trans>We e-mail you once when a sold-out option can be ordered again.</Trans>
      </p>
      <ul className="stock-alerts__list">
        {soldOut.map((option) => {
          const label = optionLabel(option);
          const isWaiting = waiting.has(option.uuid);
          const isBusy = busy === option.uuid;
          return (
            <li key={option.uuid} className="stock-alerts__item">
              <span className="stock-alerts__option">
                {label}
                {isWaiting && (
                  <span className="stock-alerts__state">
                    {' · '}
                    <Trans>You will be notified</Trans>
                  </span>
                )}
              </span>
              <button
                type="button"
                className={`button stock-alerts__button${isWaiting ? ' button--secondary' : ''}`}
                aria-label={isWaiting ? t`Cancel notice for ${label}` : t`Notify me when ${label} is back`}
                aria-busy={isBusy}
                disabled={busy !== null || query.isPending}
                onClick={() => void toggle(option)}
              >
                {isBusy && <span className="busy-spinner" aria-hidden="true" />}
                {isWaiting ? t`Cancel notice` : t`Notify me`}
              </button>
            </li>
          );
        })}
      </ul>
      <p role="status" className="stock-alerts__notice">
        {notice}
      </p>
    </section>
  );
}
