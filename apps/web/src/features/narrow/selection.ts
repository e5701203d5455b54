/** Which message is selected, pure: after a narrow loads, after messages change, and with j/k. */

/** After a load: the anchor's message when the narrow has one and it came, else the newest. */
export function selectionAfterLoad(ids: number[], anchor: number | undefined): number | null {
  return anchor !== undefined && ids.includes(anchor) ? anchor : (ids[ids.length - 1] ?? null);
}

/** After messages came or went: the selection if still in view, else the newest. */
export function selectionAfterChange(ids: number[], selectedId: number | null): number | null {
  return selectedId === null || !ids.includes(selectedId) ? (ids[ids.length - 1] ?? null) : selectedId;
}

/** `step` messages down (positive) or up from the selection, within the view; none selected: from the newest. */
export function selectionMoved(ids: number[], selectedId: number | null, step: number): number | null {
  if (ids.length === 0) return null;
  const index = selectedId === null ? ids.length - 1 : ids.indexOf(selectedId);
  return ids[Math.max(0, Math.min(ids.length - 1, (index < 0 ? ids.length - 1 : index) + step))]!;
}
