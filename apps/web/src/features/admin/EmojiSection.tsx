/**
 * Custom emoji: the organization's own, upload one and deactivate one. Removing is offered as the
 * server allows it: to administrators, and to a member for the emoji they added.
 */
import { settingsEndpoints } from '@chat/contracts';
import { useState } from 'preact/hooks';
import { api } from '../../api';
import { app, useStore } from '../../store';
import { ActionStatus, AdminScreen, uploadForm, useAction, useLoad } from './admin-ui';
import { activeEmoji } from './emoji-list';
import { loadRealmState } from './realm-state';

export function EmojiSection() {
  const loaded = useLoad(async () => activeEmoji((await loadRealmState(['realm_emoji'])).realm_emoji ?? {}));
  const selfId = useStore(app, (s) => s.selfId);
  const isAdmin = useStore(app, (s) => s.users[s.selfId]?.is_admin === true);
  const action = useAction();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const upload = async (e: Event) => {
    e.preventDefault();
    if (!file) return;
    const emojiName = name.trim();
    const ok = await action.run(
      () => uploadForm(`/realm/emoji/${encodeURIComponent(emojiName)}`, file),
      `:${emojiName}: added.`,
      loaded.reload,
    );
    if (ok) setName('');
  };
  return (
    <AdminScreen title="Custom emoji" loaded={loaded}>
      <ul class="admin-list" aria-label="Custom emoji">
        {(loaded.data ?? []).map((emoji) => (
          <li key={emoji.id}>
            <img src={emoji.source_url} alt="" width={20} height={20} />
            <span>:{emoji.name}:</span>
            {emoji.author && <span>by {emoji.author.full_name}</span>}
            {(isAdmin || emoji.author?.id === selfId) && (
              <button
                type="button"
                disabled={action.busy}
                onClick={() =>
                  void action.run(
                    () => api(settingsEndpoints.deleteCustomEmoji, { emoji_name: emoji.name }),
                    `:${emoji.name}: removed.`,
                    loaded.reload,
                  )
                }
              >
                Remove :{emoji.name}:
              </button>
            )}
          </li>
        ))}
      </ul>
      <form class="admin-form" aria-label="Add a custom emoji" onSubmit={(e) => void upload(e)}>
        <label for="emoji-name">Emoji name</label>
        <input id="emoji-name" required pattern="[a-z0-9_-]+" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="emoji-file">Image</label>
        <input id="emoji-file" type="file" accept="image/*" required onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        <button type="submit" class="primary" disabled={action.busy}>
          Add emoji
        </button>
      </form>
      <ActionStatus action={action} />
    </AdminScreen>
  );
}
