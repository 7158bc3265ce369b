import { type ComponentType, lazy, useState } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { PendingAccountRedirect } from '../features/auth/components/pending-account-redirect';
import { HomePage } from '../features/home/routes/home-page';
import type { FirstPage } from './initial-reads';
import { RootLayout } from './layout/root-layout';

// Every page but Home is its own chunk, so the first visit downloads only what the home page needs. A page whose
// module is already there when it mounts (loaded by preload, as app/first-page-data.ts does for the first page)
// renders at once instead of showing the loading state for a moment; the choice holds for the page's lifetime, so a
// page is never remounted when its module arrives.
function named<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page when this module loads, never per render
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload });
}

const LoginPage = named(() => import('../features/auth/routes/login-page'), 'LoginPage');
const ProductListPage = named(
  () => import('../features/catalog/routes/product-list-page'),
  'ProductListPage',
);
const SearchPage = named(() => import('../features/search/routes/search-page'), 'SearchPage');
const ProductDetailPage = named(
  () => import('../features/product-detail/routes/product-detail-page'),
  'ProductDetailPage',
);
const GuidePage = named(() => import('../features/guide/routes/guide-page'), 'GuidePage');
const NotFoundPage = named(() => import('./routes/not-found-page'), 'NotFoundPage');
const SignupPage = named(() => import('../features/auth/routes/signup-page'), 'SignupPage');
const AccountReviewPage = named(
  () => import('../features/auth/routes/account-review-page'),
  'AccountReviewPage',
);
const FindPasswordPage = named(
  () => import('../features/auth/routes/find-password-page'),
  'FindPasswordPage',
);
const ContactPage = named(() => import('../features/contact/routes/contact-page'), 'ContactPage');
const MyPageLayout = named(() => import('../features/mypage/routes/mypage-layout'), 'MyPageLayout');
const ReauthPage = named(() => import('../features/mypage/routes/reauth-page'), 'ReauthPage');
const AccountPage = named(() => import('../features/mypage/routes/account-page'), 'AccountPage');
const CartPage = named(() => import('../features/cart/routes/cart-page'), 'CartPage');
const QuickOrderPage = named(
  () => import('../features/quick-order/routes/quick-order-page'),
  'QuickOrderPage',
);
const OrderPage = named(() => import('../features/checkout/routes/order-page'), 'OrderPage');
const ShoppingInfoPage = named(
  () => import('../features/orders/routes/shopping-info-page'),
  'ShoppingInfoPage',
);
const OrderDetailPage = named(() => import('../features/orders/routes/order-detail-page'), 'OrderDetailPage');
const SavedListsPage = named(
  () => import('../features/saved-lists/routes/saved-lists-page'),
  'SavedListsPage',
);
const SavedListPage = named(() => import('../features/saved-lists/routes/saved-list-page'), 'SavedListPage');

/** The page modules of the first pages that are not part of the entry (see app/first-page-data.ts). */
export const FIRST_PAGE_MODULES: Partial<Record<FirstPage, () => Promise<unknown>>> = {
  list: ProductListPage.preload,
  detail: ProductDetailPage.preload,
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <PendingAccountRedirect />
        <RootLayout />
      </>
    ),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'productlist/:categoryId', element: <ProductListPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'productdetail/:optionUuid', element: <ProductDetailPage /> },
      { path: 'guide/:topic', element: <GuidePage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'findpassword', element: <FindPasswordPage /> },
      { path: 'account-review', element: <AccountReviewPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'quickorder', element: <QuickOrderPage /> },
      { path: 'order', element: <OrderPage /> },
      {
        path: 'mypage',
        element: <MyPageLayout />,
        children: [
          { index: true, element: <ReauthPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'shoppinginfo', element: <ShoppingInfoPage /> },
          { path: 'shoppingdetail/:orderUuid', element: <OrderDetailPage /> },
          { path: 'lists', element: <SavedListsPage /> },
          { path: 'lists/:listUuid', element: <SavedListPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The route table, as React Router matches it (static segments before parameters before `*`, any case). */
export function AppRoutes() {
  return useRoutes(routes);
}
