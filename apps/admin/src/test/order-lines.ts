import type { AdminOrderDetail } from '@kshop/contract';

export type OrderLine = AdminOrderDetail['orderDetails'][number];

/** An order line of a ₩ order for the back office's order screens: `quantity` ordered, `shippedQuantity` sent. */
export const orderLine = (
  id: string,
  title: string,
  quantity: number,
  shippedQuantity: number,
): OrderLine => ({
  orderDetailUuid: id,
  quantity,
  shippedQuantity,
  amount: quantity * 12400,
  currencyCode: 'KRW',
  productOption: {
    productOptionUuid: null,
    productTitle: title,
    optionNameValue1: 'ELLA',
    optionNameValue2: null,
    thumbnailUrlArray: [],
  },
});
