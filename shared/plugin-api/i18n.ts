import i18next, { type i18n } from 'i18next';
import { PAGE_I18N } from './page-i18n';

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
  (globalThis as unknown as Record<symbol, i18n | undefined>)[PAGE_I18N] = i18next;
  return i18next;
}

/**
 * Every namespace's loaders, page-wide: this module is bundled into each plugin, so the registry
 * hangs off a global symbol rather than a module variable.
 */
const REGISTRY = Symbol.for('device-operations.i18n.locale-loaders');
function registry(): Map<string, LocaleLoaders> {
  const g = globalThis as unknown as Record<symbol, Map<string, LocaleLoaders> | undefined>;
  return (g[REGISTRY] ??= new Map());
}

async function addBundle(instance: i18n, ns: string, lang: string, loaders: LocaleLoaders): Promise<void> {
  const load = loaders[lang];
  if (!load || instance.hasResourceBundle(lang, ns)) return;
  const mod = await load();
  const resources = ('default' in mod ? mod.default : mod) as Record<string, string>;
  instance.addResourceBundle(lang, ns, resources, true, true);
}

/**
 * Adds a plugin's namespace in the page's language and in the fallback (en); the other languages
 * a plugin ships load when the user switches to them (loadLanguage), so a start fetches one
 * translation file per plugin, not one per language.
 */
export async function loadNamespace(ns: string, loaders: LocaleLoaders): Promise<void> {
  registry().set(ns, loaders);
  const instance = getI18n();
  const languages = new Set([I18N_OPTIONS.fallbackLng, instance.language || I18N_OPTIONS.fallbackLng]);
  await Promise.all([...languages].map((lang) => addBundle(instance, ns, lang, loaders)));
}

/** Loads every registered namespace in `lang`; the shell awaits it before switching to `lang`. */
export async function loadLanguage(lang: string): Promise<void> {
  const instance = getI18n();
  await Promise.all([...registry()].map(([ns, loaders]) => addBundle(instance, ns, lang, loaders)));
}

/** Marks a literal as an i18n key that is translated later with t(key) (found by the key check). */
export const msg = <T extends string>(key: T): T => key;
