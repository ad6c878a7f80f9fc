/**
 * Preload hints that cut round trips from a cold start. Module Federation loads code in hops (the
 * shell's entry, then its shared libraries; a remote entry, then the module it exposes): each hop
 * waited for the previous script to run before the browser learnt the next file's name. These
 * plugins name the next files early, so they download while the previous hop still runs.
 */
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
 * Remote: its remoteEntry.js, when it runs, preloads the chunks of the modules it exposes (the
 * shell asks for './plugin' right after initialising the container).
 */
export class RemoteEntryPreloadsExposes {
  constructor(private readonly remoteEntryFile: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RemoteEntryPreloadsExposes', (compilation: Compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (the snippet is written minified) and before the source map is made.
        { name: 'RemoteEntryPreloadsExposes', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING - 1 },
        () => {
          const asset = compilation.getAsset(this.remoteEntryFile);
          if (!asset) return;
          const groups = compilation.chunkGroups.filter((g) => g.origins.some((o) => moduleKind(o.module) === 'ContainerEntryModule'));
          const files = jsFilesOf(groups);
          if (files.length === 0) return;
          // Relative to the remote entry's own URL: the shell decides where a plugin is served.
          const snippet =
            `!function(){try{var s=document.currentScript,b=s&&s.src?s.src.replace(/[^/]*$/,""):"";` +
            `${JSON.stringify(files)}.forEach(function(f){var l=document.createElement("link");l.rel="preload";l.as="script";l.href=b+f;document.head.appendChild(l)})}catch(e){}}();\n`;
          compilation.updateAsset(this.remoteEntryFile, (source) => new webpack.sources.ConcatSource(snippet, source));
        },
      );
    });
  }
}
