import type { QueueDescriptor } from '@chat/queue-store';

let queueNumber = 0;

/** An event queue's descriptor with ordinary defaults (user 1, realm 1, every event type). */
export function queueDescriptor(overrides: Partial<QueueDescriptor> = {}): QueueDescriptor {
  queueNumber += 1;
  return {
    id: `test:${queueNumber}`,
    userId: 1,
    realmId: 1,
    eventTypes: null,
    narrow: [],
    applyMarkdown: true,
    clientGravatar: false,
    allPublicStreams: false,
    clientName: 'website',
    timeoutSecs: 600,
    lastActivity: 1_700_000_000_000,
    ...overrides,
  };
}

/** A 1x1 PNG, for uploads, avatars and custom emoji. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
