/**
 * The Ingress of both overlays routes exactly the paths the public reaches, as the gateway lists
 * them (services/gateway/src/public-paths.ts): a root route added to libs/contracts, or a path the
 * gateway starts serving, without its rule here fails this test. /metrics and /health/* match no
 * rule. The proxy settings written for each controller outlast a parked long-poll and let the
 * largest upload through; production terminates TLS with a cert-manager certificate naming the
 * root realm's host and the wildcard of the other realms.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EVENT_TIER_PATHS, GATEWAY_PUBLIC_PATHS, isPublicPath } from '@chat/gateway-service';
import { MAX_HEARTBEAT_SECS } from '@chat/event-queue-service';
import { maxRequestBodyBytes } from '@chat/http';
import { loadConfig } from '@chat/config';
import { renderKustomization, type K8sObject } from './kustomize';

const K8S = resolve(__dirname, '..');
const OVERLAYS = ['evaluation', 'production'] as const;

type IngressPath = { path: string; pathType: string; backend: { service: { name: string; port: { name: string } } } };
interface Rule {
  host?: string;
  http: { paths: IngressPath[] };
}
interface IngressObject extends K8sObject {
  spec: { ingressClassName?: string; tls?: { hosts: string[]; secretName: string }[]; rules: Rule[] };
}

/** The rules every host must have: the event tier's exact paths, then the gateway's. */
function expectedRoutes(): string[] {
  return [
    ...[...EVENT_TIER_PATHS].map((path) => `Exact ${path} -> event-queue`),
    ...GATEWAY_PUBLIC_PATHS.map((entry) => `${entry.match === 'exact' ? 'Exact' : 'Prefix'} ${entry.path} -> gateway`),
  ].sort();
}

function routesOf(rule: Rule): string[] {
  return rule.http.paths.map((p) => `${p.pathType} ${p.path} -> ${p.backend.service.name}`).sort();
}

/** What one rule is missing and has in excess, against the list. */
function differences(rule: Rule, expected: string[]): { missing: string[]; extra: string[] } {
  const routes = routesOf(rule);
  return { missing: expected.filter((r) => !routes.includes(r)), extra: routes.filter((r) => !expected.includes(r)) };
}

/** The service a request for `path` reaches, by Kubernetes' rules (the longest match; Exact first). */
function backendFor(rule: Rule, path: string): string | undefined {
  const matching = rule.http.paths.filter((p) =>
    p.pathType === 'Exact' ? p.path === path : p.path === '/' || path === p.path || path.startsWith(`${p.path}/`),
  );
  matching.sort((a, b) => b.path.length - a.path.length || (a.pathType === 'Exact' ? -1 : 1));
  return matching[0]?.backend.service.name;
}

