import type { TFunction } from 'i18next';
import { SHELL_NS } from '../constants';
import type { PluginManifestEntry } from '../plugin-host/enabled';

/**
 * A text of a plugin's manifest entry (its name or description) in the user's language: the
 * plugin's own namespace first (a package may ship it), then the shell's, which translates the
 * bundle's manifest; else as the package wrote it.
 */
export const pluginText = (t: TFunction, p: PluginManifestEntry, text: string): string => t(text, { ns: [p.id, SHELL_NS], defaultValue: text });

/** A plugin's name in the user's language. */
export const pluginName = (t: TFunction, p: PluginManifestEntry): string => pluginText(t, p, p.name);
