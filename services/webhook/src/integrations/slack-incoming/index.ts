/**
 * Slack's incoming webhooks, so tools that only speak Slack (deploy bots, CI, Alertmanager's
 * Slack receiver) can post here as Zulip lets them: Block Kit `blocks` and legacy `attachments`
 * rendered as markdown, else `text` after the `icon_emoji`; `channel` names the topic. Slack
 * takes the payload as a JSON body or as a form field `payload`; so does this.
 */
import type { Integration, WebhookRequest } from '../../framework/integration';
import { parseJson, type Json } from '../../framework/payload';
import { convertSlackFormatting, replaceLinks } from './mrkdwn';
import { joinPieces, renderAttachment, renderBlock } from './render';
import { Field, slackError } from './wild';

/** The body is the payload when sent as JSON; otherwise it is the form field, or the query parameter, `payload`. */
function payloadText(request: WebhookRequest): string {
  const type = String(request.headers['content-type'] ?? '')
    .split(';', 1)[0]!
    .trim()
    .toLowerCase();
  if (type === 'application/json') return request.body.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    const values = new URLSearchParams(request.body.toString('utf8')).getAll('payload');
    if (values.length > 0) return values[values.length - 1]!;
  }
  const fromQuery = request.query.payload;
  if (fromQuery !== undefined) return fromQuery;
  throw slackError("Missing 'payload' argument", 'REQUEST_VARIABLE_MISSING');
}

function parsePayload(request: WebhookRequest): { payload: Json } {
  const text = payloadText(request);
  try {
    return { payload: parseJson(text) };
  } catch {
    // Answered in Slack's envelope, so not the bot owner's "malformed JSON" notice either.
    throw slackError('Malformed JSON');
  }
}

/**
 * `#general` or `@someone` names the topic without its sigil. Without a channel, "(no topic)",
 * which the message service stores as the empty topic (or refuses where topics are required), as
 * Zulip does.
 */
function topicOf(payload: Field): string {
  if (!payload.has('channel')) return '(no topic)';
  return payload.get('channel').string().replace(/^[@#]/, '');
}

export const slackIncoming: Integration = {
  name: 'slack_incoming',
  parse: parsePayload,
  handle(parsed, { topicGiven }) {
    const payload = new Field(parsed.payload, 'payload');
    // The caller's topic replaces ours on send; the channel is then not even read, as in Zulip.
    const topic = topicGiven ? '' : topicOf(payload);
    const pieces: string[] = [];
    if (payload.opt('blocks').truthy) pieces.push(...payload.get('blocks').items().map(renderBlock));
    if (payload.opt('attachments').truthy) pieces.push(...payload.get('attachments').items().map(renderAttachment));
    let body = joinPieces(pieces);
    // The text is Slack's fallback for clients that cannot show blocks: shown only without them.
    if (body === '' && payload.opt('text').truthy) {
      const icon = payload.opt('icon_emoji');
      body = `${icon.truthy ? `${icon.string()} ` : ''}${payload.get('text').string()}`.trim();
    }
    if (body === '') return [];
    return [{ topic, content: convertSlackFormatting(replaceLinks(body).trim()) }];
  },
};
