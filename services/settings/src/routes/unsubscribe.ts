import { settingsEndpoints as api } from '@chat/contracts';
import { implement, RESPONDED } from '@chat/http';
import { escapeHtml } from '@chat/mail';
import type { Response } from 'express';
import type { SettingsContext } from '../deps';
import { doUnsubscribe, unsubscribeLinkUser } from '../actions/unsubscribe';

const KIND_NAMES: Record<string, string> = { digest: 'digest e-mails' };

/** A small page of its own (no script, no outside resource), as the upload refusal pages are. */
function page(res: Response, status: number, title: string, body: string): typeof RESPONDED {
  res
    .status(status)
    .set('Content-Security-Policy', "default-src 'none'; form-action 'self'; frame-ancestors 'none'")
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>\n`,
    );
  return RESPONDED;
}

export function unsubscribeEndpoints(ctx: SettingsContext) {
  return [
    implement(api.showEmailUnsubscribePage, async ({ params, res }): Promise<typeof RESPONDED> => {
      // A link that is not valid is refused as any bad request is (Zulip's JSON error, 400).
      await unsubscribeLinkUser(ctx, params.email_type, params.token);
      const what = KIND_NAMES[params.email_type] ?? 'these e-mails';
      return page(
        res,
        200,
        'Unsubscribe',
        `<p>Stop receiving ${escapeHtml(what)}?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
      );
    }),
    implement(api.unsubscribeFromEmail, async ({ params, res }): Promise<typeof RESPONDED> => {
      await doUnsubscribe(ctx, params.email_type, params.token);
      const what = KIND_NAMES[params.email_type] ?? 'these e-mails';
      return page(
        res,
        200,
        'Unsubscribed',
        `<p>You will not receive ${escapeHtml(what)} any more. You can turn them on again in your settings.</p>`,
      );
    }),
  ];
}
