import { useLayoutEffect, useRef } from 'preact/hooks';

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

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

export const formatTime = (seconds: number) => timeFormat.format(new Date(seconds * 1000));
export const formatDate = (seconds: number) => dateFormat.format(new Date(seconds * 1000));

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase();
}
