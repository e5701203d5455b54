/**
 * The person's own bots: the active ones with their keys, a zuliprc and (incoming webhooks) the
 * integration URL; creating one (POST /bots) and deactivating one (DELETE /bots/{id}).
 */
import { settingsEndpoints, webhookCatalogueEndpoints, type IntegrationListing } from '@chat/contracts';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from '../../../api';
import { app, useStore } from '../../../store';
import { BotRow, type Bot } from './BotRow';
import { Feedback } from './Feedback';
import { fetchState } from './initial-state';
import { BOT_TYPES, newBotParams, newBotProblem, type NewBotForm } from './settings-model';
import { useSave } from './useSave';

const EMPTY: NewBotForm = { fullName: '', shortName: '', botType: 2, payloadUrl: '', interfaceType: 1 };

export function BotsSection() {
  const selfEmail = useStore(app, (s) => s.selfEmail);
  const [bots, setBots] = useState<Bot[] | null>(null);
  const reload = useCallback(async () => {
    const state = await fetchState(['realm_bot']);
    setBots((state.realm_bots ?? []).filter((b) => b.is_active && b.owner === selfEmail));
  }, [selfEmail]);
  useEffect(() => void reload(), [reload]);
  // Which integrations an incoming-webhook bot can post for, with their URLs: the server's list.
  const [integrations, setIntegrations] = useState<IntegrationListing[]>([]);
  useEffect(() => {
    api(webhookCatalogueEndpoints.listIntegrations)
      .then((answer) => setIntegrations(answer.integrations))
      .catch(() => setIntegrations([]));
  }, []);
  return (
    <section class="settings-section personal" aria-label="Bots">
      <NewBot onCreated={reload} />
      <h3>My bots</h3>
      {bots === null ? (
        <p role="status">Loading bots…</p>
      ) : bots.length === 0 ? (
        <p>You have no bots.</p>
      ) : (
        <ul class="bot-list">
          {bots.map((b) => (
            <BotRow key={b.user_id} bot={b} integrations={integrations} onDeactivated={reload} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewBot({ onCreated }: { onCreated: () => Promise<void> }) {
  const [form, setForm] = useState<NewBotForm>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSave();
  const set = (change: Partial<NewBotForm>) => setForm((f) => ({ ...f, ...change }));
  const onSubmit = async (e: Event) => {
    e.preventDefault();
    const found = newBotProblem(form);
    setProblem(found);
    if (found) return;
    if (await save.run(() => api(settingsEndpoints.createBot, newBotParams(form)), `Bot ${form.fullName.trim()} created.`)) {
      setForm(EMPTY);
      await onCreated();
    }
  };
  return (
    <form class="settings-form" aria-label="Create a bot" onSubmit={(e) => void onSubmit(e)}>
      <h3>Create a bot</h3>
      <label for="bot-type">Type</label>
      <select id="bot-type" value={form.botType} onChange={(e) => set({ botType: Number(e.currentTarget.value) })}>
        {BOT_TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
      <label for="bot-name">Name</label>
      <input id="bot-name" value={form.fullName} onInput={(e) => set({ fullName: e.currentTarget.value })} />
      <label for="bot-short-name">E-mail start (before -bot@)</label>
      <input id="bot-short-name" value={form.shortName} onInput={(e) => set({ shortName: e.currentTarget.value })} />
      {form.botType === 3 && (
        <>
          <label for="bot-payload-url">Endpoint URL</label>
          <input id="bot-payload-url" type="url" value={form.payloadUrl} onInput={(e) => set({ payloadUrl: e.currentTarget.value })} />
          <label for="bot-interface">Payload format</label>
          <select id="bot-interface" value={form.interfaceType} onChange={(e) => set({ interfaceType: Number(e.currentTarget.value) })}>
            <option value={1}>Zulip</option>
            <option value={2}>Slack</option>
          </select>
        </>
      )}
      <button type="submit" class="primary" disabled={save.busy}>
        Create bot
      </button>
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      <Feedback save={save} />
    </form>
  );
}
