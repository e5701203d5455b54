/**
 * Serving uploaded files (Zulip's zerver/views/upload.py): at the root path messages link, to a
 * reader with credentials; under /api/v1, a temporary URL of the file instead (feature level 1);
 * at that temporary URL, to anyone while it is valid. Each refusal is Zulip's.
 */
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { acceptedInternalSecrets } from '@chat/config';
import { messageEndpoints as api } from '@chat/contracts';
import { badRequest, plainError } from '@chat/errors';
import { implement, RESPONDED } from '@chat/http';
import { signFileToken, storedFileHeaders, temporaryFileUrl, temporaryUrlFileName, verifyFileToken, type FileStore } from '@chat/storage';
import type { MessageDeps } from '../deps';
import { accessUploadedFile, readableAttachment, type FileAccess } from '../queries/attachments';
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

/** The file, or Zulip's refusal page; the same headers wherever a file is served from. */
async function sendFile(res: Response, access: FileAccess): Promise<typeof RESPONDED> {
  if (!access.ok) {
    res.status(access.status).type('text/html; charset=utf-8').send(REFUSALS[access.status]);
    return RESPONDED;
  }
  const type = INLINE_TYPES[extname(access.fileName).toLowerCase()];
  res.status(200);
  const headers = storedFileHeaders({
    contentType: type ?? 'application/octet-stream',
    size: access.file.size,
    fileName: access.fileName,
    inline: type !== undefined,
  });
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  await pipeline(access.file.stream, res).catch(() => res.destroy());
  return RESPONDED;
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
      const access = reader ? await accessUploadedFile(db, files, reader, grant.pathId) : undefined;
      if (!access?.ok) throw badRequest('Invalid token');
      return sendFile(res, access);
    }),
    implement(api.getUploadedFile, async ({ identity, req, res }): Promise<typeof RESPONDED> =>
      sendFile(res, await accessUploadedFile(db, files, await caller(identity), pathIdOf(req.params))),
    ),
  ];
}
