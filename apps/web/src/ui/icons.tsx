/**
 * The app's own icons as inline SVG, drawn with currentColor: they need no font (a system without
 * a symbol or emoji font showed empty boxes for ×, ⋯, ▸, 🔒 and the like) and follow the theme.
 * Shapes are made afresh for each use (a vnode is not shared between places). Each is decorative: the control around it carries the accessible name.
 */
import type { JSX } from 'preact';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': 1.6,
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
} as const;

const SHAPES = {
  close: () => <path {...stroke} d="M4 4l8 8M12 4l-8 8" />,
  'chevron-right': () => <path {...stroke} d="M6 3.5l4.5 4.5L6 12.5" />,
  'chevron-down': () => <path {...stroke} d="M3.5 6L8 10.5 12.5 6" />,
  more: () => (
    <g fill="currentColor">
      <circle cx="3" cy="8" r="1.5" />
      <circle cx="8" cy="8" r="1.5" />
      <circle cx="13" cy="8" r="1.5" />
    </g>
  ),
  lock: () => (
    <g>
      <rect x="3" y="7" width="10" height="7.5" rx="1.5" fill="currentColor" />
      <path {...stroke} d="M5.2 7V5a2.8 2.8 0 0 1 5.6 0v2" />
    </g>
  ),
  speaker: () => (
    <g>
      <path fill="currentColor" d="M2 6h2.5L8.5 3v10l-4-3H2z" />
      <path {...stroke} d="M11 5.5a3.5 3.5 0 0 1 0 5M12.8 3.5a6 6 0 0 1 0 9" />
    </g>
  ),
  'speaker-muted': () => (
    <g>
      <path fill="currentColor" d="M2 6h2.5L8.5 3v10l-4-3H2z" />
      <path {...stroke} d="M10.8 6l4 4M14.8 6l-4 4" />
    </g>
  ),
  star: () => <path fill="currentColor" d="M8 1.5l1.9 4.4 4.7.4-3.6 3.1 1.1 4.6L8 11.6 3.9 14l1.1-4.6-3.6-3.1 4.7-.4z" />,
  'add-reaction': () => (
    <g>
      <circle {...stroke} cx="7" cy="9" r="5.3" />
      <circle fill="currentColor" cx="5.2" cy="7.8" r="0.9" />
      <circle fill="currentColor" cx="8.8" cy="7.8" r="0.9" />
      <path {...stroke} d="M4.7 10.6a2.8 2.8 0 0 0 4.6 0M13 1v4.6M10.7 3.3h4.6" />
    </g>
  ),
  warning: () => (
    <g>
      <path fill="currentColor" d="M8 1.5l7 12.5H1z" />
      <path stroke="var(--bg)" stroke-width="1.6" stroke-linecap="round" d="M8 6v3.6M8 11.9v.1" />
    </g>
  ),
} satisfies Record<string, () => JSX.Element>;

export type IconName = keyof typeof SHAPES;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg class={`svg-icon icon-${name}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {SHAPES[name]()}
    </svg>
  );
}
