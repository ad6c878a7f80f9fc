/** Test helper of shared/ui: renders inside the i18n provider with the shared namespace loaded. */
import React, { type ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { getI18n } from '../plugin-api/i18n';
import { SHARED_NS } from './i18n';
import en from './locales/en.json';
import de from './locales/de.json';

/** Renders ui with the shared namespace in the given language. */
export function renderUi(ui: ReactElement, language: 'en' | 'de' = 'en'): RenderResult {
  const i18n = getI18n();
  i18n.addResourceBundle('en', SHARED_NS, en, true, true);
  i18n.addResourceBundle('de', SHARED_NS, de, true, true);
  void i18n.changeLanguage(language);
  // As a wrapper, so rerender() keeps the provider.
  const wrapper = ({ children }: { children: React.ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return render(ui, { wrapper });
}

/**
 * What Chromium does to the focus of a button that gets disabled while its work runs: it falls to
 * the page (jsdom keeps it on the disabled button, and cannot blur it).
 */
export function dropFocusToPage(): void {
  const spot = document.createElement('input');
  document.body.appendChild(spot);
  spot.focus();
  spot.blur();
  spot.remove();
}
