import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from '../core/api';
import { invalid } from '../core/context';
import { MAX_BINARY_BYTES } from './limits';

export interface MultipartUpload {
  /** Text parts by name (the last one wins). */
  fields: Record<string, string>;
  /** The first file part. */
  file?: { data: Buffer; mimetype: string; filename: string };
}

export interface MultipartFileUpload {
  fields: Record<string, string>;
  /** The first file part, written to `path` (the caller removes it). */
  file?: { path: string; mimetype: string; filename: string };
}

const tooLarge = () => new HttpError(413, 'general/Request Entity Too Large', `An uploaded file is at most ${MAX_BINARY_BYTES} bytes`);

/**
 * Reads a multipart/form-data request, handing each file part to `onFile`. A file over
 * MAX_BINARY_BYTES is 413; a malformed body (no or wrong boundary, a cut-off part) is the client's
 * fault: 400 with the platform's error body, never an unexpected error.
 */
async function eachPart(req: FastifyRequest, domain: string, onFile: (part: MultipartFile) => Promise<void>): Promise<Record<string, string>> {
  if (!req.isMultipart()) throw invalid(domain, 'The upload must be multipart/form-data');
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_BINARY_BYTES } })) {
      if (part.type === 'file') {
        await onFile(part as MultipartFile);
        if ((part as MultipartFile).file.truncated) throw tooLarge();
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge();
    if (typeof status === 'number' && status >= 400 && status < 500) throw e;
    throw new HttpError(400, 'general/Bad Request', `The multipart body is malformed: ${(e as Error).message}`);
  }
  return fields;
}

/** A multipart upload read into memory (binaries, which are stored in the database). */
export async function readMultipart(req: FastifyRequest, domain: string): Promise<MultipartUpload> {
  let file: MultipartUpload['file'];
  const fields = await eachPart(req, domain, async (f) => {
    const data = await f.toBuffer();
    file ??= { data, mimetype: f.mimetype, filename: f.filename };
  });
  return { fields, file };
}

/** Prefix of the temporary upload files in the upload folder (left over only by a crash). */
export const UPLOAD_FILE_PREFIX = 'upload-';

/**
 * A multipart upload whose first file part is streamed to a new file in `dir` as it arrives
 * (further file parts are read and dropped), so a large upload never sits in memory. On any
 * failure, a client that aborts included, the file is removed before this rejects.
 */
export async function readMultipartToFile(req: FastifyRequest, domain: string, dir: string): Promise<MultipartFileUpload> {
  let file: MultipartFileUpload['file'];
  let written: string | undefined;
  try {
    const fields = await eachPart(req, domain, async (f) => {
      if (file) {
        await pipeline(f.file, new Writable({ write: (_chunk, _encoding, done) => done() }));
        return;
      }
      fs.mkdirSync(dir, { recursive: true });
      written = path.join(dir, `${UPLOAD_FILE_PREFIX}${randomBytes(8).toString('hex')}`);
      await pipeline(f.file, fs.createWriteStream(written, { flags: 'wx' }));
      file = { path: written, mimetype: f.mimetype, filename: f.filename };
    });
    return { fields, file };
  } catch (e) {
    if (written) fs.rmSync(written, { force: true });
    throw e;
  }
}
