import { useState } from 'preact/hooks';
import { movedActive, type Suggestion } from './suggestions';

/** A suggestion list's items and highlighted one, and the keys that move through it. */
export function useSuggestions() {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(0);
  const update = (list: Suggestion[]) => {
    setItems(list);
    setActive(0);
  };
  /** Arrows move, Enter or Tab picks, Escape closes: true when the key was the list's. */
  const keys = (e: KeyboardEvent, pick: (s: Suggestion) => void): boolean => {
    if (items.length === 0) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive(movedActive(active, items.length, e.key === 'ArrowDown' ? 1 : -1));
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      pick(items[active]!);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      update([]);
      return true;
    }
    return false;
  };
  return { items, active, update, keys };
}

export type SuggestionState = ReturnType<typeof useSuggestions>;
