import { renderMarkdown } from '@chat/markdown';

/** Descriptions are one line (Zulip replaces newlines) and rendered as markdown. */
export function normalizeDescription(description: string): { description: string; rendered: string } {
  const oneLine = description.replace(/\n/g, ' ');
  return { description: oneLine, rendered: oneLine === '' ? '' : renderMarkdown(oneLine).html };
}
