import type { Renderer } from '@chat/render-pool';

export interface Description {
  description: string;
  rendered: string;
}

/**
 * Descriptions are one line (Zulip replaces newlines) and rendered as markdown. A description is
 * at most 1024 characters, but a line of `> > ` or `http://` is still markdown whose cost grows
 * faster than its length, so it renders in the render pool like a message, counted against
 * `userId`. Callers render before their transaction opens: no connection waits on a render.
 */
export async function normalizeDescription(renderer: Renderer, userId: number, description: string): Promise<Description> {
  const oneLine = description.replace(/\n/g, ' ');
  return { description: oneLine, rendered: oneLine === '' ? '' : (await renderer.render(userId, oneLine)).html };
}
