/**
 * Switching the page's language: the choice is saved for the user at once (a reload right after it
 * keeps it), the texts of the shell and every plugin in that language load before the page changes
 * (so nothing renders half-translated), and the page changes even when some texts could not be
 * loaded (those stay in English, the fallback). What went wrong is said, each for what it is.
 */
import type { Language } from '@shared/plugin-api/types';
import { LANGUAGES } from './constants';

/**
 * The first of the browser's languages that the console speaks, else English: the language of a
 * page before anybody logged in, and of a user who never chose one (as the platform picks it).
 */
export function browserLanguage(nav: Pick<Navigator, 'language' | 'languages'> | undefined = globalThis.navigator): Language {
  const wanted = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return 'en';
}

export interface LanguageSwitchSteps {
  /** Saves the choice for the user (their preferences). */
  save(language: Language): Promise<void>;
  /** Loads the texts of the shell and the plugins in that language. */
  loadTexts(language: Language): Promise<unknown>[];
  /** Changes the page's language. */
  apply(language: Language): Promise<void>;
}

export interface LanguageSwitchProblems {
  /** Why the choice was not saved (the next load then starts in the saved language). */
  notSaved?: unknown;
  /** Why texts are missing (they show in English). */
  textsMissing?: unknown;
}

export async function switchLanguage(language: Language, steps: LanguageSwitchSteps): Promise<LanguageSwitchProblems> {
  const saved = steps.save(language).then(
    () => undefined,
    (e: unknown) => ({ error: e }),
  );
  const loads = await Promise.allSettled(steps.loadTexts(language));
  await steps.apply(language);
  const failedLoad = loads.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  const notSaved = await saved;
  return { ...(notSaved ? { notSaved: notSaved.error } : {}), ...(failedLoad ? { textsMissing: failedLoad.reason } : {}) };
}
