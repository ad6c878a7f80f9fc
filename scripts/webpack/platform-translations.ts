/**
 * The platform UI translates what it renders of a plugin (navigator labels, tab labels, widget
 * names) with its own dictionary, extended per plugin from `/apps/<contextPath>/<lang>.json` in
 * the shape `{ "<lang>": { "<English text>": "<translation>" } }` (@c8y/ngx-components
 * C8yTranslationCache). This emits those files from the plugin's locale files, for the texts its
 * plugin.ts declares (label, title, description), so the platform's own texts stay its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Compiler } from 'webpack';
import webpack from 'webpack';

export const PLATFORM_LANGUAGES = ['en', 'de'] as const;

/** The texts plugin.ts declares as metadata (as scripts/locales.test.ts finds them). */
export function metadataTexts(pluginSource: string): string[] {
  const keys = new Set<string>();
  for (const m of pluginSource.matchAll(/\b(?:label|title|description): '((?:[^'\\]|\\.)*)'/g)) keys.add(m[1]!.replace(/\\'/g, "'"));
  return [...keys].sort();
}

function bundle(localesDir: string, lang: string): Record<string, string> {
  if (!fs.existsSync(localesDir)) return {};
  const files = fs.readdirSync(localesDir).filter((f) => f === `${lang}.json` || f.endsWith(`.${lang}.json`));
  return Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(path.join(localesDir, f), 'utf8')) as Record<string, string>));
}

export class PlatformTranslations {
  constructor(private readonly pluginFile: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PlatformTranslations', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PlatformTranslations', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const file = path.resolve(compiler.context, this.pluginFile);
        const localesDir = path.join(path.dirname(file), 'locales');
        compilation.fileDependencies.add(file);
        compilation.contextDependencies.add(localesDir);
        const texts = metadataTexts(fs.readFileSync(file, 'utf8'));
        for (const lang of PLATFORM_LANGUAGES) {
          const dictionary = bundle(localesDir, lang);
          const entries = texts.filter((t) => typeof dictionary[t] === 'string').map((t) => [t, dictionary[t]]);
          compilation.emitAsset(`${lang}.json`, new webpack.sources.RawSource(JSON.stringify({ [lang]: Object.fromEntries(entries) })));
        }
      });
    });
  }
}
