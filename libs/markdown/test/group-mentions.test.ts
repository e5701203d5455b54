import { renderMarkdown } from '../src';

describe('@*group* mentions', () => {
  const userGroups = [{ id: 7, name: 'support' }];

  it('renders a known group (names case-insensitive) and reports it', () => {
    const result = renderMarkdown('ask @*Support* now', { userGroups });
    expect(result.html).toBe('<p>ask <span class="user-group-mention" data-user-group-id="7">@support</span> now</p>');
    expect(result.mentionedUserGroupIds).toEqual([7]);
  });

  it('leaves unknown groups, groups without context and code alone', () => {
    expect(renderMarkdown('@*nobody*', { userGroups }).mentionedUserGroupIds).toEqual([]);
    expect(renderMarkdown('@*support*').html).not.toContain('user-group-mention');
    expect(renderMarkdown('`@*support*`', { userGroups }).html).toBe('<p><code>@*support*</code></p>');
  });

  it('does not take user mentions', () => {
    const result = renderMarkdown('@**King Hamlet**', {
      userGroups: [{ id: 1, name: '*King Hamlet' }],
      users: [{ id: 3, fullName: 'King Hamlet' }],
    });
    expect(result.html).toContain('data-user-id="3"');
  });
});
