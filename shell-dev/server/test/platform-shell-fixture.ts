/** A bundle manifest and built apps on disk, as `npm run build` leaves them, for the platform shell tests. */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import yazl from 'yazl';
import Ajv from 'ajv';
import { tempDir } from './helpers';

/** As manifest.json: the platform's own Services plugin is off (the bundle brings the Services tab). */
export const PLATFORM_SHELL = {
  name: 'Device Management',
  contextPath: 'devicemanagement',
  key: 'devicemanagement-application-key',
  version: '1023.77.1',
  excludedRemotes: { devicemanagement: ['ServicesModule'] },
};

export const EXPORTS = [
  { id: 'device-operations', name: 'Device operations', module: 'DeviceOperationsProviders', contextPath: 'device-operations', version: '1.0.0', defaultEnabled: true },
  { id: 'dashboard-widgets', name: 'Dashboard widgets', module: 'DashboardWidgetsProviders', contextPath: 'dashboard-widgets', version: '1.0.0', defaultEnabled: true },
  { id: 'connection-checks', name: 'Connection checks', module: 'ConnectionChecksProviders', contextPath: 'connection-checks', version: '1.0.0', defaultEnabled: true },
  { id: 'mobile-router', name: 'Mobile router', module: 'MobileRouterProviders', contextPath: 'mobile-router', version: '1.0.0', defaultEnabled: false },
];

/** What the devicemanagement application starts with: the default-enabled plugins, each under `<contextPath>@<version>`. */
export const DEFAULT_REMOTES = {
  'device-operations@1.0.0': ['DeviceOperationsProviders'],
  'dashboard-widgets@1.0.0': ['DashboardWidgetsProviders'],
  'connection-checks@1.0.0': ['ConnectionChecksProviders'],
};

export function bundleManifest(overrides: Record<string, unknown> = {}) {
  return { name: 'adamos-device-operations', version: '1.0.0', contextPath: 'adamos-device-operations', isPackage: true, platformShell: PLATFORM_SHELL, exports: EXPORTS, ...overrides };
}

/** A data folder, a manifest.json and a dist/apps with the platform shell and one file per plugin (its content names it). */
export function bundleOnDisk(manifest: Record<string, unknown> = bundleManifest()): { dataDir: string; manifestPath: string; staticDir: string } {
  const root = tempDir('platform-shell-');
  const manifestPath = path.join(root, 'manifest.json');
  fs.writeFileSync(manifestPath, JSON.stringify(manifest));
  const staticDir = path.join(root, 'dist', 'apps');
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(staticDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(staticDir, rel), content);
  };
  write('devicemanagement/index.html', '<!doctype html><title>platform shell</title>');
  write('devicemanagement/cumulocity.json', JSON.stringify({ contextPath: 'devicemanagement' }));
  for (const e of EXPORTS) {
    write(`${e.contextPath}/remoteEntry.js`, `/* local ${e.contextPath} */`);
    write(`${e.contextPath}/cumulocity.json`, JSON.stringify({ contextPath: e.contextPath, version: e.version }));
  }
  return { dataDir: path.join(root, 'data'), manifestPath, staticDir };
}

/** A zip as `npm run build` writes it (yazl), from name -> content. */
export function zip(files: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of Object.entries(files)) z.addBuffer(Buffer.from(content), name);
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

/** A GET with headers fetch() may not set (Host): what a browser on another host name sends. */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Validates an application against the platform's OpenAPI `application` schema (the subset in
 * c8y-oas-schemas.json). Its `manifest` is `oneOf` the microservice and the web manifest, two
 * open objects without required properties, so every manifest matches both and a literal oneOf
 * would refuse every application that has one; a HOSTED application's manifest is checked as the
 * web manifest it is.
 */
export function applicationSchemaErrors(doc: unknown): string | undefined {
  const schemas = JSON.parse(fs.readFileSync(path.join(__dirname, 'c8y-oas-schemas.json'), 'utf8')) as Record<string, { properties?: Record<string, unknown> }>;
  const web = JSON.parse(JSON.stringify(schemas)) as typeof schemas;
  const type = (doc as { type?: unknown } | undefined)?.type;
  web.application.properties!.manifest = { $ref: `#/components/schemas/${type === 'MICROSERVICE' ? 'microservice' : 'web'}_application_manifest` };
  const ajv = new Ajv({ strict: false, validateFormats: false, validateSchema: false, allErrors: true, logger: false });
  ajv.addSchema({ components: { schemas: web } }, 'oas');
  const validate = ajv.getSchema('oas#/components/schemas/application');
  if (!validate) return 'the OAS subset has no application schema';
  return validate(doc) ? undefined : ajv.errorsText(validate.errors);
}
