/** What other features may use from quick order. */
export { QuickOrderTable } from './components/quick-order-table';
