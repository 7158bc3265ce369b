import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { AuditPage } from '../features/audit';
import { ChangePasswordPage, SignInPage } from '../features/auth';
import { BuyerDetailPage, BuyerListPage } from '../features/buyers';
import {
  AllocationPage,
  CategoriesPage,
  LabelDemandPage,
  ProductEditPage,
  ProductListPage,
  ReleaseWeekPage,
} from '../features/catalogue';
import { DashboardPage } from '../features/dashboard';
import { InquiryDetailPage, InquiryListPage } from '../features/inquiries';
import { NewOrderPage, OrderDetailPage, OrderListPage } from '../features/orders';
import { PriceGroupsPage } from '../features/pricing';
import { ReportsPage } from '../features/sales';
import { StaffPage } from '../features/staff';
import { useSessionState } from '../lib/session';
import { AdminLayout } from './layout/admin-layout';
import { NotFoundPage } from './routes/not-found-page';

/** Every screen but sign-in needs a session whose one-time password has been replaced. */
function RequireSession() {
  const session = useSessionState();
  const location = useLocation();
  if (session === 'signed-out')
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (session === 'must-change-password') return <Navigate to="/change-password" replace />;
  return <Outlet />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="signin" element={<SignInPage />} />
      <Route path="change-password" element={<ChangePasswordPage />} />
      <Route element={<RequireSession />}>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="buyers" element={<BuyerListPage />} />
          <Route path="buyers/:id" element={<BuyerDetailPage />} />
          <Route path="orders" element={<OrderListPage />} />
          <Route path="orders/new" element={<NewOrderPage />} />
          <Route path="orders/:orderNumber" element={<OrderDetailPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="products" element={<ProductListPage />} />
          <Route path="products/new" element={<ProductEditPage key="new" />} />
          <Route path="products/:id" element={<ProductEditPage key="edit" />} />
          <Route path="products/:productUuid/demand" element={<LabelDemandPage />} />
          <Route path="products/:productUuid/options/:optionId/allocation" element={<AllocationPage />} />
          <Route path="products/:productUuid/release-week" element={<ReleaseWeekPage />} />
          <Route path="categories" element={<CategoriesPage />} />
          <Route path="inquiries" element={<InquiryListPage />} />
          <Route path="inquiries/:id" element={<InquiryDetailPage />} />
          <Route path="price-groups" element={<PriceGroupsPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
