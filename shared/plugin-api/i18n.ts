import i18next, { type i18n } from 'i18next';

export type LocaleLoaders = Record<string, () => Promise<{ default: Record<string, string> } | Record<string, string>>>;

/**
 * Keys are the English texts themselves (as the platform's own translations are), so the
 * separators that would split sentences on '.' and ':' are off.
 */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  keySeparator: false as const,
  nsSeparator: false as const,
  interpolation: { escapeValue: false },
  returnNull: false,
};

/** The shared i18next instance, initialised once (by the shell, or lazily by tests). */
export function getI18n(language = 'en'): i18n {
  if (!i18next.isInitialized) {
    void i18next.init({ ...I18N_OPTIONS, lng: language, resources: {}, initAsync: false });
  }
  return i18next;
}

/** Adds a plugin's namespace for every language it ships; a missing language falls back to en. */
export async function loadNamespace(ns: string, loaders: LocaleLoaders): Promise<void> {
  const instance = getI18n();
  await Promise.all(
    Object.entries(loaders).map(async ([lang, load]) => {
      if (instance.hasResourceBundle(lang, ns)) return;
      const mod = await load();
      const resources = ('default' in mod ? mod.default : mod) as Record<string, string>;
      instance.addResourceBundle(lang, ns, resources, true, true);
    }),
  );
}

/** Marks a literal as an i18n key that is translated later with t(key) (found by the key check). */
export const msg = <T extends string>(key: T): T => key;
