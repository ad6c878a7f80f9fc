import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../domain/formats';

/** formatCount in the page's language ("12,072" / "12.072"). */
export function useCount(): (n: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((n: number) => formatCount(n, language), [language]);
}
