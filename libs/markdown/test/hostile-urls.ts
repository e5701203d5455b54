/**
 * URLs that try to run script, or to leave this server while looking like a path, in the
 * spellings browsers and HTML parsers forgive. test/url-policy.test.ts puts each one in every
 * place the renderer writes a URL. Entities (`&#106;`) are literal here: markdown decodes them in
 * a link's destination, other places must not.
 */
export interface HostileUrl {
  url: string;
  why: string;
}

export const HOSTILE_URLS: HostileUrl[] = [
  { url: 'javascript:alert(1)', why: 'script scheme' },
  { url: 'javascript:window.onerror=alert;throw%201', why: 'script without parentheses (fits in !modal_link)' },
  { url: 'JaVaScRiPt:alert(1)', why: 'schemes are case-insensitive' },
  { url: 'javascript://example.com/%0Aalert(1)', why: 'looks as if it had a host' },
  { url: 'javascript:/*https://example.com*/alert(1)', why: 'an allowed URL inside a comment' },
  { url: ' javascript:alert(1)', why: 'leading space, which the URL parser strips' },
  { url: '\u0001javascript:alert(1)', why: 'leading C0 control, which the URL parser strips' },
  { url: '\u0000javascript:alert(1)', why: 'leading NUL' },
  { url: '\u001fjavascript:alert(1)', why: 'leading unit separator' },
  { url: '\u000cjavascript:alert(1)', why: 'leading form feed (an HTML space too)' },
  { url: 'javascript:alert(1)\u0000', why: 'trailing control' },
  { url: 'java\tscript:alert(1)', why: 'tab inside the scheme, which the URL parser removes' },
  { url: 'java\nscript:alert(1)', why: 'newline inside the scheme' },
  { url: 'java\rscript:alert(1)', why: 'carriage return inside the scheme' },
  { url: 'jav&#x09;ascript:alert(1)', why: 'tab as a hex entity' },
  { url: 'jav&#9;ascript:alert(1)', why: 'tab as a decimal entity' },
  { url: 'java&Tab;script:alert(1)', why: 'tab as a named entity' },
  { url: 'java&NewLine;script:alert(1)', why: 'newline as a named entity' },
  { url: '&#106;avascript:alert(1)', why: 'first letter as a decimal entity' },
  { url: '&#x6A;avascript:alert(1)', why: 'first letter as a hex entity' },
  { url: '&#0000106;avascript:alert(1)', why: 'entity with leading zeros' },
  { url: '&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58alert(1)', why: 'entities without semicolons' },
  { url: 'javascript&colon;alert(1)', why: 'colon as a named entity' },
  { url: '&#32;javascript:alert(1)', why: 'leading space as an entity' },
  { url: '&#1;javascript:alert(1)', why: 'leading control as an entity' },
  { url: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', why: 'data: document' },
  { url: 'DATA:text/html,<script>alert(1)</script>', why: 'data: in capitals' },
  { url: 'data:image/svg+xml,<svg onload=alert(1)>', why: 'data: SVG with a handler' },
  { url: 'vbscript:msgbox(1)', why: 'legacy script scheme' },
  { url: 'VBScript:msgbox(1)', why: 'legacy script scheme, mixed case' },
  { url: 'livescript:alert(1)', why: 'legacy script scheme' },
  { url: 'blob:https://example.com/0', why: 'blob: (a document of the page\u2019s own making)' },
  { url: 'about:blank', why: 'no scheme outside the allow-list' },
  { url: '%6Aavascript:alert(1)', why: 'percent-encoded scheme letter' },
  { url: 'javascript%3Aalert(1)', why: 'percent-encoded colon' },
  { url: '//evil.example/x.png', why: 'scheme-relative: another host that looks like a path' },
  { url: '///evil.example/x', why: 'three slashes' },
  { url: '/\\evil.example/x', why: 'backslash after the slash: browsers read //evil.example' },
  { url: '\\\\evil.example\\x', why: 'two backslashes' },
  { url: '\\/evil.example', why: 'backslash then slash' },
  { url: '/\t/evil.example', why: 'tab between the slashes' },
  { url: '\uff4a\uff41\uff56\uff41\uff53\uff43\uff52\uff49\uff50\uff54:alert(1)', why: 'full-width letters' },
  { url: 'jav\u0430script:alert(1)', why: 'Cyrillic a' },
  { url: 'javascript\u200b:alert(1)', why: 'zero-width space before the colon' },
  { url: '\u00a0javascript:alert(1)', why: 'leading no-break space' },
  { url: 'java\u0000script:alert(1)', why: 'NUL inside the scheme' },
  { url: 'x:javascript:alert(1)', why: 'unknown scheme' },
  { url: 'https://example.com/"onmouseover="alert(1)', why: 'attribute break-out' },
  { url: 'https://example.com/><script>alert(1)</script>', why: 'tag break-out' },
  { url: "#'><img src=x onerror=alert(1)>", why: 'fragment with a tag' },
];
