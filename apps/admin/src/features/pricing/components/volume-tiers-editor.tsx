import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Notice } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { saveVolumeTiers, useVolumeTiers } from '../api/pricing-api';

type Row = { key: number; minQuantity: string; discountPercent: string };
let nextKey = 0;
const toRows = (tiers: { minQuantity: number; discountPercent: number }[]): Row[] =>
  tiers.map((t) => ({
    key: nextKey++,
    minQuantity: String(t.minQuantity),
    discountPercent: String(t.discountPercent),
  }));

/**
 * An option's volume tiers on the product form (a saved option only): from a quantity on a line, a percentage
 * off the member's price. Saved on their own (not with the product), since members' prices change at once.
 */
export function VolumeTiersEditor({ optionId, label }: { optionId: string; label: string }) {
  // Read when opened: the product form loads without a request per option.
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const tiers = useVolumeTiers(open ? optionId : undefined);
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (tiers.data) setRows(toRows(tiers.data));
  }, [tiers.data]);

  const change = (key: number, field: 'minQuantity' | 'discountPercent', value: string) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, [field]: value } : r)));

  const save = async () => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      const saved = await saveVolumeTiers(
        optionId,
        rows.map((r) => ({ minQuantity: Number(r.minQuantity), discountPercent: Number(r.discountPercent) })),
      );
      setRows(toRows(saved.volumeTiers));
      setNotice(t`Volume tiers of ${label} saved.`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button
        type="button"
        className="button button--secondary button--small"
        aria-expanded={false}
        aria-label={t`Volume tiers of ${label}`}
        onClick={() => setOpen(true)}
      >
        <Trans>Volume tiers</Trans>
      </button>
    );
  }

  return (
    <fieldset className="volume-tiers" aria-label={t`Volume tiers of ${label}`}>
      <legend className="field-label">
        <Trans>Volume tiers</Trans>
      </legend>
      <p className="muted">
        <Trans>Option ID {optionId}</Trans>
      </p>
      {rows.length === 0 && (
        <p className="muted">
          <Trans>No volume tiers: every quantity pays the member's price.</Trans>
        </p>
      )}
      {rows.map((row, index) => {
        const tier = index + 1;
        return (
          <div key={row.key} className="button-row">
            <label>
              <Trans>From (pieces)</Trans>
              <input
                type="number"
                inputMode="numeric"
                min={2}
                step={1}
                aria-label={t`Tier ${tier} of ${label}: from how many pieces`}
                value={row.minQuantity}
                onChange={(event) => change(row.key, 'minQuantity', event.target.value)}
              />
            </label>
            <label>
              <Trans>% off</Trans>
              <input
                type="number"
                inputMode="decimal"
                min={0.01}
                max={100}
                step={0.01}
                aria-label={t`Tier ${tier} of ${label}: percent off`}
                value={row.discountPercent}
                onChange={(event) => change(row.key, 'discountPercent', event.target.value)}
              />
            </label>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={t`Remove tier ${tier} of ${label}`}
              onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
            >
              <Trans>Remove</Trans>
            </button>
          </div>
        );
      })}
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={t`Add a volume tier to ${label}`}
          onClick={() =>
            setRows((current) => [...current, { key: nextKey++, minQuantity: '', discountPercent: '' }])
          }
        >
          <Trans>Add tier</Trans>
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={t`Save the volume tiers of ${label}`}
          disabled={busy || !tiers.data}
          aria-busy={busy}
          onClick={() => void save()}
        >
          <Trans>Save tiers</Trans>
        </button>
      </div>
      {notice && <Notice>{notice}</Notice>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
    </fieldset>
  );
}
