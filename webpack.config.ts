/**
 * One webpack configuration per app: the dev shell (the federation host) and one federated remote
 * per plugin listed in manifest.json. Every app is built in the same mode (STACK.md trap 3).
 *   webpack --env mode=development   (default production)
 *   webpack --env only=device-operations,shell
 */
import path from 'node:path';
import fs from 'node:fs';
import type { Configuration } from 'webpack';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
// webpack 5.111 ships its minimizer as minimizer-webpack-plugin (terser-webpack-plugin's successor).
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { CompileHints } from './scripts/webpack/compile-hints';
import { containerGlobalName } from './shared/plugin-api/container-name';
import { PlatformTranslations } from './scripts/webpack/platform-translations';
import { InlineEarlyScript, PreloadFonts, RemoteEntryPreloadsExposes, ShellStartPreload } from './scripts/webpack/preload';

const root = __dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8')) as {
  shell: { contextPath: string };
  exports: { id: string; contextPath: string; path: string; module: string }[];
};

/** What must exist once per page (ARCHITECTURE.md "Shared singletons"). */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'single-spa',
  'single-spa-react',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  'zustand',
];
// Not shared, on purpose: ag-grid and echarts. A shared module is bundled whole (ag-grid-community
// alone is 367 kB gzip; 'echarts/charts' is every chart type), while each plugin that bundles them
// itself keeps only the modules it registers (AG Grid's row model, bar and pie charts). They load
// with the screen that needs them, and a page shows one grid plugin at a time.

/** SDK modules with page-wide state: one realtime connection, one alert outlet. */
const SHARED_SDK = ['@shared/platform/realtime', '@shared/ui/alerts'];

function versionOf(name: string): string {
  const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  return (pkg.dependencies[base] ?? pkg.devDependencies[base] ?? '0.0.0').replace(/^[^\d]*/, '');
}

function shared(eager = false) {
  const entries: Record<string, object> = {};
  for (const name of SINGLETONS) {
    entries[name] = { singleton: true, requiredVersion: false, version: versionOf(name), eager };
  }
  for (const name of SHARED_SDK) {
    const file = path.join(root, name.replace('@shared/', 'shared/'));
    const exists = ['.ts', '.tsx'].some((ext) => fs.existsSync(file + ext));
    if (exists) entries[name] = { singleton: true, requiredVersion: false, version: pkg.version, import: name, eager };
  }
  return entries;
}

function base(name: string, outDir: string, mode: 'production' | 'development'): Configuration {
  return {
    name,
    mode,
    context: root,
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(root, 'dist', 'apps', outDir),
      publicPath: 'auto',
      filename: '[name].[contenthash:6].js',
      chunkFilename: '[name].[contenthash:6].js',
      assetModuleFilename: 'assets/[name].[contenthash:6][ext]',
      // The shell keeps the compiled platform style between builds (scripts/build-lib.mjs).
      clean: { keep: /c8y-style/ },
      uniqueName: name,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: { '@shared': path.join(root, 'shared') },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: mode === 'development' } },
                target: 'es2022',
              },
            },
          },
        },
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|svg|jpg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true, ecma: 2020 } })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

/** Browser-only builds: drop the federation SDK's Node loader (see the stub's comment). */
const browserOnly = () =>
  new webpack.NormalModuleReplacementPlugin(/@module-federation[\\/]sdk[\\/]dist[\\/]node\.js$/, path.join(root, 'scripts', 'webpack', 'mf-sdk-node-stub.js'));

/**
 * The federation packages ship CommonJS and ESM builds side by side, and the plugin injects some
 * of them with require() (the external-runtime plugin, runtime-tools' runtime-core): the host
 * then bundled the runtime twice, once per format (115 kB of runtime-core alone, two module
 * registries). Every require of a federation .cjs file is pointed at its ESM sibling, so the
 * runtime is bundled once and webpack can drop what is not used.
 */
class FederationRuntimeEsmOnly {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.normalModuleFactory.tap('FederationRuntimeEsmOnly', (nmf) => {
      nmf.hooks.afterResolve.tap('FederationRuntimeEsmOnly', (data) => {
        const created = data.createData as { resource?: string; userRequest?: string; type?: string; parser?: unknown; generator?: unknown };
        const resource = created.resource;
        if (!resource || !/[\\/]node_modules[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/].*\.cjs$/.test(resource)) return;
        const esm = [resource.replace(/\.cjs$/, '.js'), resource.replace(/\.cjs$/, '.mjs')].find((f) => fs.existsSync(f));
        if (!esm) return;
        // The .cjs file was typed javascript/dynamic (CommonJS only); its sibling is an ES module.
        created.resource = esm;
        created.userRequest = esm;
        created.type = 'javascript/esm';
        created.parser = nmf.getParser('javascript/esm');
        created.generator = nmf.getGenerator('javascript/esm');
      });
    });
  }
}

/** Where the shell-early build writes its one file (outside dist/apps: it is inlined, not served). */
const EARLY_OUT = path.join(root, 'dist', 'shell-early');
const EARLY_FILE = path.join(EARLY_OUT, 'early-start.js');

/**
 * The script index.html inlines (shell-dev/app/early-start.ts): a bundle of its own, without the
 * federation runtime (the federation plugin would add its runtime to any entry of the shell's build).
 */
