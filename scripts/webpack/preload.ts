/**
 * Preload hints that cut round trips from a cold start. Module Federation loads code in hops (the
 * shell's entry, then its shared libraries; a remote entry, then the module it exposes): each hop
 * waited for the previous script to run before the browser learnt the next file's name. These
 * plugins name the next files early, so they download while the previous hop still runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Chunk, ChunkGroup, Compilation, Compiler } from 'webpack';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';

const jsFilesOf = (groups: Iterable<ChunkGroup>): string[] => {
  const files = new Set<string>();
  for (const g of groups) for (const chunk of g.chunks as Chunk[]) for (const f of chunk.files) if (f.endsWith('.js')) files.add(f);
  return [...files].sort();
};

const moduleKind = (m: unknown): string => (m as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
const resourceOf = (m: unknown): string => (m as { resource?: string } | null)?.resource ?? '';

/**
 * Shell: its index.html preloads the chunks every start runs before the first render (the
 * bootstrap module's chunks and the shared libraries the shell provides to the page), and its
 * entry script is async so the platform stylesheet does not hold it back.
 */
export class ShellStartPreload {
  constructor(private readonly entryResource: RegExp) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('ShellStartPreload', (compilation: Compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('ShellStartPreload', (data) => {
        const groups = compilation.chunkGroups.filter((g) =>
          g.origins.some((o) => moduleKind(o.module) === 'ProvideSharedModule' || this.entryResource.test(resourceOf(o.module))),
        );
        const base = data.publicPath;
        const preloads = jsFilesOf(groups).map((f) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: base + f }),
        );
        for (const tag of data.headTags) if (tag.tagName === 'script') tag.attributes = { ...tag.attributes, defer: false, async: true };
        data.headTags.push(...preloads);
        return data;
      });
    });
  }
}

/**
 * The chunk groups of a remote's exposed modules (what a host runs when the plugin starts); with
 * `name`, only the expose of that chunk name (webpack.config.ts names each expose).
 */
export const exposedChunkGroups = (compilation: Compilation, name?: string): ChunkGroup[] =>
  compilation.chunkGroups.filter((g) => g.origins.some((o) => moduleKind(o.module) === 'ContainerEntryModule') && (name === undefined || g.name === name));

/** Runs `edit` on the emitted files after minification (which drops comments) and before source maps are made. */
export function afterMinification(compiler: Compiler, name: string, edit: (compilation: Compilation) => void): void {
  compiler.hooks.thisCompilation.tap(name, (compilation: Compilation) => {
    compilation.hooks.processAssets.tap({ name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 }, () => edit(compilation));
  });
}

/**
 * The routes of a plugin module's source and the import() request of each one's loader, as
 * plugin.ts files write them: `defineRoute({ ..., path: '/views/:deviceType', ..., loader:
 * lazy(() => import('./features/x')) })`. A path written as a constant is not found: that route
 * simply loads its code as before.
 */
export function routeImports(source: string): { path: string; request: string }[] {
  const routes: { path: string; request: string }[] = [];
  for (const m of source.matchAll(/defineRoute\(\{([^{}]*)\}\)/g)) {
    const path = /\bpath:\s*'([^']+)'/.exec(m[1]!)?.[1];
    const request = /import\(\s*'([^']+)'\s*\)/.exec(m[1]!)?.[1];
    if (path && request) routes.push({ path, request });
  }
  return routes;
}

/**
 * The dashboards of a plugin module's source and the import() request of each of its widgets'
 * loaders: a dashboard page shows its plugin's widgets (`defineDashboard({ ..., path:
 * '/board', ... })` with `defineWidget({ ..., loader: lazy(() => import('./features/w')) })`).
 */
export function dashboardImports(source: string): { path: string; request: string }[] {
  const widgets = [...source.matchAll(/defineWidget\(\{([^{}]*)\}\)/g)].flatMap((m) => {
    const request = /\bloader:\s*lazy\(\s*\(\)\s*=>\s*import\(\s*(?:\/\*[\s\S]*?\*\/\s*)?'([^']+)'\s*\)/.exec(m[1]!)?.[1];
    return request ? [request] : [];
  });
  return [...source.matchAll(/defineDashboard\(\{([^{}]*)\}\)/g)].flatMap((m) => {
    const path = /\bpath:\s*'([^']+)'/.exec(m[1]!)?.[1];
    return path ? widgets.map((request) => ({ path, request })) : [];
  });
}

