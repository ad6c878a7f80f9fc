/**
 * Reads the cumulocity.json of a plugin package zip in the browser, before anything is sent: the
 * application to create takes its name, key and context path from it. fflate reads the zip; only
 * the one entry asked for is inflated, into a buffer of its declared size (at most maxBytes), so a
 * crafted entry cannot make the page inflate gigabytes.
 */
import { unzipSync } from 'fflate';
import { isPluginPackage } from './installed';

export const MANIFEST_FILE = 'cumulocity.json';

/** Larger than any manifest. */
const MAX_MANIFEST_BYTES = 1024 * 1024;

export type PackageFileProblem = 'not-zip' | 'no-manifest' | 'invalid-manifest' | 'not-plugin' | 'no-context-path';

export class PackageFileError extends Error {
  constructor(
    readonly problem: PackageFileProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'PackageFileError';
  }
}

export interface PackageManifest {
  name: string;
  key: string;
  contextPath: string;
  version: string;
  description?: string;
  manifest: Record<string, unknown>;
}

const notZip = (detail: string) => new PackageFileError('not-zip', detail);

/** One file of a zip by its name; undefined when the zip holds none of that name. */
export async function readZipFile(zip: ArrayBuffer, name: string, maxBytes: number): Promise<Uint8Array | undefined> {
  let tooLarge = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(zip), {
      filter: (f) => {
        if (f.name !== name) return false;
        tooLarge = f.originalSize > maxBytes;
        return !tooLarge;
      },
    });
  } catch (e) {
    throw notZip(e instanceof Error ? e.message : String(e));
  }
  if (tooLarge) throw notZip(`${name} is larger than ${maxBytes} bytes`);
  return files[name];
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The package's manifest, checked for what installing it needs. */
export async function readPackageManifest(zip: ArrayBuffer): Promise<PackageManifest> {
  const data = await readZipFile(zip, MANIFEST_FILE, MAX_MANIFEST_BYTES);
  if (!data) throw new PackageFileError('no-manifest', `the zip holds no ${MANIFEST_FILE}`);
  let m: unknown;
  try {
    m = JSON.parse(new TextDecoder().decode(data));
  } catch (e) {
    throw new PackageFileError('invalid-manifest', e instanceof Error ? e.message : String(e));
  }
  if (typeof m !== 'object' || m === null || Array.isArray(m)) throw new PackageFileError('invalid-manifest', `${MANIFEST_FILE} is not a JSON object`);
  if (!isPluginPackage(m)) throw new PackageFileError('not-plugin', `${MANIFEST_FILE} does not declare isPackage: true and package: "plugin"`);
  const contextPath = text(m.contextPath);
  if (!contextPath) throw new PackageFileError('no-context-path', `${MANIFEST_FILE} names no contextPath`);
  const name = text(m.name) ?? contextPath;
  return {
    name,
    // The platform needs a key per application; a manifest without one gets the platform's usual form.
    key: text(m.key) ?? `${contextPath}-key`,
    contextPath,
    version: text(m.version) ?? '0.0.0',
    ...(text(m.description) ? { description: text(m.description) } : {}),
    manifest: m,
  };
}
