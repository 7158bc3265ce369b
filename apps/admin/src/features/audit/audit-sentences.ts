import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditEntry } from './api/audit-api';

/*
 * The audit log as sentences (issue 36): each action the shop records, said with who did it ({who}) and what it
 * acted on ({what}). An action missing here is shown by its code, so a new one is never hidden.
 */
const SENTENCES: Record<string, MessageDescriptor> = {
  'order.status': msg`{who} changed the status of order {what}`,
  'order.taken': msg`{who} took order {what} for a buyer`,
  'order.shipment': msg`{who} recorded a parcel of order {what}`,
  'order.memo': msg`{who} added a memo to order {what}`,
  'order.memo-edit': msg`{who} changed a memo of order {what}`,
  'order.memo-void': msg`{who} voided a memo of order {what}`,
  'order.person-in-charge': msg`{who} changed the person in charge of order {what}`,
  'order.backorder-choice': msg`{who} changed what happens to the back orders of order {what}`,
  'order.line-add': msg`{who} added a line to order {what}`,
  'order.line-remove': msg`{who} removed a line from order {what}`,
  'order.line-change': msg`{who} changed a line of order {what}`,
  'buyer.approve': msg`{who} approved {what}`,
  'buyer.reject': msg`{who} rejected {what}`,
  'buyer.suspend': msg`{who} suspended {what}`,
  'buyer.reinstate': msg`{who} reinstated {what}`,
  'buyer.price-group': msg`{who} changed the price group of {what}`,
  'product.create': msg`{who} created the product {what}`,
  'product.update': msg`{who} changed the product {what}`,
  'product.delete': msg`{who} deleted the product {what}`,
  'product.bulk.soldOut': msg`{who} marked {what} sold out (bulk edit)`,
  'product.bulk.inStock': msg`{who} marked {what} back in stock (bulk edit)`,
  'product.bulk.setTags': msg`{who} set the tags of {what} (bulk edit)`,
  'product.bulk.clearTags': msg`{who} cleared the tags of {what} (bulk edit)`,
  'product.bulk.category': msg`{who} moved {what} to another category (bulk edit)`,
  'product.bulk.pricePercent': msg`{who} changed the prices of {what} by a percentage (bulk edit)`,
  'option.allocation': msg`{who} allocated {what} to its pre-orders`,
  'option.receipt': msg`{who} recorded goods received of {what}`,
  'option.volume-tiers': msg`{who} changed the volume prices of {what}`,
  'catalogue.import': msg`{who} imported the catalogue`,
  'category.save': msg`{who} saved the category {what}`,
  'category.delete': msg`{who} deleted the category {what}`,
  'artist.save': msg`{who} saved the artist {what}`,
  'artist.delete': msg`{who} deleted the artist {what}`,
  'artist-category.save': msg`{who} saved an artist group`,
  'price-group.create': msg`{who} created a price group`,
  'price-group.update': msg`{who} changed a price group`,
  'price-group.delete': msg`{who} deleted a price group`,
  'price-group.price': msg`{who} changed a price of a price group`,
  'inquiry.answer': msg`{who} answered the inquiry of {what}`,
  'staff.create': msg`{who} created the staff account {what}`,
  'staff.update': msg`{who} changed the staff account {what}`,
  'staff.password': msg`{who} changed their password`,
  'staff.passwordReset': msg`{who} reset the password of {what}`,
};

/** The entry as a sentence in the back office's language; an action without one is shown by its code. */
export function sentenceOf(entry: AuditEntry, who: string): string {
  const what = entry.subject ?? entry.entityId;
  const sentence = SENTENCES[entry.action];
  return sentence
    ? i18n._(sentence.id, { who, what }, { message: sentence.message })
    : `${who}: ${entry.action} ${entry.entity} ${what}`;
}

/** The back office's page of what an entry acted on, when it has one. */
export function subjectPath(entry: AuditEntry): string | null {
  if (!entry.subject) return null;
  switch (entry.entity) {
    case 'order':
      return `/orders/${encodeURIComponent(entry.subject)}`;
    case 'buyer':
      return `/buyers/${entry.entityId}`;
    case 'product':
      return `/products/${entry.entityId}`;
    case 'product_option':
      return entry.productId ? `/products/${entry.productId}` : null;
    case 'inquiry':
      return `/inquiries/${entry.entityId}`;
    case 'staff':
      return '/staff';
    case 'category':
    case 'artist':
      return '/categories';
    default:
      return null;
  }
}
