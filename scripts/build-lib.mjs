// Build steps shared by `npm run build`, `npm start` and `npm run dev`.
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import stylePurge from './platform-style-purge.cjs';

const { purgeCss, readSources } = stylePurge;

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dist = path.join(root, 'dist');
const STAMP = path.join(dist, '.build-stamp');
const SOURCES = ['plugins', 'shared', 'shell-dev/app', 'webpack.config.ts', 'scripts/webpack', 'manifest.json', 'package-lock.json', 'scripts/build-lib.mjs', 'scripts/platform-style-purge.cjs'];

function* walk(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) {
    for (const e of fs.readdirSync(p).sort()) if (e !== 'node_modules') yield* walk(path.join(p, e));
  } else yield [p, st];
}

/** A hash of every source file's path, size and mtime: no change, no rebuild. */
export function sourceHash(mode) {
  const h = createHash('sha256').update(mode);
  for (const s of SOURCES) for (const [p, st] of walk(path.join(root, s))) h.update(`${p}:${st.size}:${st.mtimeMs}\n`);
  return h.digest('hex');
}

export const isUpToDate = (mode) => fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === sourceHash(mode);
export const writeStamp = (mode) => fs.writeFileSync(STAMP, sourceHash(mode));

export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

/**
 * The platform's design system (@c8y/style, Apache-2.0) compiled once, as the real platform has it
 * on the page already; its fonts and images copied beside it. The page gets it without the rules
 * nothing here can match (scripts/platform-style-purge.cjs: 1.2 MB down to about 230 kB), unless
 * `full` (the watch build: sources change under it).
 */
export async function buildPlatformStyle({ full = false } = {}) {
  const out = path.join(dist, 'apps', 'shell', 'c8y-style');
  const compiledDir = path.join(dist, 'platform-style');
  const compiledFile = path.join(compiledDir, 'c8y.full.css');
  const src = path.join(root, 'node_modules', '@c8y', 'style');
  const version = JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8')).version;
  const marker = path.join(out, '.version');
  const compiled = fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === version && fs.existsSync(compiledFile);
  if (!compiled) await compilePlatformStyle(src, out, compiledFile);
  const css = fs.readFileSync(compiledFile, 'utf8');
  const cssFile = path.join(out, 'c8y.css');
  if (full) {
    fs.writeFileSync(cssFile, css);
  } else {
    const purged = purgeCss(css, readSources(root, STYLED_SOURCES));
    fs.writeFileSync(cssFile, purged.css);
    console.log(
      `@c8y/style: ${purged.rulesDropped} of ${purged.rulesBefore} rules and ${purged.varsDropped} custom properties match nothing here, ` +
        `${(purged.bytesBefore / 1024).toFixed(0)} kB -> ${(purged.bytesAfter / 1024).toFixed(0)} kB`,
    );
  }
  fs.writeFileSync(marker, version);
}

/** Where the elements the platform stylesheet styles come from (see platform-style-purge.cjs). */
const STYLED_SOURCES = ['plugins', 'shared', 'shell-dev/app'];

async function compilePlatformStyle(src, out, compiledFile) {
  const sass = await import('sass');
  const started = Date.now();
  const result = sass.compile(path.join(src, 'main.scss'), {
    loadPaths: [path.join(root, 'node_modules')],
    style: 'compressed',
    quietDeps: true,
    logger: sass.Logger.silent,
  });
  fs.mkdirSync(out, { recursive: true });
  // The style imports its web font from @fontsource: inline those @font-face rules, fonts copied beside.
  const fontImports = [];
  let css = result.css.replace(/@import\s*(?:url\()?['"]~(@fontsource\/[^'"]+)['"]\)?;/g, (_m, file) => {
    const fontCss = fs.readFileSync(path.join(root, 'node_modules', file), 'utf8');
    const dir = path.dirname(file);
    fontImports.push(dir);
    return fontCss.replace(/url\(\.\/files\//g, `url(${dir.replace('@', '')}/files/`);
  });
  for (const dir of new Set(fontImports)) {
    fs.cpSync(path.join(root, 'node_modules', dir, 'files'), path.join(out, dir.replace('@', ''), 'files'), {
      recursive: true,
      filter: (f) => fs.statSync(f).isDirectory() || /latin-(400|600|700)-(normal|italic)\.woff2$/.test(f),
    });
  }
  css = css.replace(/url\((['"]?)(?:\.\.\/)+(assets|img)\//g, 'url($1$2/');
  fs.mkdirSync(path.dirname(compiledFile), { recursive: true });
  fs.writeFileSync(compiledFile, css);
  for (const dir of ['assets', 'img']) {
    fs.cpSync(path.join(src, dir), path.join(out, dir), {
      recursive: true,
      filter: (f) => fs.statSync(f).isDirectory() || /\.(woff2?|ttf|eot|svg|png|webp)$/.test(f),
    });
  }
  console.log(`@c8y/style compiled in ${Date.now() - started} ms (${(css.length / 1024).toFixed(0)} kB)`);
}

export async function buildApps({ mode = 'production', watch = false } = {}) {
  const args = ['webpack', '--env', `mode=${mode}`];
  if (watch) args.push('--watch');
  await run(path.join(root, 'node_modules', '.bin', 'webpack'), args.slice(1));
}
