/**
 * The one image file of an upload request (avatar, realm icon or logo), checked as Zulip's views
 * check it: exactly one file, within the size limit. What it holds is checked when it is decoded
 * (@chat/images).
 */
import { plainError } from '@chat/errors';
import { parseMultipart, type Multipart, type UploadedFile } from '@chat/http';

/** The request's body as it arrived: a multipart form holding the image. */
export interface ImageUpload {
  contentType: string | undefined;
  body: Buffer | undefined;
}

export const megabytes = (mb: number) => mb * 1024 * 1024;

/** The form: its fields and files, each file cut past `maxMb` (and marked so). */
export function readUploadForm(upload: ImageUpload, maxMb: number): Promise<Multipart> {
  return parseMultipart(upload.contentType, upload.body ?? Buffer.alloc(0), megabytes(maxMb));
}

/** "You must upload exactly one avatar." (icon, logo). */
export function exactlyOneFile(files: UploadedFile[], noun: string): UploadedFile {
  if (files.length !== 1) throw plainError(`You must upload exactly one ${noun}.`);
  return files[0]!;
}

/** Zulip's refusal of a file past the limit (its 2.1 wording, in MB). */
export function withinLimit(file: UploadedFile, maxMb: number): UploadedFile {
  if (file.truncated || file.data.length > megabytes(maxMb)) {
    throw plainError(`Uploaded file is larger than the allowed limit of ${maxMb} MB`);
  }
  return file;
}
