/**
 * Every path the public reaches, and which tier answers it: the one list the Kubernetes Ingress
 * (k8s/base/ingress.yaml and the production overlay's patch, which k8s/test compares with it),
 * the local runner's ingress (deploy/local/ingress.ts) and the gateway's web-app routing follow.
 * A root route declared in libs/contracts joins it by itself; a path the gateway serves some other
 * way is added here. Never in it: /metrics and /health/*, every process's own, for the cluster only.
 */
import {
  API_PREFIX,
  EMOJI_IMAGES_PATH,
  INVITATION_LINK_PATHS,
  PASSWORD_RESET_PATH,
  SERVER_EMOJI_DATA_PATH,
  WEB_PREFIX,
} from '@chat/contracts';
import { ROUTES } from './route-table';

export interface PublicPath {
  readonly path: string;
  /** `exact`: that path only (the query aside); `prefix`: it and everything under it, by whole segments (Kubernetes' Prefix). */
  readonly match: 'exact' | 'prefix';
}

/** Zulip's inline image previews (`/thumbnail?url=/user_uploads/...`): a redirect to the upload. */
export const THUMBNAIL_PATH = '/thumbnail';

/** The web client's hashed files (Vite's assetsDir). */
export const WEB_ASSETS_PATH = '/assets';

/**
 * The web client's service worker (Web Push notifications): at the root, so its scope is the
 * whole app. Served without caching, so a new build's worker replaces the old one at once.
 */
export const SERVICE_WORKER_PATH = '/service-worker.js';

/**
 * Files at the root of the web client's build other than its page (Vite copies apps/web/public
 * there). A file added there is served, and routed by the Ingress, once it is listed here.
 */
export const WEB_ROOT_FILES: readonly string[] = [SERVICE_WORKER_PATH];

/** Where the web client's page opens: the root, the invitation links mails carry, the password reset form and links. */
export const WEB_PAGE_PATHS: readonly PublicPath[] = [
  { path: '/', match: 'exact' },
  { path: '/index.html', match: 'exact' },
  ...[...INVITATION_LINK_PATHS, PASSWORD_RESET_PATH].map((path) => ({ path, match: 'prefix' as const })),
];

/**
 * What Zulip's nginx sends to Tornado: the event tier's routes (registration, long-polls, queue
 * deletion) under both prefixes, matched exactly. The gateway also serves them, by forwarding.
 */
export const EVENT_TIER_PATHS: ReadonlySet<string> = new Set(
  [API_PREFIX, WEB_PREFIX].flatMap((prefix) =>
    ROUTES.filter((route) => route.service === 'event-queue').map((route) => prefix + route.path),
  ),
);

/** A declared path up to its first variable segment: `/user_uploads/:realm_id/*path` -> prefix `/user_uploads`. */
function fixedPart(path: string): PublicPath {
  const variable = path.search(/\/[:*]/);
  return variable < 0 ? { path, match: 'exact' } : { path: path.slice(0, variable), match: 'prefix' };
}

/** Whether `path` is `entry`'s, by Kubernetes' rules (a prefix matches whole segments). */
export function matchesPublicPath(entry: PublicPath, path: string): boolean {
  if (entry.match === 'exact') return path === entry.path;
  return entry.path === '/' || path === entry.path || path.startsWith(`${entry.path}/`);
}

/** The entries no other entry's prefix already covers, each once. */
function withoutCovered(entries: PublicPath[]): PublicPath[] {
  const unique = [...new Map(entries.map((entry) => [`${entry.match} ${entry.path}`, entry])).values()];
  return unique.filter(
    (entry) => !unique.some((other) => other !== entry && other.match === 'prefix' && matchesPublicPath(other, entry.path)),
  );
}

/** Every path the gateway answers for the public (the event tier's exact paths aside). */
export const GATEWAY_PUBLIC_PATHS: readonly PublicPath[] = withoutCovered([
  // The API: API keys under /api/v1, the web client's session under /json.
  { path: API_PREFIX, match: 'prefix' },
  { path: WEB_PREFIX, match: 'prefix' },
  // Declared root routes: uploads where messages link them, custom emoji images.
  ...ROUTES.filter((route) => route.root === true).map((route) => fixedPart(route.path)),
  // The gateway's own files the API points to, and the previews.
  { path: SERVER_EMOJI_DATA_PATH, match: 'exact' },
  { path: EMOJI_IMAGES_PATH, match: 'prefix' },
  { path: THUMBNAIL_PATH, match: 'exact' },
  // The web client.
  ...WEB_PAGE_PATHS,
  { path: WEB_ASSETS_PATH, match: 'prefix' },
  ...WEB_ROOT_FILES.map((path) => ({ path, match: 'exact' as const })),
]);

/** Whether the public reaches `path` (at the gateway or the event tier). */
export function isPublicPath(path: string): boolean {
  return EVENT_TIER_PATHS.has(path) || GATEWAY_PUBLIC_PATHS.some((entry) => matchesPublicPath(entry, path));
}
