import fs from 'node:fs';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from '../core/api';
import { tempFileIn, UPLOAD_FILE_PREFIX } from '../core/binaries';
import { invalid } from '../core/context';
import { MAX_BINARY_BYTES } from './limits';

export interface MultipartFileUpload {
  /** Text parts by name (the last one wins). */
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

/** Prefix of the temporary upload files in the upload folder (left over only by a crash). */
export { UPLOAD_FILE_PREFIX };

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
      written = tempFileIn(dir);
      await pipeline(f.file, fs.createWriteStream(written, { flags: 'wx' }));
      file = { path: written, mimetype: f.mimetype, filename: f.filename };
    });
    return { fields, file };
  } catch (e) {
    if (written) fs.rmSync(written, { force: true });
    throw e;
  }
}

/**
 * A raw request body (`body`, handed over unread by the stream parser of its route) streamed to a
 * new file in `dir`: 413 by its Content-Length before reading, or once more than MAX_BINARY_BYTES
 * arrived. On any failure, a client that aborts included, the file is removed before this rejects.
 */
export async function readBodyToFile(req: FastifyRequest, body: Readable, dir: string): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BINARY_BYTES) throw tooLarge();
  const written = tempFileIn(dir);
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > MAX_BINARY_BYTES ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, limit, fs.createWriteStream(written, { flags: 'wx' }));
    return written;
  } catch (e) {
    fs.rmSync(written, { force: true });
    if (e instanceof HttpError) throw e;
    throw new HttpError(400, 'general/Bad Request', `The request body could not be read: ${(e as Error).message}`);
  }
}
