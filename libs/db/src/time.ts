/** A stored time as the API shows it: whole seconds since the epoch. */
export function toSeconds(date: Date | string): number {
  return Math.floor(new Date(date).getTime() / 1000);
}
