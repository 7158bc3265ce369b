export { NewOrderPage } from './routes/new-order-page';
export { OrderDetailPage } from './routes/order-detail-page';
export { OrderListPage } from './routes/order-list-page';
