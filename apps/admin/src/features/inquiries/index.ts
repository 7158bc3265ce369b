export { InquiryDetailPage } from './routes/inquiry-detail-page';
export { InquiryListPage } from './routes/inquiry-list-page';
