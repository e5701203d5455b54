/**
 * What a render worker thread runs: @chat/markdown's renderer, one task at a time. The pool
 * (./pool.ts) measures each render's deadline from the moment it starts here, not from when it
 * was queued, so a task waiting behind another is not charged for that wait.
 */
import { renderMarkdown, type MarkdownContext, type RenderResult } from '@chat/markdown';
import { epochMs } from './clock';

export interface RenderTask {
  content: string;
  context: MarkdownContext;
  /**
   * One float on a SharedArrayBuffer the pool also holds: this thread writes the time the render
   * starts (./clock.ts, the clock the pool reads too); 0 until then.
   */
  started: Float64Array;
}

export function render(task: RenderTask): RenderResult {
  task.started[0] = epochMs();
  return renderMarkdown(task.content, task.context);
}

// Build the engine (markdown-it with Zulip's rules, the emoji tables) while the worker starts, so
// the first render a fresh worker runs is not charged for that set-up.
renderMarkdown('**warm** :smile: http://example.com');
