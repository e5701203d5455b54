import {
  insertAt,
  lastEntry,
  messageLink,
  quoteReply,
  replacePlaceholder,
  replaceToken,
  tokenAt,
  uploadLink,
  uploadPlaceholder,
} from '../src/features/compose/compose';
import { toMessage } from '../src/lib/state';
import { privateMessage, streamMessage } from './fixtures';

describe('quote and reply', () => {
  test("Zulip's quote form", () => {
    const message = toMessage(streamMessage(12, { stream_id: 42, display_recipient: 'general', subject: 'lunch plans' }));
    const link = messageLink(message, 10, 'general');
    expect(link).toBe('#narrow/stream/42-general/topic/lunch.20plans/near/12');
    expect(quoteReply(message, 'hello\nworld', `https://chat.example.com/${link}`)).toBe(
      '@_**Iago|5** [said](https://chat.example.com/#narrow/stream/42-general/topic/lunch.20plans/near/12):\n```quote\nhello\nworld\n```\n',
    );
    expect(quoteReply(message, 'has ```code```', 'l')).toContain('````quote\nhas ```code```\n````');
    expect(messageLink(toMessage(privateMessage(13, 5, [5, 7, 10])), 10)).toBe('#narrow/pm-with/5,7-group/near/13');
  });
});

describe('autocompletion tokens', () => {
  test('mentions and emoji before the caret', () => {
    expect(tokenAt('hi @ia', 6)).toEqual({ trigger: '@', query: 'ia', start: 3 });
    expect(tokenAt('@', 1)).toEqual({ trigger: '@', query: '', start: 0 });
    expect(tokenAt('hi :sm', 6)).toEqual({ trigger: ':', query: 'sm', start: 3 });
    expect(tokenAt('mail a@b', 8)).toBeUndefined();
    expect(tokenAt('time 10:30', 10)).toBeUndefined();
    expect(tokenAt('plain', 5)).toBeUndefined();
  });

  test('replacing the token', () => {
    const token = tokenAt('hi @ia there', 6)!;
    expect(replaceToken('hi @ia there', 6, token, '@**Iago**')).toEqual({ text: 'hi @**Iago**  there', caret: 13 });
  });

  test('the last recipient being typed', () => {
    expect(lastEntry('a@x, b')).toEqual({ prefix: 'a@x, ', query: 'b' });
    expect(lastEntry('ia')).toEqual({ prefix: '', query: 'ia' });
  });
});

describe('uploads in the message', () => {
  test('each file holds its place while it uploads, and its link replaces it when done, in any order', () => {
    let text = 'see ';
    const a = uploadPlaceholder('a.png');
    const b = uploadPlaceholder('b.txt');
    ({ text } = insertAt(text, 4, 4, `${a}\n`));
    ({ text } = insertAt(text, text.length, text.length, `${b}\n`));
    expect(text).toBe('see [Uploading a.png…]()\n[Uploading b.txt…]()\n');
    // The second finishes first; then the person types, then the first finishes.
    text = replacePlaceholder(text, b, uploadLink('b.txt', '/user_uploads/2/b.txt'));
    text += 'done';
    text = replacePlaceholder(text, a, uploadLink('a.png', '/user_uploads/1/a.png'));
    expect(text).toBe('see [a.png](/user_uploads/1/a.png)\n[b.txt](/user_uploads/2/b.txt)\ndone');
  });

  test('a deleted placeholder stays deleted; brackets in a name do not end the link text', () => {
    expect(replacePlaceholder('text', uploadPlaceholder('x'), 'link')).toBe('text');
    expect(uploadLink('a]b[c.png', '/u')).toBe('[a\\]b\\[c.png](/u)');
    expect(insertAt('abc', 1, 2, 'XY')).toEqual({ text: 'aXYc', caret: 3 });
    expect(insertAt('abc', 9, 9, '!')).toEqual({ text: 'abc!', caret: 4 });
  });
});
