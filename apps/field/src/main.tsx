import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { App } from './app/App.tsx';
import { phoneLocale, switchLanguage } from './lib/i18n.ts';
import './styles.css';

registerSW({ immediate: true });
// The phone's language first (its catalogue, one small chunk), then the screens in it.
void switchLanguage(phoneLocale(), false).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
