import { useTranslation } from 'react-i18next';
import { getI18n } from '@shared/plugin-api/i18n';
import type { Language } from '@shared/plugin-api/types';
import { SHELL_NS } from './constants';
import en from './locales/en.json';
import de from './locales/de.json';

/** Initialises the page's shared i18next instance with the shell's own texts. */
export function initShellI18n(language: Language) {
  const i18n = getI18n(language);
  i18n.addResourceBundle('en', SHELL_NS, en, true, true);
  i18n.addResourceBundle('de', SHELL_NS, de, true, true);
  return i18n;
}

export const useShellT = () => useTranslation(SHELL_NS);
