// The uploaded file, from either form POST /api/imports accepts: JSON (CreateImportRequest, the web
// app's way: text, or base64 for a .zip) or multipart/form-data with the field `file` (and an
// optional `source`). Either way the file is held in memory only while it is read, never stored.
import type { Request } from 'express';
import busboy from 'busboy';
import { CreateImportRequest, IMPORT_MAX_BYTES, IMPORT_SOURCE_PROBLEM, ImportSource } from '@app/shared';
import { badRequest, fieldError, tooLarge as tooLargeError, type HttpError } from '../../http/errors.js';
import { parseWith } from '../../http/validate.js';
import type { ImportUpload } from './imports.service.js';

export const FILE_TOO_LARGE = 'The file is larger than 10 MB';
const tooLarge = () => tooLargeError(FILE_TOO_LARGE);

/** The JSON form's body limit: base64 of a 10 MB file plus the other fields. */
export const IMPORT_JSON_LIMIT_BYTES = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 64 * 1024;
/** A multipart body this much larger than the file limit is refused before it is read. */
const MULTIPART_OVERHEAD = 64 * 1024;
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

export function isMultipart(req: Request): boolean {
  return req.is('multipart/form-data') === 'multipart/form-data';
}

export function uploadFromJson(body: unknown): ImportUpload {
  const input = parseWith(CreateImportRequest, body ?? {});
  if (input.encoding === 'base64' && !BASE64.test(input.content)) {
    throw fieldError('content', 'not valid base64', 'content: not valid base64');
  }
  const bytes = Buffer.from(input.content, input.encoding === 'base64' ? 'base64' : 'utf8');
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  return { filename: input.filename, bytes, source: input.source, profile: input.profile };
}

function checkFilename(name: string | undefined): string {
  const filename = (name ?? '').trim();
  if (!filename) throw badRequest('The file has no name: send it as the field "file" of a form upload');
  if (filename.length > 255) throw badRequest('filename is too long');
  if (filename.includes('\u0000')) throw badRequest('filename must not contain NUL characters');
  return filename;
}

/** Reads a multipart upload: one file (field `file`, at most IMPORT_MAX_BYTES), an optional `source` and an optional `profile`. */
export function uploadFromMultipart(req: Request): Promise<ImportUpload> {
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 4, fieldSize: 1024, parts: 8 } });
    } catch (err) {
      reject(badRequest(`The upload is not a valid form: ${(err as Error).message}`));
      return;
    }
    const chunks: Buffer[] = [];
    let filename: string | undefined;
    let gotFile = false;
    let truncated = false;
    let source: string | undefined;
    let profile: string | undefined;
    let failed: HttpError | null = null;
    bb.on('file', (field, stream, info) => {
      if (field !== 'file' || gotFile) {
        stream.resume();
        return;
      }
      gotFile = true;
      filename = info.filename;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        truncated = true;
      });
    });
    bb.on('field', (field, value, info) => {
      if (field === 'source') {
        if (info.valueTruncated) failed ??= badRequest(IMPORT_SOURCE_PROBLEM);
        source = value;
      }
      if (field === 'profile') profile = value;
    });
    bb.on('filesLimit', () => {
      failed ??= badRequest('Send one file per import');
    });
    bb.on('error', (err: Error) => reject(badRequest(`The upload is not a valid form: ${err.message}`)));
    // A client that goes away mid-upload: settle now (nobody is left to answer) and drop the chunks.
    req.on('close', () => {
      if (req.complete) return;
      chunks.length = 0;
      reject(badRequest('The upload was interrupted'));
    });
    bb.on('close', () => {
      try {
        if (truncated) throw tooLarge();
        if (failed) throw failed;
        if (!gotFile) throw badRequest('No file: send it as the field "file" of a multipart/form-data upload');
        const parsedSource = source === undefined || source === '' ? undefined : parseWith(ImportSource, source);
        const parsedProfile = profile === undefined || profile === '' ? undefined : parseWith(CreateImportRequest.shape.profile, profile);
        resolve({ filename: checkFilename(filename), bytes: Buffer.concat(chunks), source: parsedSource, profile: parsedProfile });
      } catch (err) {
        reject(err);
      }
    });
    req.pipe(bb);
  });
}
