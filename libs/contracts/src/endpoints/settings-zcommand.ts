/**
 * POST /zcommand (Zulip 2.1's zcommand_backend): the web client's slash commands that change the
 * caller's display settings. Owned by the settings service, which owns those settings. Spread into
 * settingsEndpoints (settings.ts).
 */
import * as p from '../params';

export const settingsZcommandEndpoints = {
  runZcommand: {
    method: 'POST',
    path: '/zcommand',
    auth: 'user',
    summary: 'Run a slash command (`/ping`, `/night`, `/day`, `/fluid-width`, `/fixed-width`); `msg` says what changed',
    description:
      "Runs one of the web client's slash commands on the caller's display settings: `/night` (or `/dark`) and `/day` (or `/light`) " +
      'switch the night theme on and off, `/fluid-width` and `/fixed-width` the layout width, and `/ping` only checks the server. ' +
      "A change goes out as the usual display-settings event; the answer's `msg` says what changed, or that it already was so.",
    params: {
      command: p.string({ required: true, description: 'The command with its leading slash, e.g. `/night`.', example: '/night' }),
    },
    success: {},
  },
} as const;
