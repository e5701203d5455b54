/**
 * Uploaded files and attachments (the message service: a message's content links them), declared
 * in messageEndpoints (message.ts), in this order, between the realm filters and the internal API.
 */
import { badRequest } from '@chat/errors';
import * as p from '../params';

export const messageFileEndpoints = {
  uploadFile: {
    method: 'POST',
    path: '/user_uploads',
    auth: 'user',
    summary: 'Upload one file (multipart/form-data), to be linked from a message by the URI answered',
    params: {},
    success: { uri: 'string', url: 'string' },
    // The limit follows the server's MAX_FILE_UPLOAD_SIZE, given when the handler is bound.
    rawBody: { upload: true },
    errors: [413],
  },
  getUploadedFile: {
    method: 'GET',
    path: '/user_uploads/:realm_id/*path',
    auth: 'user',
    summary: 'Download an uploaded file: the answer is the file itself, not JSON (a short HTML page when refused or missing)',
    // No parameters: the handler reads the realm id and the wildcard's segments from the path as
    // they are, so a path naming no file gets the file's own 404 page, not a parameter error.
    params: {},
    success: {},
    errors: [403, 404],
  },
  getAttachments: {
    method: 'GET',
    path: '/attachments',
    auth: 'user',
    summary: "The caller's uploaded files, with the messages that link them, and the realm's upload space used",
    params: {},
    success: { attachments: 'array', upload_space_used: 'integer' },
  },
  removeAttachment: {
    method: 'DELETE',
    path: '/attachments/:attachment_id',
    auth: 'user',
    summary: "Delete one of the caller's uploaded files",
    params: { attachment_id: p.int({ required: true, rangeError: () => badRequest('Invalid attachment') }) },
    success: {},
  },
} as const;
