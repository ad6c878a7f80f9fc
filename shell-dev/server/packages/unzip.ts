/**
 * A small zip reader for uploaded plugin packages: stored and deflated entries, with the limits an
 * upload from a tenant needs (entry count, unpacked size, names that stay inside the target).
 */
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** More files than any plugin build emits; keeps a crafted central directory from looping long. */
export const MAX_ENTRIES = 5000;
/** Unpacked bytes of one package (a zip bomb stops here). */
export const MAX_UNPACKED_BYTES = 500 * 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

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

export function readZip(buf: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = buf.length - EOCD_MIN; i >= Math.max(0, buf.length - EOCD_MIN - MAX_COMMENT); i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('The file is not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (count > MAX_ENTRIES) throw new ZipError(`The archive has more than ${MAX_ENTRIES} entries`);
  const entries: ZipEntry[] = [];
  let unpacked = 0;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw new ZipError('The zip directory is damaged');
    const method = buf.readUInt16LE(offset + 10);
    const compressed = buf.readUInt32LE(offset + 20);
    const size = buf.readUInt32LE(offset + 24);
    const nameLen = buf.readUInt16LE(offset + 28);
    const extraLen = buf.readUInt16LE(offset + 30);
    const commentLen = buf.readUInt16LE(offset + 32);
    const local = buf.readUInt32LE(offset + 42);
    const rawName = buf.subarray(offset + 46, offset + 46 + nameLen).toString('utf8');
    offset += 46 + nameLen + extraLen + commentLen;
    if (rawName.endsWith('/')) continue;
    const name = safeEntryName(rawName);
    if (!name) throw new ZipError(`The entry '${rawName}' would unpack outside the application`);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL_SIGNATURE) throw new ZipError(`The entry '${name}' is damaged`);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw new ZipError(`The entry '${name}' is cut off`);
    const raw = buf.subarray(start, start + compressed);
    unpacked += size;
    if (unpacked > MAX_UNPACKED_BYTES) throw new ZipError(`The archive unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
    let data: Buffer;
    try {
      if (method === 0) data = Buffer.from(raw);
      else if (method === 8) data = inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
      else throw new ZipError(`The entry '${name}' uses an unsupported compression (${method})`);
    } catch (e) {
      if (e instanceof ZipError) throw e;
      throw new ZipError(`The entry '${name}' cannot be unpacked`);
    }
    if (data.length !== size) throw new ZipError(`The entry '${name}' is damaged`);
    entries.push({ name, data });
  }
  return entries;
}
