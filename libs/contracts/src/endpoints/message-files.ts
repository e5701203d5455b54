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
    description:
      'Stores one file sent as multipart/form-data and answers the URI to link it by; a message linking it shares it with its readers.',
    params: {},
    success: { uri: ['string', 'Where the file is, under this server (the older name).'], url: ['string', 'The same.'] },
    // The limit follows the server's MAX_FILE_UPLOAD_SIZE, given when the handler is bound.
    rawBody: { upload: true },
    errors: [413],
  },
  getFileTemporaryUrl: {
    method: 'GET',
    path: '/user_uploads/:realm_id/*path',
    auth: 'user',
    summary: 'A temporary URL of an uploaded file, which serves it without credentials for about a minute',
    // Zulip's serve_file_url_backend (feature level 1): the mobile app opens a linked file in the
    // system's browser, which holds no credentials, through this URL.
    description:
      'Answers `url`, a path under this server (`/user_uploads/temporary/<token>/<file name>`) that serves the file to anyone for `SIGNED_ACCESS_TOKEN_VALIDITY_IN_SECONDS` (60) seconds, to a caller who may see the file: its uploader, or a reader of a message linking it. Request it right before opening the file; never store it.',
    pathSegments: {
      realm_id: { description: 'The id of the realm the file belongs to, as in the URI the upload answered.', example: 2 },
      path: { description: 'The rest of that URI: a random part and the file name.', example: 'a1/b2c3d4e5f6/castle.png' },
    },
    params: {},
    success: { url: ['string', 'The temporary URL, a path under this server.'] },
    errors: [403, 404],
  },
  // The two below are served at the root, where messages and temporary URLs link files; the
  // temporary one first, so its path is never read as a realm id and a file path.
  getFileByTemporaryUrl: {
    method: 'GET',
    path: '/user_uploads/temporary/:token/:filename',
    auth: 'public',
    root: true,
    summary: 'Download an uploaded file through a temporary URL, without credentials: the answer is the file itself',
    description:
      'Serves the file a temporary URL (GET /user_uploads/{realm_id}/{path}) names while it is valid. A token that is not valid any more (expired, or the file or its reader gone) is `Invalid token`; a file name other than the one the token is for, `Invalid filename`.',
    params: {
      token: p.string({
        required: true,
        description: 'The signed token of the temporary URL.',
        example: '10.1700000000.Mi9hMS9jYXN0bGUucG5n.c2lnbmF0dXJl',
      }),
      filename: p.string({ required: true, description: "The file name, the last part of the file's path.", example: 'castle.png' }),
    },
    success: {},
  },
  getUploadedFile: {
    method: 'GET',
    path: '/user_uploads/:realm_id/*path',
    auth: 'user',
    root: true,
    summary: 'Download an uploaded file: the answer is the file itself, not JSON (a short HTML page when refused or missing)',
    // No parameters: the handler reads the realm id and the wildcard's segments from the path as
    // they are, so a path naming no file gets the file's own 404 page, not a parameter error.
    description:
      "Serves an uploaded file, where messages link it, to a user who may see it: its uploader, or a reader of a message linking it. HTTP Basic (API clients) or the browser's session cookie.",
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
    description: "Lists the files the caller uploaded, each with the messages linking it, and how much space the realm's uploads use.",
    python: 'get_attachments()',
    params: {},
    success: {
      attachments: ['array', 'The files: id, name, path, size, creation time, messages.'],
      upload_space_used: ['integer', "Bytes used by the realm's uploads."],
    },
  },
  removeAttachment: {
    method: 'DELETE',
    path: '/attachments/:attachment_id',
    auth: 'user',
    summary: "Delete one of the caller's uploaded files",
    description: "Deletes one of the caller's files; messages linking it then link nothing.",
    params: {
      attachment_id: p.int({
        required: true,
        rangeError: () => badRequest('Invalid attachment'),
        description: 'The id of the file.',
        example: 1,
      }),
    },
    success: {},
  },
} as const;