function shellEarlyConfig(mode: 'production' | 'development'): Configuration {
  const cfg = base('shell-early', manifest.shell.contextPath, mode);
  cfg.entry = { 'early-start': './shell-dev/app/early-start.ts' };
  cfg.devtool = false;
  cfg.output = { path: EARLY_OUT, filename: '[name].js', publicPath: 'auto', clean: true, uniqueName: 'shell-early', iife: true };
  cfg.optimization = { ...cfg.optimization, splitChunks: false, runtimeChunk: false };
  cfg.plugins = [];
  return cfg;
}

function shellConfig(mode: 'production' | 'development'): Configuration {
  const cfg = base('shell', manifest.shell.contextPath, mode);
  cfg.dependencies = ['shell-early'];
  cfg.entry = { main: './shell-dev/app/index.ts' };
  // The external federation runtime is emitted through `filename`, where [contenthash] is not available.
  cfg.output = { ...cfg.output, filename: '[name].[fullhash:8].js' };
  cfg.plugins = [
    new ModuleFederationPlugin({
      name: 'shell',
      remotes: {},
      shared: shared(true),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
    }),
    browserOnly(),
    new FederationRuntimeEsmOnly(),
    // The entry is async, not deferred (a deferred script waits for every pending stylesheet, 1.2 MB
    // of platform CSS); it only starts requests and imports the rest, and bootstrap waits for the
    // document and the stylesheet before it renders.
    new HtmlWebpackPlugin({ template: './shell-dev/app/index.html', scriptLoading: 'blocking', inject: 'head' }),
    new ShellStartPreload(/shell-dev[\\/]app[\\/]index\.ts$/),
    new InlineEarlyScript(EARLY_FILE),
    // The body text's three weights and the icon font (scripts/build.mjs builds the stylesheet first).
    new PreloadFonts(path.join(root, 'dist', 'apps', 'shell', 'c8y-style', 'c8y.css'), [
      /public-sans-latin-400-normal\.woff2/,
      /public-sans-latin-600-normal\.woff2/,
      /public-sans-latin-700-normal\.woff2/,
      /dlt-c8y-icons\.ttf/,
    ]),
  ];
  return cfg;
}

/** Platform UI libraries: only ever taken from the platform shell's share scope, never bundled. */
const PLATFORM_UI_SHARED = Object.fromEntries(
  ['@angular/core', '@angular/forms', '@angular/router', '@c8y/ngx-components', '@c8y/ngx-components/context-dashboard'].map((name) => [name, { import: false as const, singleton: true, requiredVersion: false as const }]),
);

/** Chunk names of a remote's two exposes (RemoteEntryPreloadsExposes tells them apart). */
const EXPOSE_CHUNKS = { devShell: 'start', platform: 'platform-start' };

/**
 * The platform module of a plugin, generated: `export const <Module> = toPlatformProviders(plugin)`.
 * Written beside the build output, never edited by hand (one plugin source, two hosts).
 */
function platformModuleFile(id: string, entry: string, moduleName: string): string {
  const dir = path.join(root, 'dist', 'platform-ui-modules');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${id}.ts`);
  const rel = (target: string) => path.relative(dir, path.join(root, target)).split(path.sep).join('/').replace(/\.tsx?$/, '');
  const source =
    `// Generated by webpack.config.ts: the platform UI's module of plugin ${id}.\n` +
    `import plugin from '${rel(entry)}';\n` +
    `import { toPlatformProviders } from '${rel('shared/plugin-api/platform-ui/providers.ts')}';\n` +
    `export const ${moduleName} = toPlatformProviders(plugin);\n`;
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source);
  return file;
}

/**
 * A plugin's remote, one build for both hosts: webpack's own container (as the platform's devkit
 * builds plugins; the platform UI brings no Module Federation 2 runtime, and this entry stays a few
 * kB) as `var <camelCase(contextPath)>`. The dev shell's federation runtime loads it too and asks
 * for './plugin' (the definePlugin data); the platform UI asks for `<Module>` (its providers).
 */
function pluginConfig(id: string, contextPath: string, entry: string, moduleName: string, mode: 'production' | 'development'): Configuration {
  const cfg = base(id, contextPath, mode);
  const name = containerGlobalName(contextPath);
  cfg.entry = {};
  cfg.output = { ...cfg.output, uniqueName: name };
  cfg.plugins = [
    new webpack.container.ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      library: { type: 'var', name },
      exposes: {
        './plugin': { import: entry, name: EXPOSE_CHUNKS.devShell },
        [moduleName]: { import: platformModuleFile(id, entry, moduleName), name: EXPOSE_CHUNKS.platform },
      },
      shared: { ...shared(), ...PLATFORM_UI_SHARED },
    }),
    new RemoteEntryPreloadsExposes('remoteEntry.js', entry, EXPOSE_CHUNKS, /[\\/]shared[\\/]plugin-api[\\/]lazy\.ts$/),
    new CompileHints(/[\\/]node_modules[\\/]ag-grid-(community|react)[\\/]/),
    new PlatformTranslations(entry),
  ];
  return cfg;
}

export default (env: Record<string, string | boolean> = {}): Configuration[] => {
  const mode = env.mode === 'development' ? 'development' : 'production';
  const only = typeof env.only === 'string' ? env.only.split(',') : null;
  const configs: Configuration[] = [];
  if (!only || only.includes('shell')) configs.push(shellEarlyConfig(mode), shellConfig(mode));
  for (const p of manifest.exports) {
    if (only && !only.includes(p.id)) continue;
    configs.push(pluginConfig(p.id, p.contextPath, p.path, p.module, mode));
  }
  return configs;
};
