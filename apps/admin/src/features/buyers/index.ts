export { BuyerDetailPage } from './routes/buyer-detail-page';
export { BuyerListPage } from './routes/buyer-list-page';
