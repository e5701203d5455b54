import { badRequest } from '@chat/errors';
import { renderMarkdown } from '@chat/markdown';
import type { Renderer } from '@chat/render-pool';

/**
 * The Renderer interface on the calling thread, for service tests that build one app: no worker
 * threads to start and stop per test file, and a jest.mock of @chat/markdown reaches it. The pool
 * itself (threads, deadline, limits) is tested in libs/render-pool, and every composition root
 * (startStandalone, the distributed harness, each main.ts) renders through a real one.
 */
export function inThreadRenderer(): Renderer {
  return {
    async render(_userId, content, context) {
      try {
        return renderMarkdown(content, context);
      } catch {
        throw badRequest('Unable to render message');
      }
    },
    async close() {},
  };
}
