import { join } from 'node:path';
import type { Express } from 'express';
import { acceptedInternalSecrets, type Config } from '@chat/config';
import type { Database } from '@chat/db';
import { createServiceApp, type AnyEndpoint } from '@chat/http';
import type { Logger } from '@chat/log';
import type { Renderer } from '@chat/render-pool';
import { localDirectoryStore, type FileStore } from '@chat/storage';
import { internalEndpoints } from './routes/internal';
import { flagEndpoints } from './routes/flags';
import { messageOpEndpoints } from './routes/message-ops';
import { messageEndpoints } from './routes/messages';
import { readingEndpoints } from './routes/reading';
import { reactionEndpoints } from './routes/reactions';
import { realmFilterEndpoints } from './routes/realm-filters';
import { submessageEndpoints } from './routes/submessages';
import { uploadEndpoints } from './routes/uploads';

export interface MessageDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /**
   * Renders markdown off the event loop, under a deadline: the process's one render pool (send,
   * edit, /messages/render, internal sends all go through it).
   */
  renderer: Renderer;
  /** Called after a write committed, so an in-process outbox relay publishes without waiting. */
  onCommit?: () => void;
  /** Uploaded files; by default a directory: UPLOADS_DIR, or DATA_DIR/uploads. */
  files?: FileStore;
}

/** Every endpoint this service serves: one handler for each of messageEndpoints (@chat/contracts). */
export function endpoints(deps: MessageDeps): AnyEndpoint[] {
  return [
    ...messageEndpoints(deps),
    ...flagEndpoints(deps),
    // Before the /messages/:message_id routes, which would take /messages/matches_narrow.
    ...readingEndpoints(deps),
    ...messageOpEndpoints(deps),
    ...reactionEndpoints(deps),
    ...submessageEndpoints(deps),
    ...realmFilterEndpoints(deps),
    ...uploadEndpoints(deps, deps.files ?? localDirectoryStore(deps.config.uploadsDir || join(deps.config.dataDir, 'uploads'))),
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
