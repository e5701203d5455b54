/** PostgreSQL's unique_violation, for inserts that race on a unique index (an e-mail, a name). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
