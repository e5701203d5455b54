/**
 * Files live off the pods: in every overlay, each Deployment of a service that stores files (one
 * whose source uses @chat/storage) is configured for the S3 bucket and has no durable volume and
 * no UPLOADS_DIR, no Deployment keeps a volume that outlives its pod, and nothing mounts a node's
 * disk (hostPath). The evaluation overlay brings the bucket: MinIO on its own volume, and a Job
 * that creates the bucket the ConfigMap names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderKustomization, type K8sObject } from './kustomize';

const ROOT = resolve(__dirname, '../..');
const OVERLAYS = ['evaluation', 'production'] as const;
/** Volume sources that live and die with the pod, or only carry configuration. */
const EPHEMERAL_VOLUMES = new Set(['emptyDir', 'configMap', 'secret', 'projected', 'downwardAPI']);

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The services whose source uses the file store (uploads, custom emoji), by their folder name. */
function fileStoringServices(): string[] {
  return readdirSync(join(ROOT, 'services')).filter(
    (name) =>
      name !== 'standalone' &&
      // A service is a package, not any folder a tool left there.
      existsSync(join(ROOT, 'services', name, 'package.json')) &&
      filesUnder(join(ROOT, 'services', name, 'src')).some((file) => readFileSync(file, 'utf8').includes("from '@chat/storage'")),
  );
}

interface Container {
  name: string;
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Record<string, unknown>[];
}

/** The pod specs of a workload (Deployment, StatefulSet, Job, CronJob), none for other kinds. */
function podSpecsOf(object: K8sObject): PodSpec[] {
  const spec = object.spec as { template?: { spec: PodSpec }; jobTemplate?: { spec: { template: { spec: PodSpec } } } } | undefined;
  const template = spec?.jobTemplate?.spec.template ?? spec?.template;
  return template ? [template.spec] : [];
}

function volumeSource(volume: Record<string, unknown>): string {
  return Object.keys(volume).find((key) => key !== 'name')!;
}

/** `<Deployment>: <volume source>` for each Deployment volume that outlives its pod. */
function durableDeploymentVolumes(objects: K8sObject[]): string[] {
  return objects
    .filter((o) => o.kind === 'Deployment')
    .flatMap((deployment) =>
      (podSpecsOf(deployment)[0]!.volumes ?? [])
        .map(volumeSource)
        .filter((source) => !EPHEMERAL_VOLUMES.has(source))
        .map((source) => `${deployment.metadata.name}: ${source}`),
    );
}

/** `<kind>/<name>` of each workload with a hostPath volume. */
function hostPathVolumes(objects: K8sObject[]): string[] {
  return objects.flatMap((object) =>
    podSpecsOf(object).flatMap((spec) =>
      (spec.volumes ?? []).filter((v) => 'hostPath' in v).map(() => `${object.kind}/${object.metadata.name}`),
    ),
  );
}

