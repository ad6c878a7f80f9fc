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

/**
 * Reads a multipart/form-data request. A malformed body (no or wrong boundary, a cut-off part)
 * is the client's fault: 400 with the platform's error body, never an unexpected error.
 */
export async function readMultipart(req: FastifyRequest, domain: string): Promise<MultipartUpload> {
  if (!req.isMultipart()) throw invalid(domain, 'The upload must be multipart/form-data');
  const fields: Record<string, string> = {};
  let file: MultipartUpload['file'];
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_BINARY_BYTES } })) {
      if (part.type === 'file') {
        const f = part as MultipartFile;
        const data = await f.toBuffer();
        file ??= { data, mimetype: f.mimetype, filename: f.filename };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const status = (e as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw e;
    throw new HttpError(400, 'general/Bad Request', `The multipart body is malformed: ${(e as Error).message}`);
  }
  return { fields, file };
}
