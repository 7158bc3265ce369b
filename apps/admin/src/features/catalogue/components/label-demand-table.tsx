import { countryName, type LabelDemand, type LabelDemandOption } from '@kshop/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';

const optionName = (o: LabelDemandOption) =>
  [o.optionNameValue1, o.optionNameValue2].filter(Boolean).join(' / ');
const COLUMNS = 8;

/**
 * One row per option (ordered, shipped, open, stock, to order) and a total row; an option's buyers open beneath
 * it from a disclosure button, as a table of their own.
 */
export function LabelDemandTable({ demand }: { demand: LabelDemand }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (optionUuid: string) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(optionUuid)) after.add(optionUuid);
      return after;
    });

  return (
    <div className="table-wrap">
      <table className="table label-demand">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Option</Trans>
            </th>
            <th scope="col">
              <Trans>SKU</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Ordered</Trans>
            </th>
            <th scope="col" className="num">
              <Trans context="quantity">Shipped</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Open</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Stock</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>To order</Trans>
            </th>
            <th scope="col">
              <Trans>Goods receipt</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {demand.options.map((option) => (
            <OptionRows
              key={option.optionUuid}
              option={option}
              expanded={open.has(option.optionUuid)}
              onToggle={() => toggle(option.optionUuid)}
              allocationPath={`/products/${demand.productUuid}/options/${option.optionUuid}/allocation`}
            />
          ))}
        </tbody>
        <tfoot>
          <tr className="label-demand__total">
            <th scope="row" colSpan={2}>
              <Trans>Total</Trans>
            </th>
            <td className="num">{demand.totals.ordered}</td>
            <td className="num">{demand.totals.shipped}</td>
            <td className="num">{demand.totals.open}</td>
            <td className="num">{demand.totals.stock}</td>
            <td className="num">{demand.totals.toOrder}</td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function OptionRows({
  option,
  expanded,
  onToggle,
  allocationPath,
}: {
  option: LabelDemandOption;
  expanded: boolean;
  onToggle: () => void;
  /** The option's goods receipt and allocation page. */
  allocationPath: string;
}) {
  const buyersId = useId();
  const name = optionName(option);
  const buyerCount = option.buyers.length;
  return (
    <Fragment>
      <tr>
        <th scope="row">
          {buyerCount > 0 ? (
            <button
              type="button"
              className="disclosure"
              aria-expanded={expanded}
              aria-controls={buyersId}
              onClick={onToggle}
            >
              <span aria-hidden="true" className="disclosure__mark">
                {expanded ? '▾' : '▸'}
              </span>{' '}
              {name}{' '}
              <span className="muted">({plural(buyerCount, { one: '# buyer', other: '# buyers' })})</span>
            </button>
          ) : (
            name
          )}
        </th>
        <td>{option.sku}</td>
        <td className="num">{option.ordered}</td>
        <td className="num">{option.shipped}</td>
        <td className="num">{option.open}</td>
        <td className="num">{option.stock}</td>
        <td className={option.toOrder > 0 ? 'num label-demand__to-order' : 'num'}>{option.toOrder}</td>
        <td>
          <Link to={allocationPath}>
            <Trans>Receive and allocate</Trans>
            <span className="visually-hidden"> {name}</span>
          </Link>
        </td>
      </tr>
      {buyerCount > 0 && (
        <tr id={buyersId} className="label-demand__buyers" hidden={!expanded}>
          <td colSpan={COLUMNS}>{expanded && <BuyerTable option={option} name={name} />}</td>
        </tr>
      )}
    </Fragment>
  );
}

function BuyerTable({ option, name }: { option: LabelDemandOption; name: string }) {
  const { t, i18n } = useLingui();
  return (
    <table className="table">
      <caption>{t`Buyers of ${name}`}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans context="buyer">Company</Trans>
          </th>
          <th scope="col">
            <Trans>Email</Trans>
          </th>
          <th scope="col">
            <Trans>Country</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Ordered</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Open</Trans>
          </th>
          <th scope="col" className="num">
            <Trans context="count">Orders</Trans>
          </th>
          <th scope="col">
            <Trans>First ordered</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {option.buyers.map((buyer) => (
          <tr key={`${buyer.email}-${buyer.firstOrderedAt}`}>
            <th scope="row">{buyer.companyName}</th>
            <td className="breakable">{buyer.email}</td>
            <td>{buyer.country ? countryName(buyer.country, i18n.locale) : '—'}</td>
            <td className="num">{buyer.ordered}</td>
            <td className="num">{buyer.open}</td>
            <td className="num">{buyer.orderCount}</td>
            <td className="nowrap">{formatDateTime(buyer.firstOrderedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
