import yazl from 'yazl';
import { PackageFileError, readPackageManifest, readZipFile, type PackageFileProblem } from './package-file';

/** A zip as `npm run build` writes it (yazl); `compress` per file. */
function zip(files: Record<string, string | Buffer>, compress = true): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of Object.entries(files)) z.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, { compress });
    z.end({ comment: 'a comment after the directory', forceZip64Format: false });
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => {
      const b = Buffer.concat(chunks);
      resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer);
    });
    z.outputStream.on('error', reject);
  });
}

const manifest = {
  name: 'connection-checks',
  version: '1.0.1',
  contextPath: 'connection-checks-v2',
  key: 'connection-checks-v2-key',
  isPackage: true,
  package: 'plugin',
  description: 'URL checks',
  remotes: { 'connection-checks': ['./plugin'] },
};

async function problemOf(data: ArrayBuffer): Promise<PackageFileProblem | 'none'> {
  try {
    await readPackageManifest(data);
    return 'none';
  } catch (e) {
    if (e instanceof PackageFileError) return e.problem;
    throw e;
  }
}

describe('readZipFile', () => {
  it.each([true, false])('reads a file among others (compressed: %s)', async (compress) => {
    const big = 'x'.repeat(100_000);
    const data = await zip({ 'remoteEntry.js': 'entry', 'js/a.js': big, 'cumulocity.json': '{"a":1}' }, compress);
    expect(new TextDecoder().decode(await readZipFile(data, 'js/a.js', 1e6))).toBe(big);
    expect(new TextDecoder().decode(await readZipFile(data, 'cumulocity.json', 1e6))).toBe('{"a":1}');
    expect(await readZipFile(data, 'missing.json', 1e6)).toBeUndefined();
  });

  it('inflates no more than an entry declares (a crafted entry cannot make the page inflate gigabytes)', async () => {
    const data = new Uint8Array(await zip({ 'cumulocity.json': 'x'.repeat(200_000) }));
    const central = Buffer.from(data).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    new DataView(data.buffer).setUint32(central + 24, 5, true);
    const read = await readZipFile(data.buffer, 'cumulocity.json', 1e6).catch((e: PackageFileError) => e.problem);
    expect(read === 'not-zip' || (read instanceof Uint8Array && read.length <= 5)).toBe(true);
  });

  it('refuses an entry larger than asked for', async () => {
    const data = await zip({ 'cumulocity.json': 'x'.repeat(2000) });
    await expect(readZipFile(data, 'cumulocity.json', 1000)).rejects.toMatchObject({ problem: 'not-zip' });
  });
});

describe('readPackageManifest', () => {
  it('returns what creating the application needs', async () => {
    const data = await zip({ 'cumulocity.json': JSON.stringify(manifest), 'remoteEntry.js': 'x' });
    expect(await readPackageManifest(data)).toEqual({
      name: 'connection-checks',
      key: 'connection-checks-v2-key',
      contextPath: 'connection-checks-v2',
      version: '1.0.1',
      description: 'URL checks',
      manifest,
    });
  });

  it('gives a package without a key the platform’s usual one', async () => {
    const data = await zip({ 'cumulocity.json': JSON.stringify({ ...manifest, key: undefined }) });
    expect((await readPackageManifest(data)).key).toBe('connection-checks-v2-key');
  });

  it.each<[string, () => Promise<ArrayBuffer>, PackageFileProblem]>([
    ['not a zip', async () => new TextEncoder().encode('PK but not really a zip file at all').buffer as ArrayBuffer, 'not-zip'],
    ['an empty file', async () => new ArrayBuffer(0), 'not-zip'],
    ['no cumulocity.json', () => zip({ 'remoteEntry.js': 'x' }), 'no-manifest'],
    ['cumulocity.json in a folder only', () => zip({ 'x/cumulocity.json': JSON.stringify(manifest) }), 'no-manifest'],
    ['cumulocity.json not JSON', () => zip({ 'cumulocity.json': '{ nope' }), 'invalid-manifest'],
    ['cumulocity.json an array', () => zip({ 'cumulocity.json': '[]' }), 'invalid-manifest'],
    ['no isPackage', () => zip({ 'cumulocity.json': JSON.stringify({ ...manifest, isPackage: undefined }) }), 'not-plugin'],
    ['a blueprint', () => zip({ 'cumulocity.json': JSON.stringify({ ...manifest, package: 'blueprint' }) }), 'not-plugin'],
    ['no contextPath', () => zip({ 'cumulocity.json': JSON.stringify({ ...manifest, contextPath: ' ' }) }), 'no-context-path'],
  ])('refuses %s', async (_what, make, problem) => {
    expect(await problemOf(await make())).toBe(problem);
  });
});
