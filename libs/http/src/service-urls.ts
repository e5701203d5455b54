/**
 * Where a service is: one URL (behind Kubernetes, a Service's, which does the balancing), or a
 * comma-separated list of its replicas, taken in turn by the gateway's forwarding and by the
 * internal client alike.
 */
export function serviceUrlList(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}

/** Each call the next of `items`, in turn. */
export function roundRobin<T>(items: readonly T[]): () => T {
  let turn = 0;
  return () => items[turn++ % items.length]!;
}
