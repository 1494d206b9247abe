import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';

export function RootLayout() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}