describe.each(OVERLAYS)('files in the %s overlay', (overlay) => {
  const objects = renderKustomization(join(ROOT, 'k8s/overlays', overlay));
  const config = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'chat-config') as K8sObject & {
    data: Record<string, string>;
  };
  const deployments = objects.filter((o) => o.kind === 'Deployment');

  it('finds the services that store files: message (uploads) and settings (custom emoji)', () => {
    expect(fileStoringServices()).toEqual(expect.arrayContaining(['message', 'settings']));
  });

  it('configures the S3 bucket for every Deployment of a file-storing service, and UPLOADS_DIR for none', () => {
    for (const name of fileStoringServices()) {
      const deployment = deployments.find((d) => d.metadata.name === name)!;
      for (const container of podSpecsOf(deployment)[0]!.containers) {
        // What the container's environment is: the ConfigMap it loads, then its own env.
        const fromConfig = (container.envFrom ?? []).some((source) => source.configMapRef?.name === 'chat-config') ? config.data : {};
        const environment: Record<string, string | undefined> = {
          ...fromConfig,
          ...Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value])),
        };
        const s3 = { name, bucket: environment.S3_BUCKET, endpoint: environment.S3_ENDPOINT, region: environment.S3_REGION };
        expect(s3).toEqual({
          name,
          bucket: expect.stringMatching(/^[a-z0-9][a-z0-9.-]{2,62}$/),
          endpoint: expect.stringMatching(/^https?:\/\//),
          region: expect.any(String),
        });
        expect({ name, uploadsDir: environment.UPLOADS_DIR }).toEqual({ name, uploadsDir: undefined });
        // The keys come from the Secret, never the ConfigMap.
        expect((container.envFrom ?? []).some((source) => source.secretRef?.name === 'chat-secrets')).toBe(true);
        expect(Object.keys(config.data).filter((key) => key.startsWith('S3_') && /KEY/.test(key))).toEqual([]);
      }
    }
  });

  it('gives no Deployment a volume that outlives its pod, and no pod a node disk (hostPath)', () => {
    expect(durableDeploymentVolumes(objects)).toEqual([]);
    expect(hostPathVolumes(objects)).toEqual([]);
    expect(objects.filter((o) => o.kind === 'PersistentVolume')).toEqual([]);
  });

  if (overlay === 'evaluation') {
    it("brings MinIO on its own volume, with the bucket's keys in chat-secrets and a Job creating the ConfigMap's bucket", () => {
      const minio = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'minio') as K8sObject & {
        spec: {
          volumeClaimTemplates: { metadata: { name: string } }[];
          template: { spec: { containers: { env: { name: string; valueFrom: { secretKeyRef: { key: string } } }[] }[] } };
        };
      };
      expect(minio.spec.volumeClaimTemplates.map((t) => t.metadata.name)).toEqual(['data']);
      const rootUser = Object.fromEntries(minio.spec.template.spec.containers[0]!.env.map((e) => [e.name, e.valueFrom.secretKeyRef.key]));
      expect(rootUser).toEqual({ MINIO_ROOT_USER: 'S3_ACCESS_KEY_ID', MINIO_ROOT_PASSWORD: 'S3_SECRET_ACCESS_KEY' });
      const secret = objects.find((o) => o.kind === 'Secret' && o.metadata.name === 'chat-secrets') as K8sObject & {
        stringData: Record<string, string>;
      };
      expect(Object.keys(secret.stringData)).toEqual(expect.arrayContaining(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']));
      // MinIO serves buckets by path, at its Service.
      const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === 'minio') as K8sObject & {
        spec: { ports: { port: number }[] };
      };
      expect(config.data.S3_ENDPOINT).toBe(`http://minio:${service.spec.ports[0]!.port}`);
      expect(config.data.S3_FORCE_PATH_STYLE).toBe('true');
      const job = objects.find((o) => o.kind === 'Job' && o.metadata.name === 'create-bucket')!;
      const container = podSpecsOf(job)[0]!.containers[0]! as Container & { command: string[] };
      expect(container.envFrom).toEqual([{ configMapRef: { name: 'chat-config' } }, { secretRef: { name: 'chat-secrets' } }]);
      expect(container.command.join(' ')).toMatch(/mc .*alias set store "\$S3_ENDPOINT" "\$S3_ACCESS_KEY_ID" "\$S3_SECRET_ACCESS_KEY"/);
      expect(container.command.join(' ')).toMatch(/mc .*mb --ignore-existing "store\/\$S3_BUCKET"/);
    });
  } else {
    it('points at a bucket outside the cluster, and bundles no object store', () => {
      expect(objects.filter((o) => o.kind === 'StatefulSet')).toEqual([]);
      expect(config.data.S3_ENDPOINT).toMatch(/^https:\/\//);
    });
  }
});

describe('the file checks can fail', () => {
  it('report a Deployment keeping a claimed volume, and any pod mounting a node disk', () => {
    const objects = renderKustomization(join(ROOT, 'k8s/overlays/evaluation'));
    const message = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'message')!;
    podSpecsOf(message)[0]!.volumes!.push({ name: 'uploads', persistentVolumeClaim: { claimName: 'uploads' } });
    const minio = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'minio')!;
    (podSpecsOf(minio)[0]!.volumes ??= []).push({ name: 'disk', hostPath: { path: '/srv/minio' } });
    expect(durableDeploymentVolumes(objects)).toEqual(['message: persistentVolumeClaim']);
    expect(hostPathVolumes(objects)).toEqual(['StatefulSet/minio']);
  });
});
