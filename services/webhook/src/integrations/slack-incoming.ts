/**
 * A Slack-compatible incoming webhook, so tools that only speak Slack (deploy bots, CI,
 * Alertmanager's Slack receiver) can post here: `text`, `channel` (the topic), `username`,
 * `icon_emoji` and `attachments`, with Slack's mrkdwn turned into our markdown. Slack takes the
 * payload as a JSON body or as a form field `payload`; so do we.
 */
import { unsupportedEvent } from '../framework/errors';
import type { Integration, WebhookRequest } from '../framework/integration';
import { isObject, optArray, optString, parseJson, type Json, type JsonObject } from '../framework/payload';
import { link } from '../framework/text';

function payloadOf(request: WebhookRequest): JsonObject {
  const type = String(request.headers['content-type'] ?? '');
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(request.body.toString('utf8').trim());
    const field = form.get('payload');
    if (field !== null) {
      const value = parseJson(field);
      return isObject(value) ? value : {};
    }
  }
  const value = parseJson(request.body);
  return isObject(value) ? value : {};
}

const URL_LIKE = /^(https?|mailto|ftp):/i;

/** `<url|label>`, `<url>`, `<#C1|general>`, `<@U1|bob>`, `<!here>`: Slack's angle-bracket escapes. */
function convertEscapes(text: string): string {
  return text.replace(/<([^<>\n]+)>/g, (whole, inner: string) => {
    const bar = inner.indexOf('|');
    const target = bar < 0 ? inner : inner.slice(0, bar);
    const label = bar < 0 ? '' : inner.slice(bar + 1);
    if (URL_LIKE.test(target)) return label ? link(label, target) : target;
    if (/^[#@!]/.test(target)) return label ? `${target[0] === '#' ? '#' : '@'}${label}` : target.replace(/^!/, '@');
    return whole;
  });
}

/**
 * Slack's `*bold*`, `_italic_` and `~strike~` as ours. Only at word edges, as Slack reads them,
 * so `a*b*c` or snake_case_names are left alone.
 */
function convertEmphasis(text: string): string {
  const edge = (mark: string) =>
    new RegExp(`(^|[\\s(\\[>])\\${mark}([^\\s${mark}](?:[^${mark}\\n]*[^\\s${mark}])?)\\${mark}(?=$|[\\s.,;:!?)\\]])`, 'gm');
  return text.replace(edge('*'), '$1**$2**').replace(edge('_'), '$1*$2*').replace(edge('~'), '$1~~$2~~');
}

export function slackToMarkdown(text: string): string {
  return convertEmphasis(convertEscapes(text));
}

function attachmentToMarkdown(attachment: JsonObject): string {
  const parts: string[] = [];
  const title = optString(attachment, 'title');
  if (title) parts.push(`## ${link(title, URL_LIKE.test(optString(attachment, 'title_link')) ? optString(attachment, 'title_link') : '')}`);
  for (const key of ['pretext', 'text']) {
    const value = optString(attachment, key).trim();
    if (value) parts.push(slackToMarkdown(value));
  }
  const fields = optArray(attachment, 'fields')
    .filter(isObject)
    .map((field) => {
      const name = optString(field, 'title');
      const value = slackToMarkdown(optString(field, 'value'));
      if (name && value) return `**${name}**: ${value}`;
      return name ? `**${name}**` : value;
    })
    .filter((line) => line !== '');
  if (fields.length > 0) parts.push(fields.join('\n'));
  const image = optString(attachment, 'image_url');
  if (URL_LIKE.test(image)) parts.push(link('Image', image));
  const footer = optString(attachment, 'footer').trim();
  if (footer) parts.push(slackToMarkdown(footer));
  const ts = Number(optString(attachment, 'ts'));
  // Our markdown's <time:...> shows the moment in each reader's timezone.
  if (Number.isFinite(ts) && ts > 0) parts.push(`<time:${new Date(ts * 1000).toISOString().replace('.000Z', '+00:00')}>`);
  // The fallback is Slack's plain-text summary: only worth showing when there is nothing else.
  if (parts.length === 0) {
    const fallback = optString(attachment, 'fallback').trim();
    if (fallback) parts.push(fallback);
  }
  return parts.join('\n\n');
}

export const slackIncoming: Integration = {
  name: 'slack_incoming',
  parse: () => ({}),
  handle(_payload, { request }) {
    const payload = payloadOf(request);
    // Slack's Events API callbacks (url_verification, event_callback) are not messages.
    const type = optString(payload, 'type', 'message');
    if (type !== 'message') throw unsupportedEvent('SlackIncoming', type);

    const sections: string[] = [];
    const text = optString(payload, 'text').trim();
    if (text) {
      const icon = optString(payload, 'icon_emoji').trim();
      const username = optString(payload, 'username').trim();
      const prefix = [icon, username ? `**${username}**:` : ''].filter(Boolean).join(' ');
      sections.push([prefix, slackToMarkdown(text)].filter(Boolean).join(' '));
    }
    for (const attachment of optArray(payload, 'attachments')) {
      if (!isObject(attachment as Json)) continue;
      const body = attachmentToMarkdown(attachment as JsonObject);
      if (body) sections.push(body);
    }
    if (sections.length === 0) return []; // nothing to say: Slack answers ok, so do we

    const channel = optString(payload, 'channel').replace(/^[#@]/, '').trim();
    return [{ topic: channel || '(no topic)', content: sections.join('\n\n') }];
  },
};
