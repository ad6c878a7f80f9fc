/** The shell's own numbers and names, in one place. */

/** Spec (device-operations): "An empty hash defaults to /views/iotconnector". */
export const DEFAULT_PATH = '/views/iotconnector';

/** A remote that neither loads nor fails within this time is reported as failed. */
export const REMOTE_LOAD_TIMEOUT_MS = 20_000;

/**
 * On a start at a plugin's route, the other plugins load once that screen signals it shows its
 * data, on the first user input, or after this long, whichever comes first.
 */
export const DEFERRED_PLUGINS_FALLBACK_MS = 2_000;

/** The shell's i18n namespace and the plugin id its own contributions are registered under. */
export const SHELL_NS = 'shell';

/** The plugins page (navigator 'Administration' > 'Plugins'). */
export const PLUGINS_PATH = '/plugins';

/** The platform's dashboard grid. */

/** Page size asked of /application/applications when looking up the shell application. */
export const APPLICATIONS_PAGE_SIZE = 2000;

/** Languages the shell offers in the user menu. */
export const LANGUAGES = ['en', 'de'] as const;

/** currentUser.customProperties key holding the user's language, as the platform stores it. */
export const LANGUAGE_PROPERTY = 'language';
