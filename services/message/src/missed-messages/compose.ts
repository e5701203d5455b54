/**
 * The missed-message e-mail (Zulip's missed_message email templates, in words of our own): one
 * mail per recipient and batch, a section per conversation with its messages and a link to its
 * narrow, and a footer saying why the mail came and where to turn it off. One template
 * (@chat/mail's blocks) makes its plain text and its HTML.
 */
import { topicForClient, type WireMessage } from '@chat/events';
import { bold, heading, link, paragraph, renderMail, rule, type Block } from '@chat/mail';
import { conversationUrl } from '../notices/narrow-url';

export interface MissedMessageMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  realmUrl: string;
  realmName: string;
  recipientId: number;
  /** message_content_in_email_notifications: off, the mail says who wrote where, not what. */
  showContent: boolean;
}

interface Conversation {
  key: string;
  title: string;
  url: string;
  messages: WireMessage[];
}

function conversationTitle(message: WireMessage, recipientId: number): string {
  // A mail cannot show "": the empty topic is titled by its display name, as Zulip's mails do.
  if (message.type === 'stream') return `#${String(message.display_recipient)} > ${topicForClient(message.subject, false)}`;
  const members = Array.isArray(message.display_recipient) ? message.display_recipient : [];
  const others = members.filter((u) => u.id !== recipientId).map((u) => u.full_name);
  return others.length > 1
    ? `Group conversation with ${others.join(', ')}`
    : `Private messages with ${others[0] ?? message.sender_full_name}`;
}

function conversations(messages: WireMessage[], ctx: MailContext): Conversation[] {
  const byKey = new Map<string, Conversation>();
  for (const message of [...messages].sort((a, b) => a.id - b.id)) {
    const key = message.type === 'stream' ? `s${message.stream_id}:${message.subject.toLowerCase()}` : `p${message.recipient_id}`;
    let conversation = byKey.get(key);
    if (!conversation) {
      conversation = {
        key,
        title: conversationTitle(message, ctx.recipientId),
        url: conversationUrl(ctx.realmUrl, message, ctx.recipientId),
        messages: [],
      };
      byKey.set(key, conversation);
    }
    conversation.messages.push(message);
  }
  return [...byKey.values()];
}

function subjectOf(groups: Conversation[], messageCount: number, realmName: string): string {
  const [only] = groups;
  if (groups.length === 1 && only) {
    const first = only.messages[0]!;
    return first.type === 'stream' ? only.title : `New private message${messageCount > 1 ? 's' : ''} from ${first.sender_full_name}`;
  }
  return `${messageCount} unread messages in ${realmName}`;
}

const HIDDEN = '(the content is left out, as your notification settings ask)';

function conversationBlocks(g: Conversation, ctx: MailContext): Block[] {
  return [
    heading(link(g.title, g.url)),
    ...g.messages.map((m) => paragraph(bold(m.sender_full_name), `: ${ctx.showContent ? m.content : HIDDEN}`)),
    paragraph(link('Read and reply', g.url)),
  ];
}

export function composeMissedMessageMail(messages: WireMessage[], ctx: MailContext): MissedMessageMail {
  const groups = conversations(messages, ctx);
  const settingsUrl = `${ctx.realmUrl}/#settings/notifications`;
  const why = `You got this mail because these messages in ${ctx.realmName} were addressed to you, mentioned you, or came in streams or topics you asked to be notified of, and you had not read them.`;
  const blocks: Block[] = [
    ...groups.flatMap((g) => conversationBlocks(g, ctx)),
    rule,
    paragraph(why),
    paragraph('To stop these mails, turn off e-mail notifications in ', link('your notification settings', settingsUrl), '.'),
  ];
  return { subject: subjectOf(groups, messages.length, ctx.realmName), ...renderMail(blocks) };
}
