/**
 * Linkifiers (Zulip's realm filters): a Python regular expression with named groups and a URL
 * format string with `%(name)s` fields. Text the pattern matches becomes a link to the filled-in
 * URL, at the same word boundaries as Zulip (after whitespace or one of ' " ( , : <, and not
 * followed by a word character).
 */
export interface CompiledLinkifier {
  /** Sticky: tried at one position of the message text. */
  sticky: RegExp;
  /** Global: every match in a topic. */
  global: RegExp;
  urlFormatString: string;
}

/** Python's regex dialect → JavaScript's, for the constructs linkifier patterns use. */
export function pythonToJsPattern(pattern: string): string {
  return pattern
    .replace(/\(\?P</g, '(?<')
    .replace(/\(\?P=(\w+)\)/g, '\\k<$1>')
    .replace(/\\A/g, '^')
    .replace(/\\Z/g, '$');
}

/** The compiled linkifier, or null when JavaScript cannot compile the pattern. */
export function compileLinkifier(pattern: string, urlFormatString: string): CompiledLinkifier | null {
  const source = `(?:${pythonToJsPattern(pattern)})(?!\\w)`;
  try {
    return {
      sticky: new RegExp(source, 'y'),
      global: new RegExp(`(?<![^\\s'"(,:<])${source}`, 'g'),
      urlFormatString,
    };
  } catch {
    return null;
  }
}

/**
 * Python's `format % groupdict`: `%(name)s` takes the group, `%%` is a percent sign. A field
 * naming no group (Python's KeyError) yields null: the text stays unlinked.
 */
export function fillUrl(format: string, groups: Record<string, string | undefined> | undefined): string | null {
  let missing = false;
  const url = format.replace(/%\(([^)]+)\)s|%%/g, (field: string, name: string | undefined) => {
    if (name === undefined) return '%';
    if (!groups || !(name in groups)) {
      missing = true;
      return field;
    }
    return groups[name] ?? 'None';
  });
  return missing ? null : url;
}
