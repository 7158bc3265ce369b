import {
  type CurrencyCode,
  messages as contractMessages,
  type ProductDetailData,
  type ProductOptionDetail,
  priceLabel,
} from '@kshop/contract';
import { useAlert } from '@kshop/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { OrderDeadline, useOrderWindow, WindowReason } from '../../../components/ui/order-window';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { sameMessage, useContractTexts } from '../../../i18n/contract-texts';
import { isApiError, isPendingApproval } from '../../../lib/api-client';
import { loginReturnFrom } from '../../../lib/return-places';
import { useIsLoggedIn } from '../../../lib/session';
import { addToCart, CART_QUERY_KEY } from '../../cart';
import { SaveToList } from '../../saved-lists';
import { AddedToCartDialog } from './added-to-cart-dialog';
import { MustRead } from './must-read';
import {
  chosenOption,
  firstValues,
  hasSecondOption,
  isAllSoldOut,
  isOptionSoldOut,
  lineAmount,
  newSelection,
  optionLabel,
  optionsWithFirstValue,
  type Selection,
  totalAmount,
  unitPrice,
} from './option-selection';
import { StockAlertPanel } from './stock-alert-panel';
import { unitPriceAt } from './volume-tiers';

/**
 * Option dropdowns, the chosen options with their quantities, TOTAL and Add to Cart; a product whose options
 * are all sold out shows so and cannot be added. `onChosenOption` tells the page which option's unit price to
 * show on its Price line.
 */
