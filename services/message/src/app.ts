import type { Express } from 'express';
import { acceptedInternalSecrets } from '@chat/config';
import { createServiceApp, type AnyEndpoint } from '@chat/http';
import { fileStoreFor } from '@chat/storage';
import type { MessageDeps } from './deps';
import { internalEndpoints } from './routes/internal';
import { flagEndpoints } from './routes/flags';
import { messageOpEndpoints } from './routes/message-ops';
import { messageEndpoints } from './routes/messages';
import { readingEndpoints } from './routes/reading';
import { reactionEndpoints } from './routes/reactions';
import { realmFilterEndpoints } from './routes/realm-filters';
import { submessageEndpoints } from './routes/submessages';
import { fileEndpoints } from './routes/files';
import { uploadEndpoints } from './routes/uploads';

export type { MessageDeps } from './deps';

/** Every endpoint this service serves: one handler for each of messageEndpoints (@chat/contracts). */
export function endpoints(deps: MessageDeps): AnyEndpoint[] {
  const files = deps.files ?? fileStoreFor(deps.config);
  return [
    ...messageEndpoints(deps),
    ...flagEndpoints(deps),
    // Before the /messages/:message_id routes, which would take /messages/matches_narrow.
    ...readingEndpoints(deps),
    ...messageOpEndpoints(deps),
    ...reactionEndpoints(deps),
    ...submessageEndpoints(deps),
    ...realmFilterEndpoints(deps),
    ...uploadEndpoints(deps, files),
    ...fileEndpoints(deps, files),
    ...internalEndpoints(deps),
  ];
}

/** The message service: send, fetch, flags, edits, deletes, reactions. */
export function buildApp(deps: MessageDeps): Express {
  return createServiceApp({
    endpoints: endpoints(deps),
    internalSecret: acceptedInternalSecrets(deps.config),
    logger: deps.logger,
  });
}
