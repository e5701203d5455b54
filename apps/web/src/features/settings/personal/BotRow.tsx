/** One of the person's bots: its address and type, its key, a zuliprc, its webhook URL, and deactivating it. */
import { settingsEndpoints, type IntegrationListing } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../../api';
import { Feedback } from './Feedback';
import type { FetchedState } from './initial-state';
import { botTypeLabel } from './settings-model';
import { useSave } from './useSave';
import { ZuliprcDownload } from './ZuliprcDownload';
import { webhookUrl } from './zuliprc';

export type Bot = NonNullable<FetchedState['realm_bots']>[number];

interface BotRowProps {
  bot: Bot;
  /** The server's integrations (GET /integrations), for an incoming-webhook bot's URL. */
  integrations: readonly IntegrationListing[];
  onDeactivated: () => Promise<void>;
}

export function BotRow({ bot, integrations, onDeactivated }: BotRowProps) {
  const [chosen, setChosen] = useState('');
  const integration = integrations.find((i) => i.name === chosen) ?? integrations[0];
  const [confirming, setConfirming] = useState(false);
  const save = useSave();
  const service = bot.services[0];
  const deactivate = async () => {
    if (await save.run(() => api(settingsEndpoints.deactivateBot, { bot_id: bot.user_id }))) await onDeactivated();
  };
  const selectId = `bot-${bot.user_id}-integration`;
  return (
    <li class="bot-card" aria-label={bot.full_name}>
      <h4>{bot.full_name}</h4>
      <p>
        {botTypeLabel(bot.bot_type)} · <span class="bot-email">{bot.email}</span>
      </p>
      <p>
        API key: <code class="bot-api-key">{bot.api_key}</code> <ZuliprcDownload email={bot.email} apiKey={bot.api_key} isBot />
      </p>
      {bot.bot_type === 2 && integration && (
        <div class="bot-integration">
          <label for={selectId}>Integration</label>{' '}
          <select id={selectId} value={integration.name} onChange={(e) => setChosen(e.currentTarget.value)}>
            {integrations.map((i) => (
              <option key={i.name} value={i.name}>
                {i.display_name}
              </option>
            ))}
          </select>{' '}
          <code class="bot-webhook-url">{webhookUrl(location.origin, bot.api_key, integration.url)}</code>
          <p class="bot-integration-summary">{integration.summary} Add &amp;stream=… to post to a stream.</p>
          {integration.url_options.length > 0 && (
            <ul class="bot-integration-options" aria-label="URL options">
              {integration.url_options.map((o) => (
                <li key={o.key}>
                  <code>{o.key}</code>: {o.label}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {service && <p>Posts to {service.base_url}</p>}
      {confirming ? (
        <p>
          Deactivate {bot.full_name}? Its key stops working.{' '}
          <button type="button" class="danger" disabled={save.busy} onClick={() => void deactivate()}>
            Yes, deactivate
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </p>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Deactivate {bot.full_name}
        </button>
      )}
      <Feedback save={save} />
    </li>
  );
}
