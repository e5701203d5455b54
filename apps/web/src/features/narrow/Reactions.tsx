import { useState } from 'preact/hooks';
import { errorText } from '../../api';
import { emojiImageUrl, unicodeEmojiUrl } from '../../lib/emoji';
import type { Message } from '../../lib/types';
import { app, patchUi } from '../../store';
import { EmojiImage } from '../../ui/Content';
import { Icon } from '../../ui/icons';
import { BUILTIN_EMOJI } from '../compose/compose';
import { toggleReaction } from './message-actions';
import { groupReactions } from './reactions';

export function Reactions({ message, selfId }: { message: Message; selfId: number }) {
  const [picking, setPicking] = useState(false);
  const groups = groupReactions(message.reactions, selfId);
  const fail = (e: unknown) => patchUi({ error: errorText(e) });
  return (
    <div class="reactions">
      {groups.map((g) => {
        const first = g.reactions[0]!;
        const mine = g.mine;
        const url = emojiImageUrl(app.get(), first.reaction_type, first.emoji_code);
        const who = g.reactions.map((r) => (r.user_id === selfId ? 'You' : (app.get().users[r.user_id]?.full_name ?? '?'))).join(', ');
        return (
          <button
            key={g.key}
            type="button"
            class={`reaction${mine ? ' mine' : ''}`}
            aria-pressed={mine}
            aria-label={`${first.emoji_name.replace(/_/g, ' ')}: ${g.reactions.length}`}
            title={`${who} reacted with :${first.emoji_name}:`}
            onClick={() => void toggleReaction(message, first.emoji_name, first.emoji_code).catch(fail)}
          >
            <span class="reaction-emoji" aria-hidden="true">
              <EmojiImage name={first.emoji_name} url={url} />
            </span>{' '}
            {g.reactions.length}
          </button>
        );
      })}
      <button type="button" class="reaction add" aria-label="Add reaction" aria-expanded={picking} onClick={() => setPicking(!picking)}>
        <Icon name="add-reaction" />
      </button>
      {picking && (
        <div class="emoji-picker" role="group" aria-label="Choose a reaction">
          {['+1', 'smile', 'heart', 'tada', 'joy', 'thinking', 'eyes', 'check', 'rocket', 'clap'].map((name) => (
            <button
              key={name}
              type="button"
              class="icon"
              aria-label={`React with ${name.replace(/_/g, ' ')}`}
              onClick={() => {
                setPicking(false);
                void toggleReaction(message, name, BUILTIN_EMOJI[name]).catch(fail);
              }}
            >
              <EmojiImage name={name} url={unicodeEmojiUrl(BUILTIN_EMOJI[name]!)} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
