/**
 * The organization's administration in Chromium: an administrator (iago) uses each screen (users
 * and roles, invitations, streams, organization settings, e-mail domains, default streams,
 * linkifiers, custom emoji, user groups) and sees the server's refusal as its message; a member
 * (hamlet) is offered none of them while the realm's policies keep them to administrators, and
 * the invitations alone once they let members invite. axe-core finds no serious or critical violation on any screen.
 * A smoke test covers the distributed topology.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import request from 'supertest';
import { launchChromium, seriousA11yViolations, TINY_PNG, type A11yViolation } from '@chat/testing';
import { startWebTopology, type TopologyName, type WebTopology } from './web-topology';

jest.setTimeout(90_000);

const LIST = '[role="log"][aria-label="Messages"]';

function suite(
  name: TopologyName,
  body: (env: { page: () => Page; open: (title: string) => Promise<Locator>; tag: string; a11y: A11yViolation[] }) => void,
) {
  describe(`administration in Chromium (${name})`, () => {
    let topology: WebTopology;
    let browser: Browser;
    let page: Page;
    const a11y: A11yViolation[] = [];
    const tag = `${name.slice(0, 3)}${Date.now().toString(36)}`;

    beforeAll(async () => {
      [topology, browser] = await Promise.all([startWebTopology(name), launchChromium()]);
      [, page] = await openAs('iago@zulip.com');
    });
    afterAll(async () => {
      await browser?.close();
      await topology?.stop();
    });

    async function openAs(email: string): Promise<[BrowserContext, Page]> {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const p = await ctx.newPage();
      await p.goto(topology.url);
      await p.getByRole('button', { name: email, exact: true }).click();
      await p.locator(LIST).waitFor();
      return [ctx, p];
    }

    /** Opens an organization section by its hash and waits for its screen. */
    const open = async (title: string): Promise<Locator> => {
      const nav = page.getByRole('navigation', { name: 'Settings sections' });
      if (!(await nav.isVisible())) await page.evaluate("location.hash = '#organization'");
      await nav.getByRole('link', { name: title, exact: true }).click();
      const screen = page.getByRole('region', { name: title, exact: true });
      await screen.waitFor();
      await screen.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
      a11y.push(...(await seriousA11yViolations(page, title)));
      return screen;
    };

    if (name === 'embedded') {
      /** Sets the realm's policies as iago, through the API. */
      const setPolicies = async (params: Record<string, string>) => {
        const res = await request(topology.url)
          .patch('/api/v1/realm')
          .set('Authorization', await topology.apiAuth('iago@zulip.com'))
          .type('form')
          .send(params);
        expect(res.body.result).toBe('success');
      };
      const closed = {
        invite_by_admins_only: 'true',
        add_emoji_by_admins_only: 'true',
        create_stream_policy: '2',
        user_group_edit_policy: '2',
      };

      it('offers a member none of the organization sections when the policies say administrators, even at their address', async () => {
        await setPolicies(closed);
        const [memberContext, member] = await openAs('hamlet@zulip.com');
        await member.evaluate("location.hash = '#organization/users'");
        const nav = member.getByRole('navigation', { name: 'Settings sections' });
        await nav.getByRole('link', { name: 'Account security' }).waitFor();
        // A personal section opens in its place once the permissions are known.
        await member.locator('.settings-body > section').first().waitFor();
        await expect(nav.getByRole('heading', { name: 'Organization' }).count()).resolves.toBe(0);
        await expect(nav.getByRole('link', { name: 'Users', exact: true }).count()).resolves.toBe(0);
        await memberContext.close();
      });

      it('offers a member whom the realm lets invite the invitations, and nothing else', async () => {
        await setPolicies({ ...closed, invite_by_admins_only: 'false' });
        const [memberContext, member] = await openAs('hamlet@zulip.com');
        await member.evaluate("location.hash = '#organization/invitations'");
        const nav = member.getByRole('navigation', { name: 'Settings sections' });
        const invites = member.getByRole('region', { name: 'Invitations', exact: true });
        await invites.waitFor();
        await invites.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
        for (const title of ['Users', 'Organization settings', 'Streams', 'Custom emoji', 'User groups']) {
          await expect(nav.getByRole('link', { name: title, exact: true }).count()).resolves.toBe(0);
        }
        // Only what the server lets a member do: no reusable link, no staff roles.
        await expect(invites.getByRole('button', { name: 'Create a reusable link' }).count()).resolves.toBe(0);
        await expect(invites.getByRole('option', { name: 'Administrator' }).count()).resolves.toBe(0);
        const address = `member-${tag}@zulip.com`;
        await invites.getByLabel('E-mail addresses').fill(address);
        await invites.getByRole('checkbox', { name: 'Denmark' }).check();
        await invites.getByRole('button', { name: 'Send invitations' }).click();
        await invites.getByRole('status').filter({ hasText: 'Invitations sent.' }).waitFor();
        await invites.getByRole('button', { name: `Revoke ${address}` }).waitFor();
        a11y.push(...(await seriousA11yViolations(member, 'Invitations (member)')));
        await memberContext.close();
        await setPolicies({
          invite_by_admins_only: 'false',
          add_emoji_by_admins_only: 'false',
          create_stream_policy: '1',
          user_group_edit_policy: '1',
        });
      });
    }

    body({ page: () => page, open, tag, a11y });

    it('has no serious or critical accessibility violation on any screen it opened', () => {
      expect(a11y).toEqual([]);
    });
  });
}

