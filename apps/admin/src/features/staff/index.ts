export { StaffPage } from './routes/staff-page';
