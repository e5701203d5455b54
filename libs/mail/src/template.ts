/**
 * One template per mail, both parts from it: a mail is written once as blocks (paragraphs,
 * headings, quotes, lists, links), and renderMail makes its plain text and its HTML alternative
 * from them, so the two cannot say different things. Every piece of text is escaped in the HTML
 * (names, topics and messages are free text).
 */

/** A run of text: plain, bold, or a link (in the plain text, the address follows its label). */
export type Inline = string | { bold: string } | { link: string; href: string };

export type Block =
  | { kind: 'paragraph'; parts: Inline[] }
  | { kind: 'heading'; parts: Inline[] }
  /** A quoted message: in the plain text, its lines start with "> ". */
  | { kind: 'quote'; parts: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'rule' };

export const paragraph = (...parts: Inline[]): Block => ({ kind: 'paragraph', parts });
export const heading = (...parts: Inline[]): Block => ({ kind: 'heading', parts });
export const quote = (...parts: Inline[]): Block => ({ kind: 'quote', parts });
export const list = (items: Inline[][]): Block => ({ kind: 'list', items });
export const rule: Block = { kind: 'rule' };
export const bold = (text: string): Inline => ({ bold: text });
export const link = (label: string, href: string): Inline => ({ link: label, href });

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function inlineText(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('bold' in part) return part.bold;
      return part.link === part.href ? part.href : `${part.link} (${part.href})`;
    })
    .join('');
}

function inlineHtml(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part).replace(/\n/g, '<br>');
      if ('bold' in part) return `<b>${escapeHtml(part.bold)}</b>`;
      return `<a href="${escapeHtml(part.href)}">${escapeHtml(part.link)}</a>`;
    })
    .join('');
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return inlineText(block.parts);
    case 'heading':
      return inlineText(block.parts);
    case 'quote':
      return inlineText(block.parts)
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
    case 'list':
      return block.items.map((item) => `- ${inlineText(item)}`).join('\n');
    case 'rule':
      return '--';
  }
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${inlineHtml(block.parts)}</p>`;
    case 'heading':
      return `<h3>${inlineHtml(block.parts)}</h3>`;
    case 'quote':
      return `<blockquote>${inlineHtml(block.parts)}</blockquote>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</ul>`;
    case 'rule':
      return '<hr>';
  }
}

/** The plain text and the HTML of a mail's blocks. */
export function renderMail(blocks: readonly Block[]): { text: string; html: string } {
  return {
    text: blocks.map(blockText).join('\n\n'),
    html: blocks.map(blockHtml).join('\n'),
  };
}
