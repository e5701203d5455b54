import { invalidArgument } from '@chat/errors';

/** Zulip's extract_recipients: JSON if it parses, else a comma-separated list; emails or ids, not both. */
export function extractRecipients(raw: string, name = 'to'): string[] | number[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = raw;
  }
  if (typeof value === 'string') {
    value = value
      .split(',')
      .map((piece) => piece.trim())
      .filter((piece) => piece !== '');
  }
  if (!Array.isArray(value)) throw invalidArgument(name, raw);
  const items = value as unknown[];
  if (items.every((item) => typeof item === 'string')) return [...new Set(items as string[])];
  if (items.every((item) => Number.isInteger(item))) return [...new Set(items as number[])];
  throw invalidArgument(name, raw);
}
