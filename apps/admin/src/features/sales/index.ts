export { SalesOverview } from './components/sales-overview';
export { ReportsPage } from './routes/reports-page';
