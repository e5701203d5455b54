/**
 * .github/workflows/release.yml, which only GitHub runs: it is valid YAML, runs on version tags
 * only, builds deploy/Dockerfile from a context exported with `git archive` (so no .git), and
 * tags the image with the git tag. The commands of its shell steps are also run here, against
 * this checkout, to show the context they make has the Dockerfile and no .git.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './process.harness';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | boolean>;
}
interface Workflow {
  on: { push?: { tags?: string[]; branches?: string[] }; [event: string]: unknown };
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const build = steps.find((step) => step.uses?.startsWith('docker/build-push-action@'))!;
const exportStep = steps.find((step) => step.run?.includes('git archive'))!;

describe('the release workflow', () => {
  it('runs on version tags only, and may publish packages', () => {
    expect(Object.keys(workflow.on)).toEqual(['push']);
    // Versions (1.2.0, 1.2.0-rc.1), as the production overlay's newTag and the upgrade steps write them.
    expect(workflow.on.push).toEqual({ tags: ['[0-9]+.[0-9]+.[0-9]+', '[0-9]+.[0-9]+.[0-9]+-*'] });
    const overlay = readFileSync(join(ROOT, 'k8s/overlays/production/kustomization.yaml'), 'utf8');
    expect(/^ +newTag: "?([^"\s]+)"?$/m.exec(overlay)![1]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(workflow.permissions.packages).toBe('write');
  });

  it('builds deploy/Dockerfile from the exported tree, and pushes it tagged with the git tag', () => {
    expect(build.with!.push).toBe(true);
    expect(build.with!.context).toBe('${{ runner.temp }}/context');
    expect(build.with!.file).toBe('${{ runner.temp }}/context/deploy/Dockerfile');
    expect(build.with!.tags).toMatch(/^\$\{\{ steps\.image\.outputs\.name \}\}:\$\{\{ github\.ref_name \}\}$/);
    expect(steps.find((step) => step.id === 'image')!.run).toContain('ghcr.io/');
    // The export comes before the build, into the folder the build reads.
    expect(steps.indexOf(exportStep)).toBeLessThan(steps.indexOf(build));
    expect(exportStep.run).toMatch(/git archive .*"\$GITHUB_SHA" \| tar -x -C "\$RUNNER_TEMP\/context"/);
  });

  it('exports a context with the Dockerfile and without .git (its commands, run on this checkout)', () => {
    const temp = mkdtempSync(join(tmpdir(), 'chat-release-'));
    try {
      execFileSync('bash', ['-e', '-c', exportStep.run!], {
        cwd: ROOT,
        env: { ...process.env, RUNNER_TEMP: temp, GITHUB_SHA: 'HEAD' },
        stdio: 'pipe',
      });
      const context = join(temp, 'context');
      expect(existsSync(join(context, 'deploy/Dockerfile'))).toBe(true);
      expect(existsSync(join(context, 'pnpm-lock.yaml'))).toBe(true);
      expect(existsSync(join(context, '.git'))).toBe(false);
      expect(existsSync(join(context, 'node_modules'))).toBe(false);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
