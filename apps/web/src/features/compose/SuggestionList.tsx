import { EmojiImage } from '../../ui/Content';
import type { Suggestion } from './suggestions';

export function SuggestionList({
  id,
  items,
  active,
  onPick,
}: {
  id: string;
  items: Suggestion[];
  active: number;
  onPick: (s: Suggestion) => void;
}) {
  if (items.length === 0) return null;
  return (
    <ul class="suggestions" id={id} role="listbox" aria-label="Suggestions">
      {items.map((s, i) => (
        <li
          key={s.insert}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          class={i === active ? 'active' : ''}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(s);
          }}
        >
          {s.emoji && <EmojiImage name={s.emoji.name} url={s.emoji.url} decorative />}
          {s.emoji ? ` ${s.label}` : s.label}
        </li>
      ))}
    </ul>
  );
}
