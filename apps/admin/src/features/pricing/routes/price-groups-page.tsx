import { useConfirm } from '@kshop/ui';
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
  useDocumentTitle('Price groups');
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
      <h1>Price groups</h1>
      <p className="muted">
        Every buyer belongs to one group (Standard until you choose another on the buyer's page). A group's
        percentage comes off the list price; an explicit group price replaces it. Volume tiers are set per
        option on the product page.
      </p>
      <CreateGroupForm
        onCreate={(name, discountPercent) =>
          run(() => createPriceGroup({ name, discountPercent }), `Price group ${name} added.`)
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
              <caption className="visually-hidden">Price groups</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">% off list price</th>
                  <th scope="col">Buyers</th>
                  <th scope="col">Explicit prices</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.data.map((group) => (
                  <GroupRow
                    key={group.id}
                    group={group}
                    onSave={(input) =>
                      run(() => updatePriceGroup(group.id, input), `Price group ${input.name} saved.`)
                    }
                    onDelete={async () => {
                      if (!(await confirm(`Delete the price group ${group.name}?`, 'Delete'))) return;
                      await run(() => deletePriceGroup(group.id), `Price group ${group.name} deleted.`);
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
      aria-label="Add a price group"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="field field--grow">
        <label htmlFor={nameId}>Group name</label>
        <input id={nameId} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={discountId}>% off list price</label>
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
        Add price group
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
  const [name, setName] = useState(group.name);
  const [discount, setDiscount] = useState(String(group.discountPercent));
  useEffect(() => {
    setName(group.name);
    setDiscount(String(group.discountPercent));
  }, [group.name, group.discountPercent]);
  const changed = name.trim() !== group.name || Number(discount) !== group.discountPercent;
  const unusedMessage = group.isStandard
    ? 'The Standard group cannot be deleted.'
    : group.buyerCount > 0
      ? 'Move its buyers to another group first.'
      : null;
  return (
    <tr>
      <td>
        <input aria-label={`Name of ${group.name}`} value={name} onChange={(e) => setName(e.target.value)} />
        {group.isStandard && <span className="badge">Default</span>}
      </td>
      <td>
        <input
          aria-label={`Percent off of ${group.name}`}
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
            aria-label={`Save ${group.name}`}
            disabled={!changed}
            onClick={() => void onSave({ name: name.trim(), discountPercent: Number(discount) })}
          >
            Save
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={`Delete ${group.name}`}
            disabled={unusedMessage !== null}
            title={unusedMessage ?? undefined}
            onClick={() => void onDelete()}
          >
            Delete
          </button>
        </span>
      </td>
    </tr>
  );
}

/** One group's explicit prices: the list, and a form to set (or clear, both empty) an option's prices. */
function GroupPrices({ groups, onChanged }: { groups: PriceGroup[]; onChanged: () => void }) {
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
      setFailure('Enter the SKU or the ID of an option.');
      return;
    }
    const ok = await save(target, numberOrNull(krw), numberOrNull(usd), (name) =>
      name ? `Group price saved for ${name}.` : 'Group price saved.',
    );
    if (ok) {
      setOption('');
      setKrw('');
      setUsd('');
    }
  };

  return (
    <section className="panel" aria-labelledby="group-prices-heading">
      <h2 id="group-prices-heading">Explicit group prices</h2>
      <div className="field">
        <label htmlFor={selectId}>Group</label>
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
        aria-label="Set an explicit group price"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="field field--grow">
          <label htmlFor={optionId}>SKU or option ID</label>
          <input
            id={optionId}
            value={option}
            autoComplete="off"
            aria-describedby={`${optionId}-hint`}
            onChange={(e) => setOption(e.target.value)}
          />
          <span id={`${optionId}-hint`} className="muted">
            The SKU as in the product form and the spreadsheets (KS000123), or the ID under an option's volume
            tiers.
          </span>
        </div>
        <div className="field">
          <label htmlFor={krwId}>Price ₩</label>
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
          <label htmlFor={usdId}>Price US$</label>
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
          Save group price
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
        <EmptyState>No explicit prices: the group's percentage applies to every option.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Explicit prices of the group</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">List ₩</th>
                <th scope="col">Group ₩</th>
                <th scope="col">List US$</th>
                <th scope="col">Group US$</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
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
                        aria-label={`Remove the explicit price of ${what}`}
                        disabled={busy}
                        onClick={() =>
                          void save(
                            p.productOptionUuid,
                            null,
                            null,
                            () => `Explicit price of ${what} removed.`,
                          )
                        }
                      >
                        Remove
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
