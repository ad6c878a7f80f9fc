import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.NumberFormat>();

/** A count as the user's language writes it ("12,072" in English, "12.072" in German), as t()'s `{{n, number}}` does. */
export function formatCount(n: number, language: string): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language || 'en', { maximumFractionDigits: 0 });
    formats.set(language, format);
  }
  return format.format(n);
}

/** formatCount in the page's language. (A local copy: shared/ has no count format yet.) */
export function useCount(): (n: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((n: number) => formatCount(n, language), [language]);
}
