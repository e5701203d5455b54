/**
 * The block-level acceptance rules of the official mobile app's content parser, reimplemented to
 * check our HTML against them: zulip/zulip-flutter lib/model/content.dart (ContentParser: parse,
 * parseBlockContentList, parseBlockContent, parseListNode,
 * parseImplicitParagraphBlockContentList, parseCodeBlock; read at v30.0.274) and the span classes
 * of lib/model/code_block.dart. Whatever the app would show as unsupported content comes out as
 * an `unimplemented` node. Inline content (what is inside a paragraph) is not examined.
 *
 * HTML is parsed by parse5, as the app's package:html does: both follow the HTML standard's parser.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

export interface CodeSpan {
  text: string;
  /** 'text' for plain text, else the Pygments short class the app styles the span by. */
  type: string;
}

export type BlockNode =
  | { kind: 'paragraph' | 'heading' | 'lineBreak' | 'thematicBreak' | 'table' | 'imagePreview' }
  | { kind: 'list'; items: BlockNode[][] }
  | { kind: 'quote'; children: BlockNode[] }
  | { kind: 'code'; spans: CodeSpan[] }
  | { kind: 'unimplemented'; html: string };

/**
 * Pygments' standard token classes (pygments/token.py STANDARD_TYPES), the ones the app maps to a
 * style (codeBlockSpanTypeFromClassName); `hll` (highlighted lines) it recognises but does not
 * support yet.
 */
