/**
 * /register's realm_incoming_webhook_bots is a static list in @chat/views (the event tier may not
 * import the webhook service): it must name exactly the integrations the webhook service serves.
 */
import { INCOMING_WEBHOOK_BOTS } from '@chat/views';
import { INTEGRATIONS } from '@chat/webhook-service';

jest.setTimeout(10_000);

it('lists every webhook integration, in the registry order, and nothing else', () => {
  expect(INCOMING_WEBHOOK_BOTS.map((bot) => bot.name)).toEqual(INTEGRATIONS.map((integration) => integration.name));
});
