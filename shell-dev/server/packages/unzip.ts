/**
 * Reads an uploaded plugin package with yauzl (the zip reader beside yazl, which writes ours), with
 * the limits an upload from a tenant needs: entry count, unpacked size, names that stay inside the
 * target. yauzl checks each entry's inflated size against its directory record, so a lying entry
 * (a zip bomb) fails instead of filling memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
 * The names seen so far, checked one entry at a time before it is unpacked: a name that is a file
 * and also the folder of another entry ('a' and 'a/b') cannot be unpacked; a name given twice
 * would unpack the second while the first was checked (cumulocity.json).
 */
class Layout {
  private readonly files = new Set<string>();
  /** Each folder some file lies in, with the first such file. */
  private readonly folders = new Map<string, string>();

  add(name: string): string | undefined {
    if (this.files.has(name)) return `The entry '${name}' is in the archive more than once`;
    const inside = this.folders.get(name);
    if (inside !== undefined) return `The entry '${name}' is a file and the folder of '${inside}'`;
    for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
      const folder = name.slice(0, i);
      if (this.files.has(folder)) return `The entry '${folder}' is a file and the folder of '${name}'`;
    }
    this.files.add(name);
    for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
      const folder = name.slice(0, i);
      if (!this.folders.has(folder)) this.folders.set(folder, name);
    }
    return undefined;
  }
}

const OPEN_OPTIONS = { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true } as const;

function opened(resolve: (zip: ZipFile) => void, reject: (e: Error) => void) {
  return (err: Error | null, zip: ZipFile) => (err ? reject(new ZipError(`The file is not a zip archive (${err.message})`)) : resolve(zip));
}

// strictFileNames off: names are judged by safeEntryName, so the message says which entry.
const openBuffer = (buf: Buffer) => new Promise<ZipFile>((resolve, reject) => yauzl.fromBuffer(buf, OPEN_OPTIONS, opened(resolve, reject)));
/** Read from the file as entries are unpacked: the archive is never in memory whole. */
const openFile = (file: string) => new Promise<ZipFile>((resolve, reject) => yauzl.open(file, { ...OPEN_OPTIONS, autoClose: false }, opened(resolve, reject)));

function entryStream(zip: ZipFile, entry: Entry, name: string): Promise<Readable> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    return Promise.reject(new ZipError(`The entry '${name}' uses an unsupported compression (${entry.compressionMethod})`));
  }
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(new ZipError(`The entry '${name}' cannot be unpacked (${err.message})`)) : resolve(stream)));
  });
}

const damaged = (name: string, e: Error) => new ZipError(`The entry '${name}' is damaged (${e.message})`);

async function readEntry(zip: ZipFile, entry: Entry, name: string): Promise<Buffer> {
  const stream = await entryStream(zip, entry, name);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('error', (e: Error) => reject(damaged(name, e)));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** One entry to a file; a damaged entry is the archive's fault, a failing write the server's. */
async function writeEntry(zip: ZipFile, entry: Entry, name: string, file: string): Promise<void> {
  const stream = await entryStream(zip, entry, name);
  let readError: Error | undefined;
  stream.once('error', (e: Error) => (readError = e));
  try {
    await pipeline(stream, fs.createWriteStream(file, { flags: 'wx' }));
  } catch (e) {
    throw readError ? damaged(name, readError) : e;
  }
}

/** yauzl refuses unsafe names itself ('invalid relative path: ../x', 'absolute path: /x'): said as ours. */
function directoryError(e: Error): ZipError {
  const unsafe = /^(?:invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(e.message);
  return new ZipError(unsafe ? `The entry '${unsafe[1]}' would unpack outside the application` : `The zip directory is damaged (${e.message})`);
}

/**
 * Walks the zip's files (folders skipped), checking each entry before `take` reads it: the entry
 * count, names, the layout and the unpacked size so far. Throws a ZipError that says what is wrong.
 */
async function walkZip(zip: ZipFile, take: (entry: Entry, name: string) => Promise<void>): Promise<void> {
  try {
    if (zip.entryCount > MAX_ENTRIES) throw new ZipError(`The archive has more than ${MAX_ENTRIES} entries`);
    const layout = new Layout();
    let unpacked = 0;
    for (;;) {
      const entry = await new Promise<Entry | undefined>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(undefined));
        zip.once('error', (e: Error) => reject(directoryError(e)));
        zip.readEntry();
      });
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) return;
      if (entry.fileName.endsWith('/')) continue;
      const name = safeEntryName(entry.fileName);
      if (!name) throw new ZipError(`The entry '${entry.fileName}' would unpack outside the application`);
      const problem = nameTooLong(name) ?? layout.add(name);
      if (problem) throw new ZipError(problem);
      unpacked += entry.uncompressedSize;
      if (unpacked > MAX_UNPACKED_BYTES) throw new ZipError(`The archive unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
      await take(entry, name);
    }
  } finally {
    zip.close();
  }
}

/** Every file of a zip in memory (small archives: tests, tools), or a ZipError that says what is wrong with it. */
export async function readZip(buf: Buffer): Promise<ZipEntry[]> {
  const zip = await openBuffer(buf);
  const entries: ZipEntry[] = [];
  await walkZip(zip, async (entry, name) => void entries.push({ name, data: await readEntry(zip, entry, name) }));
  return entries;
}

/**
 * Unpacks the zip file into `dir` (created; it must not hold the entries already) one entry at a
 * time, so an upload is never in memory whole; answers the files' names. On a ZipError `dir` holds
 * part of the archive: the caller removes it.
 */
export async function unpackZip(file: string, dir: string): Promise<string[]> {
  const zip = await openFile(file);
  const names: string[] = [];
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true });
  await walkZip(zip, async (entry, name) => {
    const target = path.join(root, name);
    if (!target.startsWith(root + path.sep)) throw new ZipError(`The entry '${name}' would unpack outside the application`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await writeEntry(zip, entry, name, target);
    names.push(name);
  });
  return names;
}