export function ProductPurchase({
  detail,
  onChosenOption,
}: {
  detail: ProductDetailData;
  onChosenOption?: (option: ProductOptionDetail | null) => void;
}) {
  const { t } = useLingui();
  const { messages, localize } = useContractTexts();
  const location = useLocation();
  const loginLink = { to: '/login', label: t`LOGIN`, state: loginReturnFrom(location) };
  const soldOutChoice = (value: string | null) => t`${value} (Sold out)`;
  const { optionList, currentOption } = detail;
  const currencyCode: CurrencyCode | null = detail.currencyCode;
  const twoLevels = hasSecondOption(optionList);
  const soldOut = isAllSoldOut(optionList);
  const startsSelected = !isOptionSoldOut(currentOption);
  const [value1, setValue1] = useState(startsSelected ? currentOption.optionNameValue1 : '');
  const [value2, setValue2] = useState(startsSelected ? (currentOption.optionNameValue2 ?? '') : '');
  const [selections, setSelections] = useState<Selection[]>(
    startsSelected ? [newSelection(currentOption)] : [],
  );
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const isLoggedIn = useIsLoggedIn();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const select1Id = useId();
  const select2Id = useId();
  const reasonId = useId();
  const chosen = chosenOption(optionList, value1, value2, selections);
  const { product } = detail;
  const orderWindow = useOrderWindow(product);
  const outsideWindow = orderWindow.state !== 'OPEN';
  // On a pre-order, the chosen option's caps (else the opened option's).
  const { preorderBuyerCap: cap, preorderLeft: left } = chosen ?? currentOption;

  useEffect(() => {
    onChosenOption?.(chosen);
  }, [chosen, onChosenOption]);

  const add = (option: (typeof optionList)[number] | undefined) => {
    if (!option || isOptionSoldOut(option)) return;
    setSelections((current) =>
      current.some((s) => s.option.uuid === option.uuid) ? current : [...current, newSelection(option)],
    );
  };

  const choose1 = (value: string) => {
    setValue1(value);
    setValue2('');
    if (!twoLevels && value) add(optionList.find((option) => option.optionNameValue1 === value));
  };

  const choose2 = (value: string) => {
    setValue2(value);
    if (value)
      add(optionsWithFirstValue(optionList, value1).find((option) => option.optionNameValue2 === value));
  };

  const remove = (selection: Selection) => {
    setSelections((current) => current.filter((s) => s.option.uuid !== selection.option.uuid));
    // Clear the dropdown still showing the removed option, so it can be picked again.
    if (
      selection.option.optionNameValue1 === value1 &&
      (!twoLevels || selection.option.optionNameValue2 === value2)
    ) {
      if (twoLevels) setValue2('');
      else setValue1('');
    }
  };

  const setQuantity = (uuid: string, quantity: number) =>
    setSelections((current) => current.map((s) => (s.option.uuid === uuid ? { ...s, quantity } : s)));

  const submit = async () => {
    if (soldOut || outsideWindow || adding) return;
    if (!isLoggedIn) {
      void alert(messages.cart.loginToAdd, { link: loginLink });
      return;
    }
    if (selections.length === 0) {
      void alert(messages.cart.selectOptions);
      return;
    }
    setAdding(true);
    try {
      await addToCart(selections.map((s) => ({ productOptionUuid: s.option.uuid, quantity: s.quantity })));
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
      setAdded(true);
    } catch (error) {
      if (isPendingApproval(error)) return;
      if (isApiError(error) && sameMessage(error.message, contractMessages.cart.alreadyInCart))
        void alert(messages.cart.alreadyInCart);
      else if (isApiError(error) && error.statusCode === 401)
        void alert(messages.cart.loginToAdd, { link: loginLink });
      else void alert(messages.cart.addFailed);
    } finally {
      setAdding(false);
    }
  };

  const firstOption = optionList[0];
  // Guests get no prices at all from the server; their total stays 'Members Only'.
  const total = detail.totalPrice === null ? null : totalAmount(selections);
  const secondChoices = twoLevels && value1 ? optionsWithFirstValue(optionList, value1) : [];

  return (
    <div className="purchase">
      <div className="purchase__options">
        <div className="field">
          <label htmlFor={select1Id}>{firstOption?.optionNameKey1 ?? t`Option`}</label>
          <select id={select1Id} value={value1} onChange={(event) => choose1(event.target.value)}>
            <option value="">{t`- Select -`}</option>
            {firstValues(optionList).map((value) => {
              const soldOut = optionsWithFirstValue(optionList, value).every(isOptionSoldOut);
              return (
                <option key={value} value={value} disabled={soldOut}>
                  {soldOut ? soldOutChoice(value) : value}
                </option>
              );
            })}
          </select>
        </div>
        {twoLevels && (
          <div className="field">
            <label htmlFor={select2Id}>
              {optionList.find((option) => option.optionNameKey2)?.optionNameKey2 ?? t`Option 2`}
            </label>
            <select
              id={select2Id}
              value={value2}
              disabled={!value1}
              onChange={(event) => choose2(event.target.value)}
            >
              <option value="">{t`- Select -`}</option>
              {secondChoices.map((option) => (
                <option
                  key={option.uuid}
                  value={option.optionNameValue2 ?? ''}
                  disabled={isOptionSoldOut(option)}
                >
                  {isOptionSoldOut(option) ? soldOutChoice(option.optionNameValue2) : option.optionNameValue2}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      {product.preorder && (cap != null || left != null) && (
        <p className="purchase__caps">
          {cap != null && <span>{t`At most ${cap} per company`}</span>}
          {left != null && <span>{t`${left} left`}</span>}
        </p>
      )}

      {selections.length > 0 && (
        <ul className="purchase__selections" aria-label={t`Selected options`}>
          {selections.map((selection) => {
            const label = optionLabel(selection.option);
            const unit = localize(
              priceLabel(unitPriceAt(selection.option, selection.quantity), currencyCode),
            );
            return (
              <li key={selection.option.uuid} className="selection-card">
                <div className="selection-card__head">
                  <p className="selection-card__name">{label}</p>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t`Remove ${label}`}
                    onClick={() => remove(selection)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </div>
                {selection.option.minimumOrderQuantity > 1 || (selection.option.orderMultiple ?? 1) > 1 ? (
                  <p className="selection-card__rules">
                    {(selection.option.orderMultiple ?? 1) > 1
                      ? t`min. ${selection.option.minimumOrderQuantity}, by ${selection.option.orderMultiple}`
                      : t`min. ${selection.option.minimumOrderQuantity}`}
                  </p>
                ) : null}
                <div className="selection-card__foot">
                  <QuantityStepper
                    label={t`Quantity of ${label}`}
                    value={selection.quantity}
                    minimum={selection.option.minimumOrderQuantity}
                    maximum={selection.option.stock}
                    multiple={selection.option.orderMultiple}
                    maxPerOrder={selection.option.maxPerOrder}
                    onChange={(quantity) => setQuantity(selection.option.uuid, quantity)}
                  />
                  <div className="selection-card__prices">
                    {unitPrice(selection.option) !== null && (
                      <p className="selection-card__unit">{t`${unit} each`}</p>
                    )}
                    <p className="selection-card__price">
                      {localize(priceLabel(lineAmount(selection), currencyCode))}
                    </p>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <p className="purchase__total">
        <span>
          <Trans>TOTAL</Trans>
        </span>
        <strong aria-live="polite">
          {soldOut ? t`Sold out` : localize(priceLabel(total, currencyCode))}
        </strong>
      </p>

      <MustRead />

      {(orderWindow.salesEndAt !== null || outsideWindow) && (
        <div className="order-window">
          {outsideWindow ? (
            <p id={reasonId} className="order-window__reason">
              <WindowReason
                state={orderWindow.state}
                preorder={product.preorder}
                salesStartAt={orderWindow.salesStartAt}
              />
            </p>
          ) : (
            <OrderDeadline salesEndAt={orderWindow.salesEndAt!} left={orderWindow.left} />
          )}
        </div>
      )}
      {soldOut && (
        <p className="purchase__sold-out" role="status">
          <Trans>This product is sold out.</Trans>
        </p>
      )}
      <button
        type="button"
        className="button button--block button--large"
        disabled={adding || soldOut || outsideWindow}
        aria-busy={adding}
        aria-describedby={outsideWindow ? reasonId : undefined}
        onClick={submit}
      >
        {adding && <span className="busy-spinner" aria-hidden="true" />}
        <Trans>Add to Cart</Trans>
      </button>
      {isLoggedIn && detail.totalPrice !== null && (
        <SaveToList
          label={t`Save to a list`}
          lines={() => selections.map((s) => ({ productOptionUuid: s.option.uuid, quantity: s.quantity }))}
        />
      )}
      <StockAlertPanel openedUuid={currentOption.uuid} options={optionList} />
      {added && <AddedToCartDialog onClose={() => setAdded(false)} />}
    </div>
  );
}
