import { Outlet } from 'react-router';
import { PlaceholderPage } from '../../../app/routes/placeholder-page';

// Stand-in until this screen is built.
export function MyPageLayout() {
  return (
    <>
      <PlaceholderPage title="My Page" />
      <Outlet />
    </>
  );
}
