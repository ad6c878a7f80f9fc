// npm run build [-- --mode development] [-- --force]: shell + plugins + platform style + plugin zips,
// then the real platform shell (always its AOT production build; its own stamp, see platform-shell.mjs).
import { buildApps, buildPlatformStyle, isUpToDate, writeStamp } from './build-lib.mjs';
import { packagePlugins } from './package-plugins.mjs';
import { build as buildPlatformShell } from './platform-shell.mjs';

const args = process.argv.slice(2);
const mode = args.includes('--mode') ? args[args.indexOf('--mode') + 1] : 'production';
if (!args.includes('--force') && isUpToDate(mode)) {
  console.log('build: no source changed since the last build, skipped (use --force to rebuild)');
} else {
  const started = Date.now();
  // The stylesheet first: the shell's index.html preloads the fonts it names (PreloadFonts).
  await buildPlatformStyle();
  await buildApps({ mode });
  await packagePlugins();
  writeStamp(mode);
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await buildPlatformShell({ force: args.includes('--force') });
