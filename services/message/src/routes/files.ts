/**
 * Serving uploaded files (Zulip's zerver/views/upload.py): at the root path messages link, to a
 * reader with credentials; under /api/v1, a temporary URL of the file instead (feature level 1);
 * at that temporary URL, to anyone while it is valid. Each refusal is Zulip's.
 */
import { extname } from 'node:path';
import type { Response } from 'express';
import { acceptedInternalSecrets } from '@chat/config';
import { messageEndpoints as api } from '@chat/contracts';
import { badRequest, plainError } from '@chat/errors';
import { implement, RESPONDED } from '@chat/http';
import {
  serveStoredFile,
  signFileToken,
  temporaryFileUrl,
  temporaryUrlFileName,
  verifyFileToken,
  type FileStore,
  type FileToServe,
} from '@chat/storage';
import type { MessageDeps } from '../deps';
import { readableAttachment, type AttachmentRow } from '../queries/attachments';
import { activeUser, loadSender } from '../queries/sender';

/** Types a browser may show in place (Zulip's INLINE_MIME_TYPES); anything else downloads. */
const INLINE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Why a file is refused (403) or not found (404). */
const REASONS = { 403: 'You are not authorized to view this file.', 404: 'File not found.' } as const;

/** Zulip answers a refused or missing file with a short HTML page, not JSON. */
const REFUSALS = { 403: `<p>${REASONS[403]}</p>`, 404: `<p>${REASONS[404]}</p>` } as const;

function refuse(res: Response, status: 403 | 404): typeof RESPONDED {
  res.status(status).type('text/html; charset=utf-8').send(REFUSALS[status]);
  return RESPONDED;
}

/** How an attachment is served: shown in place when its type is one a browser may show, else downloaded. */
function fileToServe(attachment: AttachmentRow): FileToServe {
  const type = INLINE_TYPES[extname(attachment.file_name).toLowerCase()];
  return {
    key: attachment.path_id,
    contentType: type ?? 'application/octet-stream',
    fileName: attachment.file_name,
    inline: type !== undefined,
  };
}

/** `<realm_id>/<path>` from the path's segments, as the file's URI has them. */
function pathIdOf(params: Record<string, unknown>): string {
  const segments = (params as { path?: string[] | string }).path ?? [];
  const rest = Array.isArray(segments) ? segments.join('/') : segments;
  return `${String(params.realm_id)}/${rest}`;
}

export function fileEndpoints(deps: MessageDeps, files: FileStore) {
  const db = deps.db.knex;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  const secrets = acceptedInternalSecrets(deps.config);
  const validityMs = deps.config.signedAccessTokenValiditySecs * 1000;
  return [
    implement(api.getFileTemporaryUrl, async ({ identity, req }) => {
      const user = await caller(identity);
      const access = await readableAttachment(db, user, pathIdOf(req.params));
      // The same refusals as the file's, in the API's JSON envelope (Zulip sends its HTML pages).
      if (!access.ok) throw plainError(REASONS[access.status], access.status);
      const pathId = access.attachment.path_id;
      const token = signFileToken(deps.config.internalSecret, { pathId, userId: user.id }, Date.now() + validityMs);
      return { url: temporaryFileUrl(token, pathId) };
    }),
    // Zulip's serve_file_unauthed_from_token; the reader must still be able to read the file.
    implement(api.getFileByTemporaryUrl, async ({ params, res }): Promise<typeof RESPONDED> => {
      const grant = verifyFileToken(secrets, params.token, Date.now());
      if (!grant) throw badRequest('Invalid token');
      if (temporaryUrlFileName(grant.pathId) !== params.filename) throw badRequest('Invalid filename');
      const realmId = Number.parseInt(grant.pathId, 10);
      const reader = Number.isSafeInteger(realmId) ? await activeUser(db, realmId, grant.userId) : undefined;
      const access = reader ? await readableAttachment(db, reader, grant.pathId) : undefined;
      // A file gone from the store is as gone as its row: the token grants nothing.
      if (!access?.ok || !(await serveStoredFile(res, files, fileToServe(access.attachment)))) throw badRequest('Invalid token');
      return RESPONDED;
    }),
    // GET /user_uploads/<realm_id>/<path> (Zulip's serve_file_backend): the file if the caller may read it.
    implement(api.getUploadedFile, async ({ identity, req, res }): Promise<typeof RESPONDED> => {
      const access = await readableAttachment(db, await caller(identity), pathIdOf(req.params));
      if (!access.ok) return refuse(res, access.status);
      return (await serveStoredFile(res, files, fileToServe(access.attachment))) ? RESPONDED : refuse(res, 404);
    }),
  ];
}