/** A route pattern ('/views/:deviceType') as a regular expression source for a hash path. */
export const routePatternSource = (path: string): string =>
  `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+')}$`;

/** A chunk group's files and those of the groups it preloads (webpackPreload), transitively. */
function filesWithPreloads(group: ChunkGroup, compilation: Compilation, seen = new Set<ChunkGroup>()): string[] {
  if (seen.has(group)) return [];
  seen.add(group);
  const preloads = (group.getChildrenByOrders(compilation.moduleGraph, compilation.chunkGraph).preload ?? []) as ChunkGroup[];
  return [...jsFilesOf([group]), ...preloads.flatMap((g) => filesWithPreloads(g, compilation, seen))];
}

/**
 * Remote: its remoteEntry.js, when it runs, preloads the chunks of the module its host will ask
 * for right after initialising the container (the dev shell, whose federation runtime is on the
 * page as __FEDERATION__, asks for './plugin'; the platform UI for the platform module), and the chunks of the route
 * the page is on if it is one of this plugin's (`entry`'s defineRoute calls; for its
 * defineDashboard path, its widgets' chunks with echarts): they used to be asked
 * for only after the plugin had started and registered, and the device list then sat idle waiting
 * for AG Grid's chunk.
 */
export class RemoteEntryPreloadsExposes {
  constructor(
    private readonly remoteEntryFile: string,
    private readonly entry: string,
    /** Chunk names of the dev shell's expose and of the platform UI's. */
    private readonly exposes: { devShell: string; platform: string },
    /** The module whose import() every route loader also makes (the parcel wrapper), if any. */
    private readonly loaderHelper?: RegExp,
  ) {}

  apply(compiler: Compiler) {
    // The snippet is written minified.
    afterMinification(compiler, 'RemoteEntryPreloadsExposes', (compilation) => {
      const asset = compilation.getAsset(this.remoteEntryFile);
      if (!asset) return;
      const devFiles = jsFilesOf(exposedChunkGroups(compilation, this.exposes.devShell));
      const platformFiles = jsFilesOf(exposedChunkGroups(compilation, this.exposes.platform));
      const files = [...new Set([...devFiles, ...platformFiles])];
      if (files.length === 0) return;
      const entry = path.resolve(compiler.context, this.entry);
      const helper = this.loaderHelper;
      const helperFiles = helper ? jsFilesOf(compilation.chunkGroups.filter((g) => g.origins.some((o) => helper.test(resourceOf(o.module))))) : [];
      const source = fs.readFileSync(entry, 'utf8');
      // A page's files: a route's loader, or the widgets' loaders of a dashboard (one entry per path).
      const byPath = new Map<string, Set<string>>();
      for (const { path: route, request } of [...routeImports(source), ...dashboardImports(source)]) {
        const group = compilation.chunkGroups.find((g) => g.origins.some((o) => o.request === request && resourceOf(o.module) === entry));
        if (!group) continue;
        const own = byPath.get(route) ?? new Set<string>();
        for (const f of [...filesWithPreloads(group, compilation), ...helperFiles]) if (!files.includes(f)) own.add(f);
        byPath.set(route, own);
      }
      const routes = [...byPath].flatMap(([route, own]) => (own.size ? [[routePatternSource(route), [...own]]] : []));
      // Relative to the remote entry's own URL: the shell decides where a plugin is served. A
      // failure here costs only the preloads (the entry must still define its container). Every
      // file is named once (F) and routes list indices: the entry is fetched uncached on each load.
      const table = [...new Set([...devFiles, ...platformFiles, ...routes.flatMap(([, own]) => own as string[])])];
      const ix = (list: string[]) => list.map((f) => table.indexOf(f));
      const snippet =
        `!function(){try{var s=document.currentScript,b=s&&s.src?s.src.replace(/[^/]*$/,""):"",F=${JSON.stringify(table)},` +
        `p=function(i){var l=document.createElement("link");l.rel="preload";l.as="script";l.href=b+F[i];document.head.appendChild(l)},` +
        `h=location.hash.replace(/^#/,"").split("?")[0];(window.__FEDERATION__?${JSON.stringify(ix(devFiles))}:${JSON.stringify(ix(platformFiles))}).forEach(p);` +
        `${JSON.stringify(routes.map(([re, own]) => [re, ix(own as string[])]))}.some(function(r){return new RegExp(r[0]).test(h)&&(r[1].forEach(p),!0)})}catch(e){console.warn("preloads failed",e)}}();\n`;
      compilation.updateAsset(this.remoteEntryFile, (source) => new webpack.sources.ConcatSource(snippet, source));
    });
  }
}

