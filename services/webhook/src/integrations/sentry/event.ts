/**
 * An event Sentry's alert rules send (and the plugin's, once reshaped by plugin.ts): an exception,
 * with the source lines around the frame that raised it when Sentry has them, or a captured
 * message. The topic is the event's title.
 */
import { globalTime } from '../../framework/alerts';
import { unsupportedEvent } from '../../framework/errors';
import type { WebhookMessage } from '../../framework/integration';
import { dig, isObject, optArray, optString, requireString, type Json, type JsonObject } from '../../framework/payload';
import { pythonStr } from '../../framework/python';

/** Sentry's platform names as the code block languages that highlight them. */
const LANGUAGES: Record<string, string> = {
  go: 'go',
  java: 'java',
  javascript: 'javascript',
  node: 'javascript',
  python: 'python3',
  ruby: 'ruby',
};

/** Sentry's own sample event is still sent in the old Python format; it is told all the same. */
const SAMPLE_EVENT_TITLE = 'This is an example Python exception';

const FENCE = '```';

function quoteBlock(fields: [string, string][]): string {
  return [`${FENCE}quote`, ...fields.map(([name, value]) => `**${name}:** ${value}`), FENCE].join('\n');
}

/** Source lines, each indented to sit under the arrow that marks the raising line. */
function sourceLines(lines: Json | undefined): string {
  if (!Array.isArray(lines)) return '';
  return lines.map((line) => (line === '' ? '\n' : `     ${pythonStr(line)}\n`)).join('');
}

/** The innermost frame in `filename` that has its source line, from the last stack trace. */
function raisingFrame(event: JsonObject, filename: string): JsonObject | undefined {
  const values = optArray(event, 'exception.values').filter(isObject);
  const withTrace = [...values].reverse().find((value) => Object.hasOwn(value, 'stacktrace'));
  const frames = optArray(withTrace, 'stacktrace.frames').filter(isObject);
  const frame = [...frames].reverse().find((f) => f.filename === filename);
  return frame && typeof frame.context_line === 'string' ? frame : undefined;
}

function exceptionBody(event: JsonObject, head: string, details: [string, string][]): string {
  const named = dig(event, 'metadata.filename');
  const filename = typeof named === 'string' ? named : '';
  const frame = filename ? raisingFrame(event, filename) : undefined;
  const quoted = `${head}\n${quoteBlock([...details, ['filename', pythonStr(named)]])}`;
  if (!frame) return quoted;
  const language = LANGUAGES[optString(event, 'platform')] ?? '';
  const traceback = `${sourceLines(frame.pre_context)}---> ${pythonStr(frame.context_line)}\n${sourceLines(frame.post_context)}`;
  return `${quoted}\n\nTraceback:\n${FENCE}${language}\n${traceback}${FENCE}`;
}

export function eventMessage(event: JsonObject): WebhookMessage {
  const title = requireString(event, 'title');
  const platform = requireString(event, 'platform');
  // Raven, the Python SDK before version 7, is deprecated by Sentry; its events are not told.
  if (platform === 'python' && Number.parseInt(requireString(event, 'version'), 10) < 7 && title !== SAMPLE_EVENT_TITLE) {
    throw unsupportedEvent('Raven SDK');
  }
  const link = `[${title}](${requireString(event, 'web_url')})`;
  const details: [string, string][] = [
    ['level', requireString(event, 'level')],
    ['timestamp', globalTime(requireString(event, 'datetime'), 'datetime')],
  ];
  if (Object.hasOwn(event, 'exception')) {
    return { topic: title, content: exceptionBody(event, `**New exception:** ${link}`, details) };
  }
  if (Object.hasOwn(event, 'logentry')) {
    return { topic: title, content: `**New message event:** ${link}\n${quoteBlock(details)}` };
  }
  throw unsupportedEvent('unknown-event type');
}
