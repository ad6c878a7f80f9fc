import { useTranslation } from 'react-i18next';
import { getI18n } from '@shared/plugin-api/i18n';
import type { Language } from '@shared/plugin-api/types';
import { SHELL_NS } from './constants';
import en from './locales/en.json';
import de from './locales/de.json';
import { SHARED_NS } from '@shared/ui/i18n';
import sharedEn from '@shared/ui/locales/en.json';
import sharedDe from '@shared/ui/locales/de.json';

/**
 * Initialises the page's shared i18next instance with the shell's own texts and those of the SDK's
 * components (pager, modal, confirm, grid; namespace 'shared'), which every plugin renders.
 */
export function initShellI18n(language: Language) {
  const i18n = getI18n(language);
  i18n.addResourceBundle('en', SHELL_NS, en, true, true);
  i18n.addResourceBundle('de', SHELL_NS, de, true, true);
  i18n.addResourceBundle('en', SHARED_NS, sharedEn, true, true);
  i18n.addResourceBundle('de', SHARED_NS, sharedDe, true, true);
  return i18n;
}

export const useShellT = () => useTranslation(SHELL_NS);
