/**
 * POST /zcommand (Zulip 2.1's process_zcommands): `/ping` does nothing; `/night` (`/dark`) and
 * `/day` (`/light`) switch night_mode, `/fluid-width` and `/fixed-width` fluid_layout_width, each
 * through the display settings' own update (so the usual update_display_settings events go out),
 * answering in `msg` what changed or that nothing needed to.
 */
import { badRequest } from '@chat/errors';
import { personalSettings, type PersonalSetting } from '@chat/views';
import type { SettingsContext } from '../deps';
import { loadActor } from '../queries/actor';
import { doUpdatePersonalSettings } from './user-settings';

interface Switch {
  setting: PersonalSetting;
  value: boolean;
  mode: string;
  /** The command that switches back. */
  revert: string;
  /** The answer when the setting already has the value. */
  already: string;
}

const NIGHT = { setting: 'night_mode', value: true, mode: 'night', already: 'You are still in night mode.' } as const;
const DAY = { setting: 'night_mode', value: false, mode: 'day', already: 'You are still in day mode.' } as const;

const SWITCHES: Record<string, Switch> = {
  night: { ...NIGHT, revert: 'day' },
  dark: { ...NIGHT, revert: 'light' },
  day: { ...DAY, revert: 'night' },
  light: { ...DAY, revert: 'dark' },
  'fluid-width': {
    setting: 'fluid_layout_width',
    value: true,
    mode: 'fluid-width',
    revert: 'fixed-width',
    already: 'You are still in fluid width mode.',
  },
  'fixed-width': {
    setting: 'fluid_layout_width',
    value: false,
    mode: 'fixed-width',
    revert: 'fluid-width',
    already: 'You are still in fixed width mode.',
  },
};

export async function doRunZcommand(ctx: SettingsContext, realmId: number, userId: number, content: string): Promise<{ msg?: string }> {
  if (!content.startsWith('/')) throw badRequest('There should be a leading slash in the zcommand.');
  const command = content.slice(1);
  if (command === 'ping') return {};
  if (!Object.hasOwn(SWITCHES, command)) throw badRequest(`No such command: ${command}`);
  const { setting, value, mode, revert, already } = SWITCHES[command]!;
  const user = await loadActor(ctx.db.knex, realmId, userId);
  if (personalSettings(user)[setting] === value) return { msg: already };
  await doUpdatePersonalSettings(ctx, realmId, userId, { [setting]: value });
  return { msg: `Changed to ${mode} mode! To revert ${mode} mode, type \`/${revert}\`.` };
}
