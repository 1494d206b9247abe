import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Suspense fallback={<PageLoader fullScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
