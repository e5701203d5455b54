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
    description: 'Stores one file sent as multipart/form-data and answers the URI to link it by; a message linking it shares it with its readers.',
    params: {},
    success: { uri: ['string', 'Where the file is, under this server (the older name).'], url: ['string', 'The same.'] },
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
    description: 'Serves an uploaded file to a user who may see it: its uploader, or a reader of a message linking it.',
    pathSegments: {
      realm_id: { description: 'The id of the realm the file belongs to, as in the URI the upload answered.', example: 2 },
      path: { description: 'The rest of that URI: a random part and the file name.', example: 'a1/b2c3d4e5f6/castle.png' },
    },
    params: {},
    success: {},
    errors: [403, 404],
  },
  getAttachments: {
    method: 'GET',
    path: '/attachments',
    auth: 'user',
    summary: "The caller's uploaded files, with the messages that link them, and the realm's upload space used",
    description: 'Lists the files the caller uploaded, each with the messages linking it, and how much space the realm\'s uploads use.',
    python: 'get_attachments()',
    params: {},
    success: { attachments: ['array', 'The files: id, name, path, size, creation time, messages.'], upload_space_used: ['integer', 'Bytes used by the realm\'s uploads.'] },
  },
  removeAttachment: {
    method: 'DELETE',
    path: '/attachments/:attachment_id',
    auth: 'user',
    summary: "Delete one of the caller's uploaded files",
    description: 'Deletes one of the caller\'s files; messages linking it then link nothing.',
    params: { attachment_id: p.int({ required: true, rangeError: () => badRequest('Invalid attachment'), description: 'The id of the file.', example: 1 }) },
    success: {},
  },
} as const;
