import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