suite('embedded', ({ open, page, tag }) => {
  it('changes a role, deactivates and reactivates a user', async () => {
    const users = await open('Users');
    await users.getByLabel('Role of King Hamlet').selectOption({ label: 'Moderator' });
    await users.getByRole('status').filter({ hasText: "King Hamlet's role changed." }).waitFor();
    await expect(users.getByLabel('Role of King Hamlet').inputValue()).resolves.toBe('300');
    await users.getByLabel('Role of King Hamlet').selectOption({ label: 'Member' });
    await users.getByRole('status').filter({ hasText: "King Hamlet's role changed." }).waitFor();
    await users.getByRole('button', { name: 'Deactivate Cordelia Lear' }).click();
    await users.getByRole('button', { name: 'Reactivate Cordelia Lear' }).click();
    await users.getByRole('button', { name: 'Deactivate Cordelia Lear' }).waitFor();
    const rename = users.getByRole('form', { name: 'Change a name' });
    await rename.getByLabel('Person').selectOption({ label: 'Zoe' });
    await rename.getByLabel('New name').fill('Zoe <b>');
    await rename.getByRole('button', { name: 'Change name' }).click();
    await users.getByRole('alert').filter({ hasText: 'Invalid characters in name' }).waitFor();
    await rename.getByLabel('New name').fill('Zoe Washburne');
    await rename.getByRole('button', { name: 'Change name' }).click();
    await users.getByRole('rowheader', { name: 'Zoe Washburne' }).waitFor();
  });

  it('invites by e-mail, resends and revokes; makes and revokes a reusable link', async () => {
    const invites = await open('Invitations');
    const address = `new-${tag}@zulip.com`;
    await invites.getByLabel('E-mail addresses').fill(address);
    await invites.getByRole('checkbox', { name: 'Denmark' }).check();
    await invites.getByRole('button', { name: 'Send invitations' }).click();
    await invites.getByRole('status').filter({ hasText: 'Invitations sent.' }).waitFor();
    await invites.getByRole('button', { name: `Resend to ${address}` }).click();
    await invites
      .getByRole('status')
      .filter({ hasText: `Sent again to ${address}.` })
      .waitFor();
    await invites.getByRole('button', { name: `Revoke ${address}` }).click();
    await invites.getByRole('button', { name: `Revoke ${address}` }).waitFor({ state: 'detached' });
    // An address that already has an account: the server's refusal, as its message.
    await invites.getByLabel('E-mail addresses').fill('hamlet@zulip.com');
    await invites.getByRole('button', { name: 'Send invitations' }).click();
    await invites.getByRole('alert').filter({ hasText: "We weren't able to invite anyone." }).waitFor();
    await invites.getByRole('button', { name: 'Create a reusable link' }).click();
    await expect(invites.locator('.invite-link').textContent()).resolves.toMatch(/\/join\/[a-z0-9]+\/?$/i);
    await invites.getByRole('button', { name: 'Revoke link' }).click();
    await invites.getByRole('button', { name: 'Revoke link' }).waitFor({ state: 'detached' });
  });

  it('creates a stream, edits it, changes its subscribers and archives it; a taken name is refused', async () => {
    const streams = await open('Streams');
    const stream = `admin ${tag}`;
    await streams.getByLabel('New stream name').fill(stream);
    await streams.getByRole('button', { name: 'Create stream' }).click();
    await streams.getByRole('button', { name: `Edit #${stream}` }).click();
    const editor = streams.getByRole('region', { name: `Stream #${stream}` });
    await editor.getByLabel('Description').fill('Where the administrators meet');
    await editor.getByLabel('Privacy').selectOption('private-shared');
    await editor.getByLabel('Only administrators may post').check();
    await editor.getByRole('button', { name: 'Save stream' }).click();
    await streams.getByRole('status').filter({ hasText: 'Stream saved.' }).waitFor();
    await editor.getByLabel('E-mail address to subscribe').fill('hamlet@zulip.com');
    await editor.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await editor.getByRole('button', { name: 'Unsubscribe hamlet@zulip.com' }).click();
    await editor.getByRole('button', { name: 'Unsubscribe hamlet@zulip.com' }).waitFor({ state: 'detached' });
    await editor.getByLabel('Name').fill('Denmark');
    await editor.getByRole('button', { name: 'Save stream' }).click();
    await streams.getByRole('alert').filter({ hasText: 'Denmark' }).waitFor();
    await editor.getByRole('button', { name: `Archive #${stream}` }).click();
    await streams
      .getByRole('status')
      .filter({ hasText: `#${stream} archived.` })
      .waitFor();
    await page()
      .getByRole('button', { name: `Edit #${stream}` })
      .waitFor({ state: 'detached' });
  });

  it('changes the organization settings and uploads an icon', async () => {
    const settings = await open('Organization settings');
    await settings.getByLabel('Description').fill(`Run from the browser ${tag}`);
    await settings.getByLabel('Joining needs an invitation').uncheck();
    await settings.getByLabel('Editing allowed for').fill('15');
    await settings.getByLabel('Keep messages for').fill('');
    await settings.getByRole('button', { name: 'Save organization settings' }).click();
    await settings.getByRole('status').filter({ hasText: 'Organization settings saved.' }).waitFor();
    await expect(settings.getByLabel('Editing allowed for').inputValue()).resolves.toBe('15');
    await settings.getByLabel('Upload an icon').setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: TINY_PNG });
    await settings.getByRole('status').filter({ hasText: 'New icon uploaded.' }).waitFor();
  });

  it('adds and removes an e-mail domain, default streams and a default stream group', async () => {
    const domains = await open('E-mail domains');
    await domains.getByLabel('Domain', { exact: true }).fill(`${tag}.example.org`);
    await domains.getByRole('button', { name: 'Add domain' }).click();
    await domains.getByRole('button', { name: `Remove ${tag}.example.org` }).click();
    await domains
      .getByRole('status')
      .filter({ hasText: `${tag}.example.org removed.` })
      .waitFor();

    const defaults = await open('Default streams');
    await defaults.getByLabel('Stream', { exact: true }).selectOption('Verona');
    await defaults.getByRole('button', { name: 'Add default stream' }).click();
    await defaults.getByRole('button', { name: 'Remove #Verona' }).click();
    await defaults.getByRole('status').filter({ hasText: '#Verona removed.' }).waitFor();
    await defaults.getByLabel('Group name').fill(`group ${tag}`);
    await defaults.getByLabel('Description').fill('Streams for newcomers');
    await defaults.getByRole('checkbox', { name: 'Verona' }).check();
    await defaults.getByRole('button', { name: 'Create group' }).click();
    await defaults.getByRole('button', { name: `Delete group group ${tag}` }).click();
    await defaults
      .getByRole('status')
      .filter({ hasText: `Group group ${tag} deleted.` })
      .waitFor();
  });

  it('adds and removes a linkifier, a custom emoji and a user group with a member', async () => {
    const linkifiers = await open('Linkifiers');
    await linkifiers.getByLabel('Pattern').fill('#(?P<id>[0-9]+)');
    await linkifiers.getByLabel('URL format').fill('https://tracker.example.com/%(id)s');
    await linkifiers.getByRole('button', { name: 'Add linkifier' }).click();
    await linkifiers.getByRole('button', { name: 'Remove linkifier #(?P<id>[0-9]+)' }).click();
    await linkifiers.getByRole('status').filter({ hasText: 'Linkifier removed.' }).waitFor();

    const emoji = await open('Custom emoji');
    await emoji.getByLabel('Emoji name').fill(`e_${tag}`);
    await emoji.getByLabel('Image').setInputFiles({ name: 'e.png', mimeType: 'image/png', buffer: TINY_PNG });
    await emoji.getByRole('button', { name: 'Add emoji' }).click();
    await emoji.getByRole('button', { name: `Remove :e_${tag}:` }).click();
    await emoji
      .getByRole('status')
      .filter({ hasText: `:e_${tag}: removed.` })
      .waitFor();

    const groups = await open('User groups');
    await groups.getByLabel('Group name').fill(`team${tag}`);
    await groups.getByLabel('Description').fill('The team');
    await groups.getByRole('button', { name: 'Create group' }).click();
    await groups.getByLabel(`Add a member to team${tag}`).selectOption({ label: 'King Hamlet' });
    await groups.getByRole('button', { name: `Remove King Hamlet from team${tag}` }).click();
    await groups
      .getByRole('status')
      .filter({ hasText: `King Hamlet left team${tag}.` })
      .waitFor();
    await groups.getByRole('button', { name: `Delete group team${tag}` }).click();
    await groups
      .getByRole('status')
      .filter({ hasText: `Group team${tag} deleted.` })
      .waitFor();
  });
});

suite('distributed', ({ open }) => {
  it('lists the users and changes a role', async () => {
    const users = await open('Users');
    await users.getByLabel('Role of Cordelia Lear').selectOption({ label: 'Moderator' });
    await users.getByRole('status').filter({ hasText: "Cordelia Lear's role changed." }).waitFor();
    await users.getByLabel('Role of Cordelia Lear').selectOption({ label: 'Member' });
    await open('Organization settings');
  });
});
