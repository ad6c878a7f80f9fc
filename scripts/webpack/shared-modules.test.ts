/**
 * README "Federation" and decision "Shared singletons carry no version range": what each host and
 * remote of webpack.config.ts shares, read from the federation plugins of the real configuration.
 */
import makeConfigs from '../../webpack.config';

interface FederationOptions {
  name?: string;
  shared?: Record<string, { singleton?: boolean; requiredVersion?: unknown; import?: unknown }>;
}

const federations: FederationOptions[] = makeConfigs({ mode: 'production' }).flatMap((c) =>
  (c.plugins ?? []).flatMap((p) => {
    // The shell's is @module-federation/enhanced's (`_options`), the remotes' webpack's own (`options`).
    const plugin = p as { _options?: FederationOptions; options?: FederationOptions } | null;
    const options = plugin?._options ?? plugin?.options;
    return p && /ModuleFederationPlugin/.test(p.constructor.name) && options ? [options] : [];
  }),
);

describe('shared modules', () => {
  it('finds the shell and the six plugins', () => {
    expect(federations.map((f) => f.name)).toHaveLength(7);
  });

  it('shares the README singletons, each without a version range, in every host and remote', () => {
    const named = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'single-spa', 'single-spa-react', '@tanstack/react-query', 'i18next', 'react-i18next', 'zustand', '@shared/platform/realtime', '@shared/ui/alerts'];
    for (const f of federations) {
      expect(Object.keys(f.shared ?? {})).toEqual(expect.arrayContaining(named));
      for (const [name, entry] of Object.entries(f.shared ?? {})) {
        expect({ name, singleton: entry.singleton, requiredVersion: entry.requiredVersion }).toEqual({ name, singleton: true, requiredVersion: false });
      }
    }
  });

  it('shares neither ag-grid nor echarts (each plugin bundles the modules it registers)', () => {
    for (const f of federations) expect(Object.keys(f.shared ?? {}).filter((n) => /ag-grid|echarts/.test(n))).toEqual([]);
  });
});
