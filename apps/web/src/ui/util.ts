import { useLayoutEffect, useRef } from 'preact/hooks';
import { formatClock } from '../features/settings/personal/clock';
import { app } from '../store';

/**
 * Sets a CSS custom property on the element from script (the CSP forbids style attributes in
 * markup, not CSSOM changes).
 */
export function useCssVar<T extends HTMLElement>(name: string, value: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    ref.current?.style.setProperty(name, value);
  }, [name, value]);
  return ref;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

export const formatTime = (seconds: number) => formatClock(seconds, app.get().settings.twenty_four_hour_time === true);
export const formatDate = (seconds: number) => dateFormat.format(new Date(seconds * 1000));

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}
