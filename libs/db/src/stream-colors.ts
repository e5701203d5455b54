/** Zulip's stream color palette (zerver/lib/stream_color.py), assigned in turn. */
export const STREAM_COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
  '#94c849',
  '#bd86e5',
  '#ee7e4a',
  '#a6dcbf',
  '#95a5fd',
  '#53a063',
  '#9987e1',
  '#e4523d',
  '#c2c2c2',
  '#4f8de4',
  '#c6a8ad',
  '#e7cc4d',
  '#c8bebf',
  '#a47462',
];

/** The first palette color the user is not using yet, else the palette in turn (Zulip's pick_color). */
export function pickStreamColor(usedColors: Iterable<string>): string {
  const used = new Set([...usedColors].map((c) => c.toLowerCase()));
  const free = STREAM_COLORS.find((c) => !used.has(c));
  return free ?? STREAM_COLORS[used.size % STREAM_COLORS.length]!;
}
