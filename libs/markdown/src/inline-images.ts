/**
 * Zulip's inline image previews: a link to an image gets a preview block after its paragraph
 * (inside its list item for a tight list), through the server's /thumbnail endpoint. Links in
 * quotes get none, and each image is previewed once. A paragraph holding nothing but the bare
 * image URL is replaced by its preview. The link's URL has passed the URL policy; the preview's
 * URLs are written through it too.
 */
import type { StateCore, Token } from 'markdown-it';
import { escapeAttribute, urlAttribute } from './html';

/** Zulip's IMAGE_EXTENSIONS (its list has "jpeg" without the dot). */
const IMAGE_EXTENSIONS = ['.bmp', '.gif', '.jpg', 'jpeg', '.png', '.webp'];

function isImageUrl(href: string): boolean {
  if (!/^https?:\/\//i.test(href) && !href.replace(/^\/+/, '').startsWith('user_uploads/')) return false;
  const path = href
    .replace(/^https?:\/\/[^/?#]*/i, '')
    .replace(/[?#].*$/, '')
    .toLowerCase();
  return IMAGE_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** Python's quote(url, safe=''): everything but letters, digits and _.-~ percent-encoded. */
function quoteAll(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function thumbnailUrl(href: string, size: 'thumbnail' | 'full'): string {
  const absolute = /^https?:\/\//i.test(href) ? href : `/${href.replace(/^\/+/, '')}`;
  return `/thumbnail?url=${quoteAll(absolute)}&size=${size}`;
}

function previewHtml(href: string, title: string): string {
  return (
    `<div class="message_inline_image"><a ${urlAttribute('href', href)} target="_blank" title="${escapeAttribute(title)}">` +
    `<img ${urlAttribute('data-src-fullsize', thumbnailUrl(href, 'full'))} ${urlAttribute('src', thumbnailUrl(href, 'thumbnail'))}></a></div>`
  );
}

interface FoundLink {
  href: string;
  text: string;
  open: number;
  close: number;
}

function linksIn(children: Token[]): FoundLink[] {
  const links: FoundLink[] = [];
  for (let i = 0; i < children.length; i++) {
    if (children[i]!.type !== 'link_open') continue;
    const close = children.findIndex((t, j) => j > i && t.type === 'link_close');
    if (close < 0) break;
    const text = children
      .slice(i + 1, close)
      .map((t) => t.content)
      .join('');
    links.push({ href: String(children[i]!.attrGet('href') ?? ''), text, open: i, close });
    i = close;
  }
  return links;
}

export function inlineImagePreviews(state: StateCore): void {
  const seen = new Set<string>();
  const tokens = state.tokens;
  let quoteDepth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'blockquote_open') quoteDepth++;
    if (token.type === 'blockquote_close') quoteDepth--;
    if (token.type !== 'inline' || quoteDepth > 0 || !token.children) continue;
    const paragraphOpen = tokens[i - 1];
    if (paragraphOpen?.type !== 'paragraph_open') continue;
    const children = token.children;
    const images = linksIn(children).filter((link) => {
      if (!isImageUrl(link.href) || seen.has(link.href)) return false;
      seen.add(link.href);
      return true;
    });
    if (images.length === 0) continue;
    const html = images.map((image) => previewHtml(image.href, image.text)).join('');
    const alone = children.length === 3 && images.length === 1 && images[0]!.text === images[0]!.href;
    if (paragraphOpen.hidden) {
      // A tight list item: the preview follows the text inside the <li>.
      if (alone) children.splice(0, children.length);
      const preview = new state.Token('zulip_html', '', 0);
      preview.content = html;
      children.push(preview);
      continue;
    }
    const block = new state.Token('zulip_block_html', '', 0);
    block.content = `${html}\n`;
    block.block = true;
    if (alone) {
      tokens.splice(i - 1, 3, block);
      i -= 1;
    } else {
      tokens.splice(i + 2, 0, block);
      i += 2;
    }
  }
}
