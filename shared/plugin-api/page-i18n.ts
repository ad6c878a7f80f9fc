/**
 * Where the page's i18next instance is published (by plugin-api/i18n) for code that must not bundle
 * i18next itself: the fetch client runs in the shell's inline early script too. No imports here.
 */
export const PAGE_I18N = Symbol.for('device-operations.i18n.instance');
