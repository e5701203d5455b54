/**
 * Files out of a multipart/form-data body an upload endpoint received raw (libs/http hands rawBody
 * endpoints the unparsed bytes; the shared form parsers accept no files).
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { badRequest } from '@chat/errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
  /** The file went past `maxFileBytes` and was cut there. */
  truncated: boolean;
}

export interface Multipart {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export function parseMultipart(contentType: string | undefined, body: Buffer, maxFileBytes: number): Promise<Multipart> {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return Promise.resolve({ fields: {}, files: [] });
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: { fileSize: maxFileBytes, files: 10, fields: 100 } });
    } catch {
      reject(badRequest('Malformed request body'));
      return;
    }
    const result: Multipart = { fields: {}, files: [] };
    parser.on('field', (name, value) => (result.fields[name] = value));
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      let truncated = false;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (truncated = true));
      stream.on('close', () => {
        result.files.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks), truncated });
      });
    });
    parser.on('close', () => resolve(result));
    parser.on('error', () => reject(badRequest('Malformed request body')));
    Readable.from([body]).pipe(parser);
  });
}
