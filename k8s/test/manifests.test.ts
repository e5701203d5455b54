/**
 * The Kubernetes manifests: both overlays render, every object validates against the Kubernetes
 * API schema (the JSON schemas compiled into the kubernetes-models package), and the operational
 * invariants hold: probes, resources and a PodDisruptionBudget for every Deployment, the event
 * tier's autoscaler, the NetworkPolicies' reachability, the settings the processes read.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { ENTRIES } from '../../deploy/build';
import { objectKey, parseObjects, renderKustomization, type K8sObject } from './kustomize';

const K8S = resolve(__dirname, '..');
const SERVICES = ['gateway', 'message', 'subscription', 'settings', 'webhook', 'event-queue'];
const OVERLAYS = ['evaluation', 'production'] as const;

/** A model class per kind: validate() checks the object against the API schema, or throws. */
type Model = new (data: never) => { validate(): void };
const MODELS: Record<string, Model> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/**
 * cert-manager's Certificate has no schema in kubernetes-models: the fields the Ingress relies on
 * are checked by hand (its CRD's required fields).
 */
function validateCertificate(object: K8sObject): void {
  const spec = object.spec as { secretName?: unknown; dnsNames?: unknown; issuerRef?: { name?: unknown; kind?: unknown } } | undefined;
  if (typeof spec?.secretName !== 'string') throw new Error('spec.secretName is required');
  if (!Array.isArray(spec.dnsNames) || !spec.dnsNames.every((name) => typeof name === 'string')) throw new Error('spec.dnsNames');
  if (typeof spec.issuerRef?.name !== 'string' || !['Issuer', 'ClusterIssuer'].includes(String(spec.issuerRef.kind))) {
    throw new Error('spec.issuerRef needs a name and a kind (Issuer or ClusterIssuer)');
  }
}

function validate(object: K8sObject): void {
  if (`${object.apiVersion}/${object.kind}` === 'cert-manager.io/v1/Certificate') {
    validateCertificate(object);
    return;
  }
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new Model(object as never).validate();
}

// Loose views of the fields the invariants read.
interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: {
    containers: Container[];
    initContainers?: Container[];
    terminationGracePeriodSeconds?: number;
    securityContext?: { runAsNonRoot?: boolean };
  };
}
interface Workload extends K8sObject {
  spec: { replicas?: number; selector: Selector; template: PodTemplate; volumeClaimTemplates?: unknown[] };
}
interface CronJobObject extends K8sObject {
  spec: {
    schedule: string;
    timeZone?: string;
    concurrencyPolicy?: string;
    jobTemplate: { spec: { template: PodTemplate } };
  };
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
}
interface Policy extends K8sObject {
  spec: { podSelector: Selector; policyTypes?: string[]; ingress?: { from?: Peer[]; ports?: { port: number }[] }[] };
}

function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const labelsOk = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const exprsOk = (selector.matchExpressions ?? []).every((e) => {
    const value = labels[e.key];
    if (e.operator === 'In') return value !== undefined && (e.values ?? []).includes(value);
    if (e.operator === 'NotIn') return value === undefined || !(e.values ?? []).includes(value);
    if (e.operator === 'Exists') return value !== undefined;
    if (e.operator === 'DoesNotExist') return value === undefined;
    throw new Error(`operator ${e.operator}`);
  });
  return labelsOk && exprsOk;
}

interface Source {
  labels: Record<string, string>;
  /** Labels of the source's namespace; undefined: the target's own namespace. */
  namespace?: Record<string, string>;
}

/** Whether `source` may connect to a pod labelled `target` on `port`, by NetworkPolicy semantics. */
function reachable(policies: Policy[], target: Record<string, string>, source: Source, port: number): boolean {
  const applying = policies.filter((p) => (p.spec.policyTypes ?? ['Ingress']).includes('Ingress') && selects(p.spec.podSelector, target));
  if (applying.length === 0) return true;
  return applying.some((policy) =>
    (policy.spec.ingress ?? []).some((rule) => {
      const portOk = !rule.ports || rule.ports.some((p) => p.port === port);
      const fromOk =
        !rule.from ||
        rule.from.some((peer) => {
          if (peer.namespaceSelector) {
            return (
              source.namespace !== undefined &&
              selects(peer.namespaceSelector, source.namespace) &&
              (!peer.podSelector || selects(peer.podSelector, source.labels))
            );
          }
          return source.namespace === undefined && selects(peer.podSelector, source.labels);
        });
      return portOk && fromOk;
    }),
  );
}

