/** POST /user_uploads, GET /attachments, DELETE /attachments/{id}; serving the files is files.ts. */
import { messageEndpoints as api } from '@chat/contracts';
import { implement, parseMultipart, uploadBodyLimit } from '@chat/http';
import type { MessageDeps } from '../deps';
import type { FileStore } from '@chat/storage';
import { checkUploadFile, doDeleteAttachment, doUploadFile } from '../actions/uploads';
import { listAttachments } from '../queries/attachments';
import { loadSender } from '../queries/sender';

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
    implement(api.getAttachments, async ({ identity }) => listAttachments(db, await caller(identity))),
    implement(api.removeAttachment, async ({ identity, params }) => {
      await doDeleteAttachment(db, files, await caller(identity), params.attachment_id);
      return {};
    }),
  ];
}
