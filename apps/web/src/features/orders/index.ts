/** What other features may use from the orders feature. */
export { ORDERS_QUERY_KEY } from './api/orders-api';
export { orderDetailPath } from './order-format';
