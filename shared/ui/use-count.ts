import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { countValues, formatCount } from '../domain/formats';
import { SHARED_NS } from './i18n';

/** formatCount in the page's language ("12,072" / "12.072"); reads the language through the shared namespace, which every host loads at start. */
export function useCount(): (n: number) => string {
  const { i18n } = useTranslation(SHARED_NS);
  const language = i18n.language;
  return useCallback((n: number) => formatCount(n, language), [language]);
}

/** countValues in the page's language: t(key, withCounts({ count })) writes "12,072" and keeps the plural. */
export function useCountValues(): <V extends Record<string, unknown>>(values: V) => V & { replace?: Record<string, unknown> } {
  const { i18n } = useTranslation(SHARED_NS);
  const language = i18n.language;
  return useCallback(<V extends Record<string, unknown>>(values: V) => countValues(values, language), [language]);
}