/**
 * Shell: index.html carries the early-start script inline, ahead of the stylesheet (an inline
 * script after a pending stylesheet would wait for it), so the first requests leave while the
 * HTML is still being read. `file` is the shell-early build's output.
 */
export class InlineEarlyScript {
  constructor(private readonly file: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('InlineEarlyScript', (compilation: Compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('InlineEarlyScript', (data) => {
        compilation.fileDependencies.add(this.file);
        if (!fs.existsSync(this.file)) {
          compilation.errors.push(new webpack.WebpackError(`InlineEarlyScript: ${this.file} is missing (the shell-early build runs first)`));
          return data;
        }
        // '</' inside the code would close the script element early.
        const code = fs.readFileSync(this.file, 'utf8').trim().replace(/<\//g, '<\\/');
        const anchor = data.html.indexOf('<link rel="stylesheet"');
        if (anchor < 0) {
          compilation.errors.push(new webpack.WebpackError('InlineEarlyScript: index.html has no <link rel="stylesheet"> to put the script before'));
          return data;
        }
        data.html = `${data.html.slice(0, anchor)}<script>${code}</script>\n    ${data.html.slice(anchor)}`;
        return data;
      });
    });
  }
}

/**
 * Shell: index.html preloads the web fonts the first screen draws with, found in the compiled
 * platform stylesheet (`cssFile`, built before the apps) by `patterns` on their URLs. Found by the
 * stylesheet, each font started only when the first layout needed it, and each arrival laid the
 * page out again; preloaded, they are there for the first layout (~50 ms of a cold list). A
 * preload must name the stylesheet's exact URL (query string included) or the font downloads twice.
 */
export class PreloadFonts {
  constructor(
    private readonly cssFile: string,
    private readonly patterns: readonly RegExp[],
  ) {}

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('PreloadFonts', (compilation: Compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFonts', (data) => {
        if (!fs.existsSync(this.cssFile)) {
          compilation.warnings.push(new webpack.WebpackError(`PreloadFonts: ${this.cssFile} is not built yet; index.html preloads no fonts`));
          return data;
        }
        const css = fs.readFileSync(this.cssFile, 'utf8');
        const urls = [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)].map((m) => m[2]!);
        const base = `${data.publicPath}${path.posix.dirname(path.relative(compiler.outputPath, this.cssFile).split(path.sep).join('/'))}/`;
        const tags: HtmlWebpackPlugin.HtmlTagObject[] = [];
        for (const pattern of this.patterns) {
          const url = urls.find((u) => pattern.test(u));
          if (!url) {
            compilation.errors.push(new webpack.WebpackError(`PreloadFonts: no font URL in ${this.cssFile} matches ${pattern}`));
            continue;
          }
          const type = /\.woff2(\?|$)/.test(url) ? 'font/woff2' : /\.woff(\?|$)/.test(url) ? 'font/woff' : 'font/ttf';
          // Fonts are fetched in CORS mode: without crossorigin the preload would not be reused.
          tags.push(HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'font', type, href: base + url, crossorigin: true }));
        }
        data.headTags.unshift(...tags);
        return data;
      });
    });
  }
}
