/**
 * Slack's Block Kit blocks and legacy attachments as markdown, as Zulip renders them (its Slack
 * importer's render_block and render_attachment): text, images as links, headers, dividers and
 * fields; interactive elements (buttons, menus, inputs) have no equivalent and are left out.
 */
import { Field } from './wild';

const BLOCK_TYPES = [
  'actions',
  'context',
  'call',
  'contact_card',
  'condition',
  'divider',
  'file',
  'header',
  'image',
  'input',
  'section',
  'table',
  'rich_text',
] as const;

/**
 * Blocks with nothing to show: calls, contact cards, files and tables are not rendered yet;
 * `actions` are buttons; `rich_text` repeats the message's `text`.
 */
const UNRENDERED = new Set(['call', 'contact_card', 'file', 'table', 'actions', 'rich_text']);

/** Pieces, trimmed, empty ones dropped, a blank line between. */
export function joinPieces(pieces: readonly string[]): string {
  return pieces
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .join('\n\n');
}

/** Of the block elements only images are shown, as a link. */
function renderElement(element: Field): string {
  if (element.get('type').string() !== 'image') return '';
  return `[${element.get('alt_text').string()}](${element.get('image_url').url()})`;
}

/** Two columns, as Slack lays fields out, under an empty header row. */
function fieldsTable(texts: readonly string[]): string {
  // A table cell cannot hold a newline or a bar.
  const cells = texts.map((text) => text.replace(/\n/g, ' ').replace(/\|/g, ' '));
  let table = '| | |\n|-|-|\n';
  for (let i = 0; i < cells.length; i += 2) table += `| ${cells[i]} | ${cells[i + 1] ?? ''} |\n`;
  return table;
}

function renderSection(block: Field): string {
  const pieces: string[] = [];
  if (block.has('text')) pieces.push(block.get('text').text());
  if (block.has('accessory')) pieces.push(renderElement(block.get('accessory')));
  if (block.has('fields')) {
    const texts = block
      .get('fields')
      .items()
      .map((field) => field.text());
    // A single field reads better as plain text than as a one-cell table.
    pieces.push(texts.length === 1 ? texts[0]! : fieldsTable(texts));
  }
  return joinPieces(pieces);
}

export function renderBlock(block: Field): string {
  const type = block.get('type').oneOf(BLOCK_TYPES);
  if (UNRENDERED.has(type)) return '';
  switch (type) {
    case 'context': {
      if (!block.opt('elements').truthy) return '';
      // Slack packs these side by side; one under the other is close enough.
      const pieces = block
        .get('elements')
        .items()
        .map((element) =>
          element.get('type').oneOf(['image', 'plain_text', 'mrkdwn']) === 'image' ? renderElement(element) : element.text(),
        );
      return joinPieces(pieces);
    }
    case 'divider':
      return '----';
    case 'header':
      return `## ${block.get('text').text(true)}`;
    case 'image': {
      const url = block.get('image_url').url();
      let alt = block.get('alt_text').string();
      if (block.has('title')) alt = block.get('title').text(true);
      return `[${alt}](${url})`;
    }
    case 'section':
      return renderSection(block);
    default:
      return '';
  }
}

/** Characters requests' requote_uri leaves as they are; the rest are percent-encoded. */
const URI_SAFE = /[A-Za-z0-9_.\-~!#$%&'()*+,/:;=?@[\]]/;

function requoteUri(uri: string): string {
  return [...uri]
    .map((ch) =>
      URI_SAFE.test(ch) ? ch : [...Buffer.from(ch, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    )
    .join('');
}

/** Seconds since the epoch; Slack sometimes sends them as a string holding a decimal number. */
function timestamp(ts: Field): number {
  if (typeof ts.value === 'string' && ts.value.trim() !== '' && Number.isFinite(Number(ts.value))) {
    return Math.trunc(Number(ts.value));
  }
  return ts.int();
}

/** A moment as our markdown's `<time:...>`, which each reader sees in their own timezone. */
function globalTime(seconds: number): string {
  return `<time:${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00>`;
}

function renderFields(fields: Field): string {
  const lines: string[] = [];
  for (const field of fields.items()) {
    const title = field.opt('title');
    const value = field.opt('value');
    if (title.truthy && value.truthy) lines.push(`*${title.string()}*: ${value.string()}`);
    else if (title.truthy) lines.push(`*${title.string()}*`);
    else if (value.truthy) lines.push(value.string());
  }
  return lines.join('\n');
}

/** A legacy attachment: every piece optional, null as good as absent. */
export function renderAttachment(attachment: Field): string {
  const pieces: string[] = [];
  if (attachment.opt('title').truthy) {
    const title = attachment.get('title').string();
    pieces.push(attachment.opt('title_link').truthy ? `## [${title}](${attachment.get('title_link').url()})` : `## ${title}`);
  }
  if (attachment.opt('pretext').truthy) pieces.push(attachment.get('pretext').string());
  if (attachment.opt('text').truthy) pieces.push(attachment.get('text').string());
  if (attachment.has('fields')) pieces.push(renderFields(attachment.get('fields')));
  if (attachment.opt('blocks').truthy) pieces.push(...attachment.get('blocks').items().map(renderBlock));
  const image = attachment.opt('image_url');
  if (image.truthy) {
    let url: string;
    try {
      url = image.url();
    } catch {
      url = requoteUri(image.string());
    }
    pieces.push(`[](${url})`);
  }
  if (attachment.opt('footer').truthy) pieces.push(attachment.get('footer').string());
  if (attachment.opt('ts').truthy) pieces.push(globalTime(timestamp(attachment.get('ts'))));
  return joinPieces(pieces);
}