/** Every environment variable libs/config reads (loadConfig is the only reader of process.env). */
function configVariables(): Set<string> {
  const source = readFileSync(resolve(K8S, '../libs/config/src/index.ts'), 'utf8');
  const names = new Set(
    [...source.matchAll(/env\.([A-Z][A-Z0-9_]*)/g), ...source.matchAll(/[a-z]+Var\(env, '([A-Z0-9_]+)'/g)].map((m) => m[1]!),
  );
  for (const service of SERVICES.filter((s) => s !== 'gateway')) names.add(`${service.toUpperCase().replace('-', '_')}_URL`);
  return names;
}

const component = (name: string) => ({ 'app.kubernetes.io/name': 'chat', 'app.kubernetes.io/component': name });

function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe.each(OVERLAYS)('k8s overlay %s', (overlay) => {
  const objects = renderKustomization(join(K8S, 'overlays', overlay));
  const ofKind = <T extends K8sObject>(kind: string) => objects.filter((o) => o.kind === kind) as T[];
  const deployments = ofKind<Workload>('Deployment');
  const config = ofKind<K8sObject & { data: Record<string, string> }>('ConfigMap').find((c) => c.metadata.name === 'chat-config')!;

  it('renders the same objects as kubectl kustomize (where kubectl is installed)', () => {
    if (!kubectlAvailable()) {
      console.warn('kubectl is not installed: rendered with the test renderer only (apt-get install kubernetes-client adds it)');
      return;
    }
    const rendered = execFileSync('kubectl', ['kustomize', join(K8S, 'overlays', overlay)], { encoding: 'utf8' });
    const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((o) => [objectKey(o), o]));
    expect(byKey(parseObjects(rendered, 'kubectl kustomize'))).toEqual(byKey(objects));
  });

  it('validates every object against the Kubernetes API schema', () => {
    expect(objects.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const object of objects) {
      try {
        validate(object);
      } catch (err) {
        failures.push(`${objectKey(object)}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(new Set(objects.map(objectKey)).size).toBe(objects.length);
  });

  it('has a Deployment and a Service per service, each Deployment with probes, resources, a PDB and a safe shutdown', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...SERVICES].sort());
    const services = ofKind<K8sObject & { spec: { selector: Record<string, string> } }>('Service');
    const pdbs = ofKind<K8sObject & { spec: { selector: Selector } }>('PodDisruptionBudget');
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const pod = deployment.spec.template;
      expect(selects(deployment.spec.selector, pod.metadata.labels)).toBe(true);
      expect(
        services.some((s) => s.metadata.name === name && Object.entries(s.spec.selector).every(([k, v]) => pod.metadata.labels[k] === v)),
      ).toBe(true);
      expect({ name, pdb: pdbs.some((p) => selects(p.spec.selector, pod.metadata.labels)) }).toEqual({ name, pdb: true });
      expect(pod.spec.securityContext?.runAsNonRoot).toBe(true);
      for (const container of pod.spec.containers) {
        expect({
          name,
          startup: container.startupProbe?.httpGet?.path,
          live: container.livenessProbe?.httpGet?.path,
          ready: container.readinessProbe?.httpGet?.path,
        }).toEqual({
          name,
          startup: '/health/live',
          live: '/health/live',
          ready: '/health/ready',
        });
        for (const kind of ['requests', 'limits'] as const) {
          expect({ name, kind, cpu: !!container.resources?.[kind]?.cpu, memory: !!container.resources?.[kind]?.memory }).toEqual({
            name,
            kind,
            cpu: true,
            memory: true,
          });
        }
        // The image runs dist/<name>.js, which the build produces (with Node flags of its own before it).
        expect(container.command?.[0]).toBe('node');
        expect(container.command).toContain('--enable-source-maps');
        expect(container.command?.at(-1)).toBe(`dist/${name}.js`);
        expect(Object.keys(ENTRIES)).toContain(name);
        // SIGKILL must not come before the process has had its own grace period after preStop.
        const pause = Number(container.lifecycle?.preStop?.exec?.command[1] ?? 0);
        const grace = Number(container.env?.find((e) => e.name === 'SHUTDOWN_GRACE_SECS')?.value ?? config.data.SHUTDOWN_GRACE_SECS);
        expect(pod.spec.terminationGracePeriodSeconds ?? 30).toBeGreaterThan(pause + grace);
      }
    }
  });

  it('scales the event tier on its own: CPU and parked long-polls', () => {
    const hpa = ofKind<K8sObject & { spec: Record<string, unknown> }>('HorizontalPodAutoscaler').find(
      (h) => h.metadata.name === 'event-queue',
    )!;
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'event-queue' });
    const metrics = hpa.spec.metrics as { type: string; resource?: { name: string }; pods?: { metric: { name: string } } }[];
    expect(metrics.find((m) => m.type === 'Resource')?.resource?.name).toBe('cpu');
    // The gauge the event tier exports at /metrics (libs/http/src/metrics.ts).
    expect(metrics.find((m) => m.type === 'Pods')?.pods?.metric.name).toBe('chat_event_parked_polls');
    expect(readFileSync(resolve(K8S, '../libs/http/src/metrics.ts'), 'utf8')).toContain("name: 'chat_event_parked_polls'");
  });

  it('lets only the gateway and the event tier be reached from outside, and services only by the calls the design allows', () => {
    const policies = ofKind<Policy>('NetworkPolicy');
    const outside: Source = { labels: { app: 'ingress-nginx' }, namespace: { 'kubernetes.io/metadata.name': 'ingress-nginx' } };
    const allowedCallers: Record<string, string[]> = {
      gateway: SERVICES,
      message: ['gateway', 'webhook', 'subscription', 'settings'],
      subscription: ['gateway', 'settings'],
      settings: ['gateway'],
      webhook: ['gateway'],
      // Reachable from outside (the ingress sends long-polls to it), so from every pod too.
      'event-queue': SERVICES,
    };
    const publicServices = ['gateway', 'event-queue'];
    for (const target of SERVICES) {
      expect({ target, outside: reachable(policies, component(target), outside, 9991) }).toEqual({
        target,
        outside: publicServices.includes(target),
      });
      const callers = SERVICES.filter((source) => reachable(policies, component(target), { labels: component(source) }, 9991));
      expect({ target, callers: callers.sort() }).toEqual({ target, callers: [...allowedCallers[target]!].sort() });
      // Prometheus, from the monitoring namespace, scrapes every pod.
      expect(reachable(policies, component(target), { labels: {}, namespace: { 'kubernetes.io/metadata.name': 'monitoring' } }, 9991)).toBe(
        true,
      );
    }
    // Nothing the policies do not name is open, in either direction: everything is denied by default.
    expect(policies.some((p) => Object.keys(p.spec.podSelector).length === 0 && !p.spec.ingress)).toBe(true);
  });

  it('sets only variables libs/config reads, from one ConfigMap and the chat-secrets Secret', () => {
    const known = configVariables();
    expect(Object.keys(config.data).filter((name) => !known.has(name))).toEqual([]);
    const workloads = [...deployments, ...ofKind<Workload>('Job')];
    for (const workload of workloads) {
      for (const container of [...(workload.spec.template.spec.initContainers ?? []), ...workload.spec.template.spec.containers]) {
        expect(container.envFrom).toEqual([{ configMapRef: { name: 'chat-config' } }, { secretRef: { name: 'chat-secrets' } }]);
        expect((container.env ?? []).map((e) => e.name).filter((name) => !known.has(name))).toEqual([]);
      }
    }
    const secret = ofKind<K8sObject & { stringData: Record<string, string> }>('Secret').find((s) => s.metadata.name === 'chat-secrets');
    if (overlay === 'evaluation') {
      expect(Object.keys(secret!.stringData)).toEqual(expect.arrayContaining(['API_KEY_SECRET', 'INTERNAL_SECRET', 'DATABASE_URL']));
      // libs/config refuses production secrets shorter than 32 characters; evaluation's pass too.
      expect(secret!.stringData.API_KEY_SECRET!.length).toBeGreaterThanOrEqual(32);
      expect(secret!.stringData.INTERNAL_SECRET!.length).toBeGreaterThanOrEqual(32);
    } else {
      // Production secrets are created by the operator, never committed (docs/operations.md).
      expect(secret).toBeUndefined();
    }
  });

  it('migrates with a Job running dist/migrate.js', () => {
    const job = ofKind<Workload>('Job').find((j) => j.metadata.name === 'migrate')!;
    expect(job.spec.template.spec.containers[0]!.command).toEqual(['node', '--enable-source-maps', 'dist/migrate.js']);
    expect(Object.keys(ENTRIES)).toContain('migrate');
  });

  it("starts every Deployment's server only once the release's schema is there: an init container waits for the migrate Job", () => {
    const job = ofKind<Workload & { spec: { activeDeadlineSeconds: number } }>('Job').find((j) => j.metadata.name === 'migrate')!;
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      const name = deployment.metadata.name;
      const waits = (pod.initContainers ?? []).map((c) => ({ name, image: c.image, command: c.command?.slice(0, 4) }));
      expect(waits).toEqual([
        { name, image: pod.containers[0]!.image, command: ['node', '--enable-source-maps', 'dist/migrate.js', '--wait'] },
      ]);
      // It waits at least as long as the Job may run.
      const wait = Number(pod.initContainers![0]!.command![4]);
      expect({ name, wait: wait >= job.spec.activeDeadlineSeconds }).toEqual({ name, wait: true });
    }
  });

  if (overlay === 'evaluation') {
    it('bundles NATS with JetStream (3 replicas, file storage), Redis, PostgreSQL and MinIO, reachable only by their clients', () => {
      const sets = Object.fromEntries(ofKind<Workload>('StatefulSet').map((s) => [s.metadata.name, s]));
      expect(Object.keys(sets).sort()).toEqual(['minio', 'nats', 'postgres', 'redis']);
      expect(sets.nats!.spec.replicas).toBe(3);
      expect(sets.nats!.spec.volumeClaimTemplates).toHaveLength(1);
      const natsConf = ofKind<K8sObject & { data: Record<string, string> }>('ConfigMap').find((c) => c.metadata.name === 'nats-config')!
        .data['nats.conf']!;
      expect(natsConf).toMatch(/jetstream \{\s+store_dir: \/data\/jetstream/);
      expect(natsConf.match(/nats:\/\/nats-\d\.nats-headless:6222/g)).toHaveLength(3);
      const policies = ofKind<Policy>('NetworkPolicy');
      const store = (name: string) => ({ 'app.kubernetes.io/name': name });
      const callers = (name: string, port: number) =>
        [...SERVICES, 'migrate'].filter((s) => reachable(policies, store(name), { labels: component(s) }, port)).sort();
      expect(callers('postgres', 5432)).toEqual([...SERVICES, 'migrate'].sort());
      expect(callers('nats', 4222)).toEqual(['event-queue']);
      expect(callers('redis', 6379)).toEqual(['event-queue', 'gateway']);
      // The services that keep files (file-storage.test.ts), and the Job that creates the bucket.
      expect(callers('minio', 9000)).toEqual(['message', 'settings']);
      const bucketJob = { 'app.kubernetes.io/name': 'minio', 'app.kubernetes.io/component': 'create-bucket' };
      expect(reachable(policies, store('minio'), { labels: bucketJob }, 9000)).toBe(true);
      expect(reachable(policies, store('nats'), { labels: store('nats') }, 6222)).toBe(true);
      expect(config.data.NATS_URL).toBe('nats://nats:4222');
      expect(config.data.REDIS_URL).toBe('redis://redis:6379');
    });
  } else {
    it('dumps PostgreSQL nightly with a CronJob: one run at a time, pinned images, credentials only from Secrets', () => {
      const cron = ofKind<CronJobObject>('CronJob').find((c) => c.metadata.name === 'postgres-backup')!;
      expect(cron.spec.schedule).toBe('17 3 * * *');
      expect(cron.spec.timeZone).toBe('Etc/UTC');
      expect(cron.spec.concurrencyPolicy).toBe('Forbid');
      const pod = cron.spec.jobTemplate.spec.template.spec;
      expect(pod.securityContext?.runAsNonRoot).toBe(true);
      const [dump] = pod.initContainers ?? [];
      const [upload] = pod.containers;
      expect(dump!.args!.join('\n')).toContain('pg_dump --format=custom');
      expect(dump!.env).toContainEqual({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'chat-secrets', key: 'DATABASE_URL' } },
      });
      expect(upload!.envFrom).toEqual([{ configMapRef: { name: 'backup-config' } }, { secretRef: { name: 'chat-backup' } }]);
      // No credential inline: literal values and the ConfigMap hold none, and chat-backup is the operator's.
      const credential = /SECRET|PASSWORD|ACCESS_KEY|TOKEN|DATABASE_URL/;
      for (const container of [dump!, upload!]) {
        expect((container.env ?? []).filter((e) => e.value !== undefined && credential.test(e.name))).toEqual([]);
        expect(container.image).toMatch(/:[^:/]+$/);
        expect(container.image).not.toMatch(/:latest$/);
      }
      const backupConfig = ofKind<K8sObject & { data: Record<string, string> }>('ConfigMap').find(
        (c) => c.metadata.name === 'backup-config',
      )!;
      expect(Object.keys(backupConfig.data).filter((name) => credential.test(name))).toEqual([]);
      expect(JSON.stringify(cron)).not.toMatch(/:\/\/[^/"\s]*:[^/"\s]*@/);
      expect(ofKind('Secret').map((secret) => secret.metadata.name)).not.toContain('chat-backup');
      // Every variable the upload script reads comes from the ConfigMap, the Secret (BACKUP_S3_*) or the container's env.
      const read = new Set([...upload!.args!.join('\n').matchAll(/\$([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
      const fromConfig = new Set(Object.keys(backupConfig.data));
      expect([...read].filter((name) => !fromConfig.has(name)).sort()).toEqual(['BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY']);
      // pg_dump must be at least the server's major version: here, the one the evaluation overlay runs.
      const major = (image: string) => Number(/:(\d+)/.exec(image)![1]);
      const server = renderKustomization(join(K8S, 'overlays', 'evaluation')).find(
        (o) => o.kind === 'StatefulSet' && o.metadata.name === 'postgres',
      ) as Workload;
      expect(major(dump!.image)).toBeGreaterThanOrEqual(major(server.spec.template.spec.containers[0]!.image));
    });

    it('points at external data stores and a released image', () => {
      expect(ofKind('StatefulSet')).toEqual([]);
      expect(config.data.NATS_URL).not.toBe('nats://nats:4222');
      expect(config.data.CHAT_ENV).toBe('production');
      expect(deployments.map((d) => d.spec.template.spec.containers[0]!.image)).toEqual(
        deployments.map(() => 'ghcr.io/example/chat/chat-server:1.0.0'),
      );
    });
  }
});

describe('the manifest checks can fail', () => {
  it('the schema refuses a malformed object', () => {
    const [service] = parseObjects('apiVersion: v1\nkind: Service\nmetadata: {name: x}\nspec: {ports: [{port: "http"}]}\n', 'inline');
    expect(() => validate(service!)).toThrow(/port/);
    const [certificate] = parseObjects(
      'apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata: {name: x}\nspec: {secretName: x, dnsNames: [a]}\n',
      'inline',
    );
    expect(() => validate(certificate!)).toThrow(/issuerRef/);
  });

  it('the renderer refuses a field it does not implement', () => {
    expect(() => renderKustomization(join(K8S, 'test', 'fixtures', 'unsupported'))).toThrow(/commonLabels/);
  });
});
