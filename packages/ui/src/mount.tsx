import { createBrowserI18n } from '@amiko/i18n/browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { App } from './app/App.tsx';
import type { Platform } from './platform.tsx';
import './styles.css';

/** Starts Amiko in `element` once the interface language and its common texts are loaded. */
export async function mountApp(element: HTMLElement, platform: Platform): Promise<void> {
  const { i18n, ready } = createBrowserI18n([initReactI18next]);
  await ready;
  createRoot(element).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App platform={platform} />
      </I18nextProvider>
    </StrictMode>,
  );
}
