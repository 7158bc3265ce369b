export { AuditPage } from './routes/audit-page';
