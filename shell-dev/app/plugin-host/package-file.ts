/**
 * Reads the cumulocity.json of a plugin package zip in the browser, before anything is sent: the
 * application to create takes its name, key and context path from it. A zip's central directory
 * names every file; the manifest is stored or deflated (DecompressionStream does the inflating).
 */
import { isPluginPackage } from './installed';

export const MANIFEST_FILE = 'cumulocity.json';

/** Larger than any manifest; a crafted entry cannot make the page inflate gigabytes. */
const MAX_MANIFEST_BYTES = 1024 * 1024;
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;

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

async function inflateRaw(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** One file of a zip by its name; undefined when the zip holds none of that name. */
export async function readZipFile(zip: ArrayBuffer, name: string, maxBytes: number): Promise<Uint8Array | undefined> {
  const view = new DataView(zip);
  const bytes = new Uint8Array(zip);
  let eocd = -1;
  for (let i = zip.byteLength - EOCD_MIN; i >= Math.max(0, zip.byteLength - EOCD_MIN - MAX_COMMENT); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notZip('no end of central directory record');
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw notZip('broken central directory');
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const entryName = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    if (size > maxBytes) throw notZip(`${name} is larger than ${maxBytes} bytes`);
    if (localOffset + 30 > zip.byteLength || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) throw notZip(`broken entry ${name}`);
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (start + compressedSize > zip.byteLength) throw notZip(`truncated entry ${name}`);
    const data = bytes.subarray(start, start + compressedSize);
    if (method === STORED) return data;
    if (method !== DEFLATED) throw notZip(`${name} uses compression method ${method}`);
    try {
      return await inflateRaw(data);
    } catch (e) {
      throw notZip(`${name} does not inflate: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return undefined;
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
