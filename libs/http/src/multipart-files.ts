/**
 * multipart/form-data, read with busboy in one place for the two kinds of request that send it:
 * every form (fields only, as Zulip's process_as_post reads them: flat names, the last of a
 * repeated field wins) and the raw-body upload endpoints (files, up to a size each).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { ApiError, badRequest } from '@chat/errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
  /** The file went past `maxFileBytes` and was cut there. */
  truncated: boolean;
}

export interface Multipart {
  /** A repeated field's values in order (the urlencoded parser gives the same). */
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

export interface MultipartLimits {
  /** Bytes of one field's value; past it the request is 413. */
  fieldBytes: number;
  /** Fields in the body; past it the request is 413. */
  fields: number;
  /** Files in the body: 0 refuses any file (a form); past it the request is malformed. */
  files: number;
  /** Bytes of one file; past it the file is cut and marked truncated. */
  fileBytes: number;
}

/** A field's value at most, in forms and uploads alike (the urlencoded parser's size too). */
export const MULTIPART_FIELD_BYTES = 1024 * 1024;

const malformed = () => badRequest('Malformed request body');
const tooLarge = () => new ApiError('Request body too large', { status: 413 });
const tooMany = () => new ApiError('Too many parameters', { status: 413 });

export function isMultipart(contentType: string | undefined): boolean {
  return contentType !== undefined && /^multipart\/form-data/i.test(contentType);
}

/** Reads a multipart body from `body` (a request, or bytes already read); errors are ApiErrors. */
export function readMultipart(headers: IncomingHttpHeaders, body: Readable, limits: MultipartLimits): Promise<Multipart> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        limits: { fieldSize: limits.fieldBytes, fields: limits.fields, files: limits.files, fileSize: limits.fileBytes },
      });
    } catch {
      reject(malformed()); // no boundary, or not multipart
      return;
    }
    const result: Multipart = { fields: {}, files: [] };
    let failure: ApiError | null = null;
    const fail = (error: ApiError) => {
      failure ??= error;
      body.unpipe(parser);
      body.resume(); // the rest of the body is read and dropped, so the answer can be sent
      reject(failure);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(tooLarge());
      const before = result.fields[name];
      result.fields[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (truncated = true));
      stream.on('close', () => {
        result.files.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks), truncated });
      });
    });
    parser.on('filesLimit', () => fail(malformed()));
    parser.on('fieldsLimit', () => fail(tooMany()));
    parser.on('error', () => fail(malformed()));
    parser.on('close', () => {
      if (!failure) resolve(result);
    });
    body.pipe(parser);
  });
}

/** The files (and fields) of an upload endpoint's raw body; a body that is not multipart has none. */
export function parseMultipart(contentType: string | undefined, body: Buffer, maxFileBytes: number): Promise<Multipart> {
  if (!isMultipart(contentType)) return Promise.resolve({ fields: {}, files: [] });
  return readMultipart({ 'content-type': contentType }, Readable.from([body]), {
    fieldBytes: MULTIPART_FIELD_BYTES,
    fields: 100,
    files: 10,
    fileBytes: maxFileBytes,
  });
}