/** "26m", "90s", "90" as bytes or seconds. */
function bytesOf(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size)!;
  return Number(match[1]) * 1024 ** ' kmg'.indexOf(match[2]!.toLowerCase() || ' ');
}
function secondsOf(duration: string): number {
  const match = /^(\d+)(s|m)?$/.exec(duration)!;
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

describe.each(OVERLAYS)('the Ingress of the %s overlay', (overlay) => {
  const objects = renderKustomization(join(K8S, 'overlays', overlay));
  const ingresses = objects.filter((o) => o.kind === 'Ingress') as IngressObject[];
  const ingress = ingresses[0]!;
  const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'chat-config') as K8sObject & {
    data: Record<string, string>;
  };

  it("routes every public path, and only those, in every host's rule", () => {
    expect(ingresses).toHaveLength(1);
    expect(ingress.spec.rules.length).toBeGreaterThan(0);
    for (const rule of ingress.spec.rules) {
      expect({ host: rule.host, ...differences(rule, expectedRoutes()) }).toEqual({ host: rule.host, missing: [], extra: [] });
      for (const p of rule.http.paths) expect(p.backend.service.port).toEqual({ name: 'http' });
    }
  });

  it('sends the paths people and clients open to the right tier, and nothing to /metrics or /health', () => {
    const expectations: Record<string, string | undefined> = {
      '/': 'gateway',
      '/api/v1/messages': 'gateway',
      '/api/v1/external/github': 'gateway',
      '/api/v1/register': 'event-queue',
      '/json/events': 'event-queue',
      '/json/messages': 'gateway',
      '/user_uploads/2/a1/b2c3/castle.png': 'gateway',
      '/user_uploads/temporary/token/castle.png': 'gateway',
      '/user_avatars/2/emoji/images/7.png': 'gateway',
      '/static/generated/emoji/emoji_api.json': 'gateway',
      '/static/generated/emoji/images-google-64/1f44d.png': 'gateway',
      '/accounts/do_confirm/abcdefghijklmnopqrstuvwx': 'gateway',
      '/join/abcdefghijklmnopqrstuvwx/': 'gateway',
      '/assets/index-3f2a.js': 'gateway',
      '/metrics': undefined,
      '/health/live': undefined,
      '/health/ready': undefined,
    };
    for (const rule of ingress.spec.rules) {
      const actual = Object.fromEntries(Object.keys(expectations).map((path) => [path, backendFor(rule, path)]));
      expect(actual).toEqual(expectations);
    }
  });

  it('names its controller, and outlasts parked long-polls and the largest upload on ingress-nginx and HAProxy', () => {
    expect(ingress.spec.ingressClassName).toMatch(/^[a-z0-9-]+$/);
    const annotations = ingress.metadata.annotations ?? {};
    const longestPoll = MAX_HEARTBEAT_SECS;
    expect(secondsOf(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']!)).toBeGreaterThan(longestPoll);
    expect(secondsOf(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout']!)).toBeGreaterThan(longestPoll);
    expect(secondsOf(annotations['haproxy.org/timeout-server']!)).toBeGreaterThan(longestPoll);
    // The controller lets through every body the services accept (the ConfigMap's upload size).
    const settings = loadConfig({ MAX_FILE_UPLOAD_SIZE: config.data.MAX_FILE_UPLOAD_SIZE });
    expect(bytesOf(annotations['nginx.ingress.kubernetes.io/proxy-body-size']!)).toBeGreaterThanOrEqual(
      maxRequestBodyBytes(settings.maxFileUploadSizeMb),
    );
  });

  if (overlay === 'evaluation') {
    it('serves every host (the Host names the realm)', () => {
      expect(ingress.spec.rules.map((r) => r.host)).toEqual([undefined]);
    });
  } else {
    it("serves the root realm's host and its wildcard over TLS, with cert-manager's certificate for both", () => {
      const host = config.data.EXTERNAL_HOST!;
      const hosts = [host, `*.${host}`];
      expect(ingress.spec.rules.map((r) => r.host)).toEqual(hosts);
      expect(ingress.spec.tls).toHaveLength(1);
      expect(ingress.spec.tls![0]!.hosts).toEqual(hosts);
      const certificate = objects.find((o) => o.kind === 'Certificate') as K8sObject & {
        spec: { secretName: string; dnsNames: string[]; issuerRef: { kind: string; name: string } };
      };
      expect(certificate.spec.secretName).toBe(ingress.spec.tls![0]!.secretName);
      expect(certificate.spec.dnsNames).toEqual(hosts);
      expect(certificate.spec.issuerRef.kind).toBe('ClusterIssuer');
      // No second certificate from cert-manager's ingress-shim for the same Secret.
      expect(Object.keys(ingress.metadata.annotations ?? {}).filter((a) => a.startsWith('cert-manager.io/'))).toEqual([]);
    });
  }
});

describe("the web client's build", () => {
  it('has no file at its root that is not a public path (its page, and what Vite copies from apps/web/public)', () => {
    const web = resolve(K8S, '../apps/web');
    // Vite's defaults, which apps/web/vite.config.ts keeps: the page and publicDir at the root.
    const publicDir = join(web, 'public');
    const rootFiles = ['index.html', ...(existsSync(publicDir) ? readdirSync(publicDir) : [])];
    expect(rootFiles.filter((file) => !isPublicPath(`/${file}`))).toEqual([]);
  });
});

describe('the Ingress check can fail', () => {
  it('reports a public path without a rule, and a rule for a path nobody serves', () => {
    const ingress = renderKustomization(join(K8S, 'overlays', 'production')).find((o) => o.kind === 'Ingress') as IngressObject;
    const rule = ingress.spec.rules[0]!;
    const withoutUploads: Rule = { http: { paths: rule.http.paths.filter((p) => p.path !== '/user_uploads') } };
    expect(differences(withoutUploads, expectedRoutes()).missing).toEqual(['Prefix /user_uploads -> gateway']);
    const withMetrics: Rule = { http: { paths: [...rule.http.paths, { ...rule.http.paths[0]!, path: '/metrics', pathType: 'Exact' }] } };
    expect(differences(withMetrics, expectedRoutes()).extra).toEqual(['Exact /metrics -> event-queue']);
    expect(backendFor(withMetrics, '/metrics')).toBe('event-queue');
  });
});
