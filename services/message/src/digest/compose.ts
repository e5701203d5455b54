/**
 * The digest e-mail, from one template (@chat/mail's blocks) for its text and HTML: the counts,
 * the hot conversations with their first messages and who took part, the new streams, and how to
 * stop these mails (the one-click link, also in the List-Unsubscribe header).
 */
import { bold, heading, link, list, paragraph, quote, renderMail, rule, type Block, type MailMessage } from '@chat/mail';
import { topicForClient } from '@chat/events';
import { topicUrl } from '../notices/narrow-url';
import { plainText } from '../web-push/notification';
import type { DigestContent, HotConversation } from './content';

/** A sample message is cut here: the digest invites to read, it does not replace reading. */
const SAMPLE_LENGTH = 300;

export interface DigestMailContext {
  realmName: string;
  realmUrl: string;
  unsubscribeUrl: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function conversationBlocks(conversation: HotConversation, realmUrl: string): Block[] {
  const topic = topicForClient(conversation.topic, false);
  const url = topicUrl(realmUrl, { id: conversation.streamId, name: conversation.stream }, conversation.topic);
  const more = conversation.messageCount - conversation.samples.length;
  return [
    heading(link(`#${conversation.stream} > ${topic}`, url)),
    paragraph(`${conversation.participants.join(', ')}: ${plural(conversation.messageCount, 'message', 'messages')}`),
    ...conversation.samples.map((m) => quote(bold(m.sender_full_name), `: ${plainText(m.rendered_content, SAMPLE_LENGTH)}`)),
    ...(more > 0 ? [paragraph(link(`${plural(more, 'more message', 'more messages')} in this conversation`, url))] : []),
  ];
}

export function composeDigestMail(content: DigestContent, ctx: DigestMailContext): Omit<MailMessage, 'to'> {
  const organization = ctx.realmName || ctx.realmUrl;
  const blocks: Block[] = [
    paragraph('Hello,'),
    paragraph(
      `While you were away, ${plural(content.messageCount, 'message was', 'messages were')} sent in ${plural(content.conversationCount, 'conversation', 'conversations')} of your streams in `,
      bold(organization),
      '.',
    ),
  ];
  if (content.hot.length > 0) {
    blocks.push(heading('Hot conversations'), ...content.hot.flatMap((c) => conversationBlocks(c, ctx.realmUrl)));
  }
  if (content.newStreams.length > 0) {
    blocks.push(
      heading(plural(content.newStreams.length, 'new stream', 'new streams')),
      list(content.newStreams.map((s) => [link(s.name, topicUrl(ctx.realmUrl, s, '').replace(/\/topic\/$/, ''))])),
    );
  }
  blocks.push(
    paragraph(link(`Open ${organization}`, ctx.realmUrl)),
    rule,
    paragraph(`You get this digest because you have not visited ${organization} for a few days.`),
    paragraph(link('Unsubscribe from digest e-mails', ctx.unsubscribeUrl)),
  );
  return { subject: `${organization} digest`, ...renderMail(blocks) };
}
