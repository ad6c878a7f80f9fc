/**
 * Reads an uploaded plugin package with yauzl (the zip reader beside yazl, which writes ours), with
 * the limits an upload from a tenant needs: entry count, unpacked size, names that stay inside the
 * target. yauzl checks each entry's inflated size against its directory record, so a lying entry
 * (a zip bomb) fails instead of filling memory.
 */
import path from 'node:path';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** More files than any plugin build emits; keeps a crafted central directory from looping long. */
export const MAX_ENTRIES = 5000;
/** Unpacked bytes of one package (a zip bomb stops here). */
export const MAX_UNPACKED_BYTES = 500 * 1024 * 1024;
/** Longest name of one file or folder (bytes), as Linux file systems take it (NAME_MAX). */
export const MAX_SEGMENT_BYTES = 255;
/** Longest path of one entry (bytes): far beyond any plugin build, well below PATH_MAX with the data folder before it. */
export const MAX_ENTRY_PATH_BYTES = 1024;

export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** A name that unpacks below the target folder: relative, no '..' segment, no drive or NUL. */
export function safeEntryName(name: string): string | undefined {
  if (name.includes('\0') || name.includes('\\')) return undefined;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return undefined;
  const norm = path.posix.normalize(name);
  if (norm === '.' || norm.startsWith('../') || norm === '..' || norm.split('/').includes('..')) return undefined;
  return norm;
}

/** Why a safe name cannot be unpacked on this file system, if it cannot. */
function nameTooLong(name: string): string | undefined {
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  if (Buffer.byteLength(name) > MAX_ENTRY_PATH_BYTES) return `The entry '${shown}' has a path longer than ${MAX_ENTRY_PATH_BYTES} bytes`;
  if (name.split('/').some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES)) return `The entry '${shown}' has a file or folder name longer than ${MAX_SEGMENT_BYTES} bytes`;
  return undefined;
}

/**
 * A name that is a file and also the folder of another entry ('a' and 'a/b') cannot be unpacked;
 * a name given twice would unpack the second while the first was checked (cumulocity.json).
 */
function fileAndFolder(names: string[]): string | undefined {
  const files = new Set(names);
  if (files.size < names.length) return `The entry '${names.find((n, i) => names.indexOf(n) !== i)}' is in the archive more than once`;
  for (const name of names) {
    for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
      const folder = name.slice(0, i);
      if (files.has(folder)) return `The entry '${folder}' is a file and the folder of '${name}'`;
    }
  }
  return undefined;
}

const open = (buf: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    // strictFileNames off: names are judged by safeEntryName, so the message says which entry.
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (err, zip) =>
      err ? reject(new ZipError(`The file is not a zip archive (${err.message})`)) : resolve(zip),
    ),
  );

function readEntry(zip: ZipFile, entry: Entry, name: string): Promise<Buffer> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    return Promise.reject(new ZipError(`The entry '${name}' uses an unsupported compression (${entry.compressionMethod})`));
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(new ZipError(`The entry '${name}' cannot be unpacked (${err.message})`));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (e: Error) => reject(new ZipError(`The entry '${name}' is damaged (${e.message})`)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** yauzl refuses unsafe names itself ('invalid relative path: ../x', 'absolute path: /x'): said as ours. */
function directoryError(e: Error): ZipError {
  const unsafe = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(e.message);
  return new ZipError(unsafe ? `The entry '${unsafe[1]}' would unpack outside the application` : `The zip directory is damaged (${e.message})`);
}

/** Every file of the zip (folders skipped), or a ZipError that says what is wrong with it. */
export async function readZip(buf: Buffer): Promise<ZipEntry[]> {
  const zip = await open(buf);
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new ZipError(`The archive has more than ${MAX_ENTRIES} entries`);
    const entries: ZipEntry[] = [];
    let unpacked = 0;
    for (;;) {
      const entry = await new Promise<Entry | undefined>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(undefined));
        zip.once('error', (e: Error) => reject(directoryError(e)));
        zip.readEntry();
      });
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) {
        const clash = fileAndFolder(entries.map((e) => e.name));
        if (clash) throw new ZipError(clash);
        return entries;
      }
      if (entry.fileName.endsWith('/')) continue;
      const name = safeEntryName(entry.fileName);
      if (!name) throw new ZipError(`The entry '${entry.fileName}' would unpack outside the application`);
      const tooLong = nameTooLong(name);
      if (tooLong) throw new ZipError(tooLong);
      unpacked += entry.uncompressedSize;
      if (unpacked > MAX_UNPACKED_BYTES) throw new ZipError(`The archive unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
      entries.push({ name, data: await readEntry(zip, entry, name) });
    }
  } finally {
    zip.close();
  }
}
