import {
  isSoldOutTagged,
  type ProductListItem,
  type ProductTag,
  priceLabel,
  releaseDateLabel,
  visibleBadges,
} from '@kshop/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { contractTextsFor } from '../../i18n/contract-texts';
import { productDetailPath } from '../../lib/links';
import { PriceNotes } from './price-notes';
import './product-card.css';

export type ProductCardData = Pick<
  ProductListItem,
  | 'optionUuid'
  | 'title'
  | 'vendor'
  | 'thumbnailUrl'
  | 'releaseDate'
  | 'tags'
  | 'totalPrice'
  | 'comparedPrice'
  | 'currencyCode'
>;

const BADGE_TEXT: Record<ProductTag, MessageDescriptor> = {
  sale: msg`SALE`,
  pre: msg`PRE`,
  new: msg`NEW`,
  hot: msg`HOT`,
};

type ProductCardProps = {
  product: ProductCardData;
  /**
   * The card is among the first a visitor sees (its image may be the page's largest paint): load its image at once
   * and ahead of other images, instead of lazily.
   */
  priority?: boolean;
  /** What a member can do from the card (a list's quantity box and Add), drawn below its price. */
  action?: ReactNode;
};

/** One product of a list: the title is the link, stretched over the whole card. */
export function ProductCard({ product, priority = false, action }: ProductCardProps) {
  const { t, i18n } = useLingui();
  const { localize } = contractTextsFor(i18n.locale);
  const badges = visibleBadges(product.tags);
  const soldOut = isSoldOutTagged(product.tags);
  const releaseDate = releaseDateLabel(product.releaseDate);
  return (
    <article className={`product-card${soldOut ? ' product-card--sold-out' : ''}`}>
      <div className="product-card__media">
        <img
          src={product.thumbnailUrl}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          width={400}
          height={400}
        />
        {soldOut && <span className="product-card__sold-out">{t`SOLD OUT`}</span>}
        {badges.length > 0 && (
          <p className="product-card__badges">
            {badges.map((tag) => (
              <span key={tag} className={`badge badge--${tag}`}>
                {i18n._(BADGE_TEXT[tag])}
              </span>
            ))}
          </p>
        )}
      </div>
      <div className="product-card__body">
        <p className="product-card__vendor">{product.vendor}</p>
        <h3 className="product-card__title">
          <Link to={productDetailPath(product.optionUuid)} className="product-card__link">
            {product.title}
          </Link>
        </h3>
        {releaseDate && (
          <p className="product-card__release">
            {t`Release`} <time dateTime={releaseDate}>{releaseDate}</time>
          </p>
        )}
        <p className="product-card__price">
          {localize(priceLabel(product.totalPrice, product.currencyCode))}
          <PriceNotes
            price={product.totalPrice}
            comparedPrice={product.comparedPrice}
            currencyCode={product.currencyCode}
          />
        </p>
        {action}
      </div>
    </article>
  );
}
