import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { unicodeEmojiUrl } from '../lib/emoji';

/**
 * An emoji drawn from its image; its `:name:` as text when there is no image or it fails to load.
 * `decorative`: the name is already beside it (a suggestion), so the image says nothing more.
 */
export function EmojiImage({ name, url, decorative = false }: { name: string; url: string | undefined; decorative?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return decorative ? null : <span class="emoji-text">{`:${name}:`}</span>;
  return (
    <img
      class="emoji-image"
      src={url}
      alt={decorative ? '' : `:${name}:`}
      width={20}
      height={20}
      loading="lazy"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}

/**
 * Server-rendered HTML (a message, a preview, a stream's description), as the server sanitised it,
 * with what the markup leaves to the client: unicode emoji (`<span class="emoji emoji-1f44d">`)
 * drawn from their images, and image previews named for screen readers.
 */
export function Content({
  html,
  class: className = 'message-content',
  ...rest
}: {
  html: string;
  class?: string;
  role?: 'region';
  'aria-label'?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Zulip's markup gives inline image previews no alt text: name them after their link.
    for (const img of el.querySelectorAll<HTMLImageElement>('img:not([alt])')) {
      const link = img.closest('a');
      img.alt = link?.title || link?.textContent?.trim() || 'Image';
    }
    if (html.includes('emoji-')) drawEmoji(el);
  }, [html]);
  return <div class={className} ref={ref} {...rest} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The span keeps its role and label; its `:name:` text comes back if the image fails. */
function drawEmoji(root: HTMLElement): void {
  for (const span of root.querySelectorAll<HTMLElement>('span.emoji')) {
    const code = /(?:^|\s)emoji-([0-9a-f]+(?:-[0-9a-f]+)*)(?:\s|$)/.exec(span.className)?.[1];
    const url = code ? unicodeEmojiUrl(code) : undefined;
    if (!url || span.firstElementChild) continue;
    const text = span.textContent ?? '';
    const img = document.createElement('img');
    img.className = 'emoji-image';
    img.alt = text;
    img.draggable = false;
    img.addEventListener('error', () => span.replaceChildren(text), { once: true });
    img.src = url;
    span.replaceChildren(img);
  }
}
