/**
 * What a client sees in rendered HTML, read the way a browser reads it: parse5 parses as the HTML
 * standard says (entities in attributes decoded, as the mobile app's package:html does too), and
 * Node's URL parses as the URL standard says. Independent of the renderer's own policy code, so the
 * tests check what a client would do, not what the renderer meant.
 */
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** Schemes that run nothing in the page (Zulip's allowed_schemes); anything else is a failure. */
const SAFE_SCHEMES = new Set(
  'http https ftp file bitcoin geo im irc ircs magnet mailto matrix mms news nntp openpgp4fpr sip sms smsto ssh tel urn webcal wtai xmpp'.split(
    ' ',
  ),
);
const BASE = new URL('https://chat.example.org/');

/** Attributes a browser or client follows as a URL. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'data-src-fullsize',
  'srcset',
  'action',
  'formaction',
  'poster',
  'background',
  'cite',
  'xlink:href',
]);

/** The elements and attributes the renderer writes; anything else in its output is a failure. */
const ELEMENTS = new Set(
  'p a img span div pre code blockquote ul ol li strong em del br hr h1 h2 h3 h4 h5 h6 table thead tbody tr th td'.split(' '),
);
const ATTRIBUTES = new Set(['href', 'src', 'title', 'target', 'alt', 'class', 'role', 'aria-label', 'start', 'style', 'data-src-fullsize']);

export function* elements(html: string): Generator<Element> {
  const stack: Node[] = [...parseFragment(html).childNodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!('tagName' in node)) continue;
    yield node;
    stack.push(...node.childNodes);
  }
}

/** Why a client following `value` would run script or leave the server unawares, or null. */
export function urlProblem(value: string): string | null {
  const edges = [value.charCodeAt(0), value.charCodeAt(value.length - 1)];
  if (edges.some((code) => code <= 0x20) || /[\t\n\r]/.test(value)) return 'characters a URL parser strips';
  const explicitScheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0].slice(0, -1).toLowerCase();
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    // Not a URL to the standard's parser: nothing to follow, unless another parser reads a scheme.
    return explicitScheme === undefined || SAFE_SCHEMES.has(explicitScheme) ? null : `scheme ${explicitScheme}`;
  }
  const scheme = url.protocol.slice(0, -1);
  if (!SAFE_SCHEMES.has(scheme)) return `scheme ${scheme}`;
  if (explicitScheme === undefined && url.origin !== BASE.origin) return `relative reference to ${url.host}`;
  return null;
}

/** Everything in `html` a client should not meet: unsafe URLs, unknown elements or attributes. */
export function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  for (const element of elements(html)) {
    if (!ELEMENTS.has(element.tagName)) problems.push(`<${element.tagName}>`);
    for (const { name, value } of element.attrs) {
      if (!ATTRIBUTES.has(name) && !/^data-[a-z-]+$/.test(name)) problems.push(`${element.tagName}[${name}]`);
      if (name === 'style' && !/^text-align: ?(left|right|center);?$/.test(value)) problems.push(`style="${value}"`);
      const problem = URL_ATTRIBUTES.has(name) ? urlProblem(value) : null;
      if (problem) problems.push(`${element.tagName}[${name}=${JSON.stringify(value)}]: ${problem}`);
    }
  }
  return problems;
}
