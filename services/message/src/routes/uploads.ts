/** POST /user_uploads, GET /user_uploads/<realm_id>/<path>, GET /attachments, DELETE /attachments/{id}. */
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { messageEndpoints as api } from '@chat/contracts';
import { implement, parseMultipart, RESPONDED, uploadBodyLimit } from '@chat/http';
import type { MessageDeps } from '../deps';
import type { FileStore } from '@chat/storage';
import { checkUploadFile, doDeleteAttachment, doUploadFile } from '../actions/uploads';
import { accessUploadedFile, listAttachments } from '../queries/attachments';
import { loadSender } from '../queries/sender';

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

/** Zulip answers a refused or missing file with a short HTML page, not JSON. */
const REFUSALS = {
  403: '<p>You are not authorized to view this file.</p>',
  404: '<p>File not found.</p>',
} as const;

/** The policy of an uploaded file served to a browser: sandboxed, loading nothing but itself. */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

export function uploadEndpoints(deps: MessageDeps, files: FileStore) {
  const db = deps.db.knex;
  const maxMb = deps.config.maxFileUploadSizeMb;
  const maxBytes = maxMb * 1024 * 1024;
  const caller = (identity: { realmId: number; userId: number }) => loadSender(db, identity.realmId, identity.userId);
  return [
    implement(
      api.uploadFile,
      async ({ identity, req, rawBody }) => {
        const user = await caller(identity);
        const { files: uploaded } = await parseMultipart(req.header('content-type'), rawBody ?? Buffer.alloc(0), maxBytes);
        const result = await doUploadFile(db, files, user, checkUploadFile(uploaded, maxMb));
        return result;
      },
      // Room above the limit so an oversized file gets Zulip's message instead of a bare 413; the
      // servers' Content-Length cap (maxRequestBodyBytes) follows the same function.
      { uploadLimit: uploadBodyLimit(maxMb) },
    ),
    implement(api.getUploadedFile, async ({ identity, req, res }): Promise<typeof RESPONDED> => {
      const user = await caller(identity);
      const segments = (req.params as { path?: string[] | string }).path ?? [];
      const rest = Array.isArray(segments) ? segments.join('/') : segments;
      const access = await accessUploadedFile(db, files, user, `${req.params.realm_id}/${rest}`);
      if (!access.ok) {
        res.status(access.status).type('text/html; charset=utf-8').send(REFUSALS[access.status]);
        return RESPONDED;
      }
      const type = INLINE_TYPES[extname(access.fileName).toLowerCase()];
      const name = encodeURIComponent(access.fileName);
      res.status(200);
      res.setHeader('Content-Type', type ?? 'application/octet-stream');
      res.setHeader('Content-Length', String(access.file.size));
      res.setHeader('Content-Disposition', `${type ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Uploads share the web client's origin: opened directly, a file runs no script, submits no
      // form and reaches nothing (a sandboxed, opaque origin), whatever its type claims.
      res.setHeader('Content-Security-Policy', UPLOAD_CSP);
      await pipeline(access.file.stream, res).catch(() => res.destroy());
      return RESPONDED;
    }),
    implement(api.getAttachments, async ({ identity }) => listAttachments(db, await caller(identity))),
    implement(api.removeAttachment, async ({ identity, params }) => {
      await doDeleteAttachment(db, files, await caller(identity), params.attachment_id);
      return {};
    }),
  ];
}