const PYGMENTS_CLASSES = new Set(
  (
    'w esc err x k kc kd kn kp kr kt n na nb bp nc no nd ni ne nf fm py nl nn nx nt nv vc vg vi vm l ld s sa sb sc dl sd s2 ' +
    'se sh si sx sr s1 ss m mb mf mh mi il mo o ow p pm c ch cm cp cpf c1 cs g gd ge ges gr gh gi go gp gs gu gt'
  ).split(' '),
);

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Elements that end an implicit paragraph (the app's _isPossibleInlineNode). */
const BLOCK_ELEMENTS = new Set(['p', 'ol', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'table', 'div']);

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function className(element: Element): string {
  return element.attrs.find((a) => a.name === 'class')?.value ?? '';
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  return isElement(node) ? node.childNodes.map(textOf).join('') : '';
}

function unimplemented(node: Node): BlockNode {
  return { kind: 'unimplemented', html: isElement(node) ? `<${node.tagName} class="${className(node)}">` : JSON.stringify(textOf(node)) };
}

/** parseCodeBlock: div > pre > ([empty span,] code) > (text | span with a known class)*. */
function parseCodeBlock(div: Element): BlockNode {
  const pre = div.childNodes.length === 1 ? div.childNodes[0]! : undefined;
  if (!pre || !isElement(pre) || pre.tagName !== 'pre') return unimplemented(div);
  const parts = pre.childNodes;
  if (parts.length === 0 || parts.length > 2) return unimplemented(div);
  if (parts.length === 2) {
    const first = parts[0]!;
    if (!isElement(first) || first.tagName !== 'span' || first.childNodes.length > 0) return unimplemented(div);
  }
  const code = parts[parts.length - 1]!;
  if (!isElement(code) || code.tagName !== 'code') return unimplemented(div);
  const spans: CodeSpan[] = [];
  code.childNodes.forEach((child, i) => {
    if (child.nodeName === '#text') {
      // The app drops the final newline of the last text.
      const text = i === code.childNodes.length - 1 ? textOf(child).replace(/\n$/, '') : textOf(child);
      if (text !== '') spans.push({ text, type: 'text' });
    } else if (isElement(child) && child.tagName === 'span') {
      const type = className(child)
        .split(' ')
        .find((c) => PYGMENTS_CLASSES.has(c) || c === 'hll');
      spans.push({ text: textOf(child), type: type === undefined || type === 'hll' ? 'unsupported' : type });
    } else {
      spans.push({ text: textOf(child), type: 'unsupported' });
    }
  });
  return spans.some((s) => s.type === 'unsupported') ? unimplemented(div) : { kind: 'code', spans };
}

/** parseImagePreviewNode: div.message_inline_image > a (no class) > img. */
function parseImagePreview(div: Element): BlockNode {
  const a = div.childNodes.length === 1 ? div.childNodes[0]! : undefined;
  if (!a || !isElement(a) || a.tagName !== 'a' || className(a) !== '') return unimplemented(div);
  const img = a.childNodes.length === 1 ? a.childNodes[0]! : undefined;
  if (!img || !isElement(img) || img.tagName !== 'img' || !img.attrs.some((x) => x.name === 'src')) return unimplemented(div);
  return { kind: 'imagePreview' };
}

function parseList(element: Element): BlockNode {
  const items: BlockNode[][] = [];
  for (const item of element.childNodes) {
    if (item.nodeName === '#text' && textOf(item) === '\n') continue;
    // As in the app, a non-<li> child adds an unsupported item (and is then parsed as one too).
    if (!isElement(item) || item.tagName !== 'li' || className(item) !== '') items.push([unimplemented(item)]);
    items.push(parseImplicitParagraphs(isElement(item) ? item.childNodes : []));
  }
  if (element.tagName === 'ol') {
    const start = element.attrs.find((a) => a.name === 'start')?.value;
    if (start !== undefined && !/^[+-]?\d+$/.test(start)) return unimplemented(element);
  }
  return { kind: 'list', items };
}

function parseBlock(node: Node): BlockNode {
  if (!isElement(node)) return unimplemented(node);
  const name = node.tagName;
  const cls = className(node);
  if (name === 'br' && cls === '') return { kind: 'lineBreak' };
  if (name === 'hr' && cls === '') return { kind: 'thematicBreak' };
  if (name === 'p' && cls === '') return { kind: 'paragraph' };
  if (HEADINGS.has(name) && cls === '') return { kind: 'heading' };
  if ((name === 'ol' || name === 'ul') && cls === '') return parseList(node);
  if (name === 'blockquote' && cls === '') return { kind: 'quote', children: parseBlocks(node.childNodes) };
  if (name === 'table' && cls === '') return { kind: 'table' };
  if (name === 'div' && cls === 'codehilite') return parseCodeBlock(node);
  if (name === 'div' && cls === 'message_inline_image') return parseImagePreview(node);
  return unimplemented(node);
}

/** parseImplicitParagraphBlockContentList: inline nodes gather into paragraphs; `\n` texts are skipped. */
function parseImplicitParagraphs(nodes: Node[]): BlockNode[] {
  const result: BlockNode[] = [];
  let inParagraph = false;
  for (const node of nodes) {
    if (node.nodeName === '#text' && textOf(node) === '\n') continue;
    const inline = node.nodeName === '#text' || (isElement(node) && !BLOCK_ELEMENTS.has(node.tagName));
    if (inline) {
      if (!inParagraph) result.push({ kind: 'paragraph' });
      inParagraph = true;
      continue;
    }
    inParagraph = false;
    result.push(parseBlock(node));
  }
  return result;
}

/** parseBlockContentList: texts of newlines only are skipped, everything else is a block. */
function parseBlocks(nodes: Node[]): BlockNode[] {
  return nodes.filter((node) => !(node.nodeName === '#text' && /^\n+$/.test(textOf(node)))).map(parseBlock);
}

/** What the app makes of a message's HTML (its ContentParser.parse), at block level. */
export function parseZulipContent(html: string): BlockNode[] {
  return parseBlocks(parseFragment(html).childNodes);
}

function* walk(blocks: BlockNode[]): Generator<BlockNode> {
  for (const block of blocks) {
    yield block;
    if (block.kind === 'quote') yield* walk(block.children);
    if (block.kind === 'list') for (const item of block.items) yield* walk(item);
  }
}

/** The blocks the app would show as unsupported content. */
export function unsupportedBlocks(html: string): BlockNode[] {
  return [...walk(parseZulipContent(html))].filter((b) => b.kind === 'unimplemented');
}

/** The code blocks the app would show, as their spans. */
export function codeBlocks(html: string): CodeSpan[][] {
  return [...walk(parseZulipContent(html))].flatMap((b) => (b.kind === 'code' ? [b.spans] : []));
}
