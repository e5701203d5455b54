/** What the message service is built from: its configuration, its database and its render pool. */
import type { Config } from '@chat/config';
import type { Database } from '@chat/db';
import type { Logger } from '@chat/log';
import type { Renderer } from '@chat/render-pool';
import type { FileStore } from '@chat/storage';

export interface MessageDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /**
   * Renders markdown off the event loop, under a deadline: the process's one render pool (send,
   * edit, /messages/render, internal sends all go through it).
   */
  renderer: Renderer;
  /** Uploaded files; by default the configuration's (fileStoreFor): its bucket, or its local folder. */
  files?: FileStore;
}
