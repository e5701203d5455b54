/** Python's datetime.isoformat() for a UTC time: microseconds (when not zero) and +00:00. */
export function isoformat(date: Date): string {
  const base = date.toISOString().slice(0, 19);
  const ms = date.getUTCMilliseconds();
  return `${base}${ms === 0 ? '' : `.${String(ms * 1000).padStart(6, '0')}`}+00:00`;
}
