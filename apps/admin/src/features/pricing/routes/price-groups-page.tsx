import { useConfirm } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { EmptyState, ErrorState, LoadingState, Notice } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  createPriceGroup,
  deletePriceGroup,
  optionIdOf,
  type PriceGroup,
  priceGroupsKey,
  setGroupPrice,
  updatePriceGroup,
  useGroupPrices,
  usePriceGroups,
} from '../api/pricing-api';

/** A typed number, or null when the box is empty (an explicit price left out). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/**
 * Price groups (decision 0021): each buyer belongs to one; a group takes a percentage off the list price and
 * may set its own ₩ / US$ price for an option. Staff add, rename, change and delete (when unused) groups here,
 * and set a group's explicit prices.
 */
export function PriceGroupsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Price groups`);
  const groups = usePriceGroups();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: priceGroupsKey });

  const run = async (action: () => Promise<unknown>, done: string) => {
    setNotice(null);
    setFailure(null);
    try {
      await action();
      setNotice(done);
      refresh();
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    }
  };

  return (
    <>
      <h1>
        <Trans>Price groups</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Every buyer belongs to one group (Standard until you choose another on the buyer's page). A group's
          percentage comes off the list price; an explicit group price replaces it. Volume tiers are set per
          option on the product page.
        </Trans>
      </p>
      <CreateGroupForm
        onCreate={(name, discountPercent) =>
          run(() => createPriceGroup({ name, discountPercent }), t`Price group ${name} added.`)
        }
      />
      {notice && <Notice>{notice}</Notice>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {groups.isPending ? (
        <LoadingState />
      ) : groups.error ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">
                <Trans>Price groups</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Name</Trans>
                  </th>
                  <th scope="col">
                    <Trans>% off list price</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Buyers</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Explicit prices</Trans>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.data.map((group) => (
                  <GroupRow
                    key={group.id}
                    group={group}
                    onSave={(input) => {
                      const name = input.name;
                      return run(() => updatePriceGroup(group.id, input), t`Price group ${name} saved.`);
                    }}
                    onDelete={async () => {
                      const name = group.name;
                      if (!(await confirm(t`Delete the price group ${name}?`, t`Delete`))) return;
                      await run(() => deletePriceGroup(group.id), t`Price group ${name} deleted.`);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <GroupPrices groups={groups.data} onChanged={refresh} />
        </>
      )}
    </>
  );
}

function CreateGroupForm({
  onCreate,
}: {
  onCreate: (name: string, discountPercent: number) => Promise<boolean>;
}) {
  const { t } = useLingui();
  const nameId = useId();
  const discountId = useId();
  const [name, setName] = useState('');
  const [discount, setDiscount] = useState('0');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await onCreate(name.trim(), Number(discount))) {
      setName('');
      setDiscount('0');
    }
    setBusy(false);
  };
  return (
    <form
      className="filters"
      aria-label={t`Add a price group`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="field field--grow">
        <label htmlFor={nameId}>
          <Trans>Group name</Trans>
        </label>
        <input id={nameId} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={discountId}>
          <Trans>% off list price</Trans>
        </label>
        <input
          id={discountId}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        <Trans>Add price group</Trans>
      </button>
    </form>
  );
}

function GroupRow({
  group,
  onSave,
  onDelete,
}: {
  group: PriceGroup;
  onSave: (input: { name: string; discountPercent: number }) => Promise<boolean>;
  onDelete: () => Promise<void>;
}) {
  const { t } = useLingui();
  const groupName = group.name;
  const [name, setName] = useState(group.name);
  const [discount, setDiscount] = useState(String(group.discountPercent));
  useEffect(() => {
    setName(group.name);
    setDiscount(String(group.discountPercent));
  }, [group.name, group.discountPercent]);
  const changed = name.trim() !== group.name || Number(discount) !== group.discountPercent;
  const unusedMessage = group.isStandard
    ? t`The Standard group cannot be deleted.`
    : group.buyerCount > 0
      ? t`Move its buyers to another group first.`
      : null;
  return (
    <tr>
      <td>
        <input aria-label={t`Name of ${groupName}`} value={name} onChange={(e) => setName(e.target.value)} />
        {group.isStandard && (
          <span className="badge">
            <Trans>Default</Trans>
          </span>
        )}
      </td>
      <td>
        <input
          aria-label={t`Percent off of ${groupName}`}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step={0.01}
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
        />
      </td>
      <td>{group.buyerCount}</td>
      <td>{group.priceCount}</td>
      <td>
        <span className="button-row row-actions">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={t`Save ${groupName}`}
            disabled={!changed}
            onClick={() => void onSave({ name: name.trim(), discountPercent: Number(discount) })}
          >
            <Trans>Save</Trans>
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={t`Delete ${groupName}`}
            disabled={unusedMessage !== null}
            title={unusedMessage ?? undefined}
            onClick={() => void onDelete()}
          >
            <Trans>Delete</Trans>
          </button>
        </span>
      </td>
    </tr>
  );
}

/** One group's explicit prices: the list, and a form to set (or clear, both empty) an option's prices. */
function GroupPrices({ groups, onChanged }: { groups: PriceGroup[]; onChanged: () => void }) {
  const { t } = useLingui();
  const selectId = useId();
  const optionId = useId();
  const krwId = useId();
  const usdId = useId();
  const [groupId, setGroupId] = useState<number>(groups[0]?.id ?? 1);
  const prices = useGroupPrices(groupId);
  const [option, setOption] = useState('');
  const [krw, setKrw] = useState('');
  const [usd, setUsd] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  /** `target` is an option's SKU or ID; `done` says what was saved, for the option it names. */
  const save = async (
    target: string,
    priceKrw: number | null,
    priceUsd: number | null,
    done: (option: string | null) => string,
  ) => {
    setBusy(true);
    setNotice(null);
    setFailure(null);
    try {
      const option = await optionIdOf(target);
      await setGroupPrice(groupId, option.id, { priceKrw, priceUsd });
      setNotice(done(option.label));
      void prices.refetch();
      onChanged();
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = option.trim();
    if (!target) {
      setFailure(t`Enter the SKU or the ID of an option.`);
      return;
    }
    const ok = await save(target, numberOrNull(krw), numberOrNull(usd), (name) =>
      name ? t`Group price saved for ${name}.` : t`Group price saved.`,
    );
    if (ok) {
      setOption('');
      setKrw('');
      setUsd('');
    }
  };

  return (
    <section className="panel" aria-labelledby="group-prices-heading">
      <h2 id="group-prices-heading">
        <Trans>Explicit group prices</Trans>
      </h2>
      <div className="field">
        <label htmlFor={selectId}>
          <Trans>Group</Trans>
        </label>
        <select id={selectId} value={String(groupId)} onChange={(e) => setGroupId(Number(e.target.value))}>
          {groups.map((g) => (
            <option key={g.id} value={String(g.id)}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <form
        className="filters"
        aria-label={t`Set an explicit group price`}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="field field--grow">
          <label htmlFor={optionId}>
            <Trans>SKU or option ID</Trans>
          </label>
          <input
            id={optionId}
            value={option}
            autoComplete="off"
            aria-describedby={`${optionId}-hint`}
            onChange={(e) => setOption(e.target.value)}
          />
          <span id={`${optionId}-hint`} className="muted">
            <Trans>
              The SKU as in the product form and the spreadsheets (KS000123), or the ID under an option's
              volume tiers.
            </Trans>
          </span>
        </div>
        <div className="field">
          <label htmlFor={krwId}>
            <Trans>Price ₩</Trans>
          </label>
          <input
            id={krwId}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={krw}
            onChange={(e) => setKrw(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={usdId}>
            <Trans>Price US$</Trans>
          </label>
          <input
            id={usdId}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={usd}
            onChange={(e) => setUsd(e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          <Trans>Save group price</Trans>
        </button>
      </form>
      {notice && <Notice>{notice}</Notice>}
      {failure && (
        <p role="alert" className="form-error">
          {failure}
        </p>
      )}
      {prices.isPending ? (
        <LoadingState />
      ) : prices.error ? (
        <ErrorState error={prices.error} onRetry={() => void prices.refetch()} />
      ) : prices.data.length === 0 ? (
        <EmptyState>
          <Trans>No explicit prices: the group's percentage applies to every option.</Trans>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">
              <Trans>Explicit prices of the group</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Option</Trans>
                </th>
                <th scope="col">
                  <Trans>List ₩</Trans>
                </th>
                <th scope="col">
                  <Trans>Group ₩</Trans>
                </th>
                <th scope="col">
                  <Trans>List US$</Trans>
                </th>
                <th scope="col">
                  <Trans>Group US$</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {prices.data.map((p) => {
                const what = [p.productTitle, p.optionNameValue1, p.optionNameValue2]
                  .filter(Boolean)
                  .join(' · ');
                return (
                  <tr key={p.productOptionUuid}>
                    <td>{what}</td>
                    <td>{p.listPriceKrw}</td>
                    <td>{p.priceKrw ?? '—'}</td>
                    <td>{p.listPriceUsd}</td>
                    <td>{p.priceUsd ?? '—'}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-label={t`Remove the explicit price of ${what}`}
                        disabled={busy}
                        onClick={() =>
                          void save(
                            p.productOptionUuid,
                            null,
                            null,
                            () => t`Explicit price of ${what} removed.`,
                          )
                        }
                      >
                        <Trans>Remove</Trans>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
