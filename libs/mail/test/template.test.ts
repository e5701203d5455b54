import { bold, heading, link, list, paragraph, quote, renderMail, rule } from '../src/template';
import { checkUnsubscribeToken, unsubscribeHeaders, unsubscribeToken } from '../src/unsubscribe';

describe('one template, both parts', () => {
  it('renders the same blocks as plain text and as escaped HTML', () => {
    const mail = renderMail([
      heading(link('#Denmark > <castle>', 'https://chat.example/#narrow/stream/2-Denmark')),
      paragraph('Hello ', bold('Iago & co'), ','),
      quote(bold('Othello'), ': line one\nline two'),
      list([[link('https://x.example/a', 'https://x.example/a')], ['plain']]),
      rule,
    ]);
    expect(mail.text).toBe(
      [
        '#Denmark > <castle> (https://chat.example/#narrow/stream/2-Denmark)',
        'Hello Iago & co,',
        '> Othello: line one\n> line two',
        '- https://x.example/a\n- plain',
        '--',
      ].join('\n\n'),
    );
    expect(mail.html).toBe(
      [
        '<h3><a href="https://chat.example/#narrow/stream/2-Denmark">#Denmark &#62; &#60;castle&#62;</a></h3>',
        '<p>Hello <b>Iago &#38; co</b>,</p>',
        '<blockquote><b>Othello</b>: line one<br>line two</blockquote>',
        '<ul><li><a href="https://x.example/a">https://x.example/a</a></li><li>plain</li></ul>',
        '<hr>',
      ].join('\n'),
    );
  });
});

describe('one-click unsubscribe tokens', () => {
  const secret = 'a'.repeat(32);

  it('name their user, under the current or the previous secret', () => {
    const token = unsubscribeToken(secret, 'digest', 42);
    expect(checkUnsubscribeToken([secret], 'digest', token)).toBe(42);
    expect(checkUnsubscribeToken(['b'.repeat(32), secret], 'digest', token)).toBe(42);
  });

  it('refuse a tampered token, another user, another kind and another secret', () => {
    const token = unsubscribeToken(secret, 'digest', 42);
    const [, signature = ''] = token.split('.');
    expect(checkUnsubscribeToken([secret], 'digest', `43.${signature}`)).toBeNull();
    expect(checkUnsubscribeToken([secret], 'digest', `42.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(checkUnsubscribeToken([secret], 'missed_messages', token)).toBeNull();
    expect(checkUnsubscribeToken(['b'.repeat(32)], 'digest', token)).toBeNull();
    expect(checkUnsubscribeToken([secret], 'digest', 'garbage')).toBeNull();
  });

  it('come with the headers of RFC 2369 and RFC 8058', () => {
    expect(unsubscribeHeaders('https://chat.example/accounts/unsubscribe/digest/1.x')).toEqual({
      'List-Unsubscribe': '<https://chat.example/accounts/unsubscribe/digest/1.x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
