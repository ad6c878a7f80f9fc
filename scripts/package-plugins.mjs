// dist/<plugin-id>.zip per plugin: its built files plus a cumulocity.json following the platform's
// fields (name, version, contextPath, key, isPackage, exports, versioningMatrix), as a tenant
// admin uploads it.
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { dist, root } from './build-lib.mjs';

export function pluginManifest(bundle, plugin) {
  return {
    name: plugin.id,
    version: plugin.version,
    contextPath: plugin.contextPath,
    key: `${plugin.id}-key`,
    isPackage: true,
    package: 'plugin',
    description: plugin.description,
    license: bundle.license,
    author: bundle.author,
    requiredPlatformVersion: bundle.requiredPlatformVersion,
    versioningMatrix: bundle.versioningMatrix,
    // The platform's shape: the plugin's own context path and the module its remote exposes (and
    // exports by that name). The platform UI loads it; the dev shell asks the same remote for './plugin'.
    remotes: { [plugin.contextPath]: [plugin.module] },
    // routes: the dev shell loads the plugin owning the start route before the others (README, start-up order).
    exports: [{ name: plugin.name, module: plugin.module, path: plugin.path, description: plugin.description, type: 'extension', ...(plugin.routes ? { routes: plugin.routes } : {}) }],
  };
}

export async function packagePlugins() {
  const bundle = JSON.parse(fs.readFileSync(path.join(root, 'manifest.json'), 'utf8'));
  await Promise.all(
    bundle.exports.map(
      (plugin) =>
        new Promise((resolve, reject) => {
          const dir = path.join(dist, 'apps', plugin.contextPath);
          const zip = new yazl.ZipFile();
          for (const file of fs.readdirSync(dir, { recursive: true })) {
            const full = path.join(dir, file);
            if (fs.statSync(full).isFile() && !file.endsWith('.map')) zip.addFile(full, file);
          }
          zip.addBuffer(Buffer.from(JSON.stringify(pluginManifest(bundle, plugin), null, 2)), 'cumulocity.json');
          zip.end();
          zip.outputStream.pipe(fs.createWriteStream(path.join(dist, `${plugin.id}.zip`))).on('close', resolve).on('error', reject);
        }),
    ),
  );
}
