/**
 * A kind of job declared once with its payload's type, as a follow-up is (@chat/contracts'
 * followUps): the code that asks for it (requestJob in @chat/dispatch) and the handler that works it
 * both name the declaration, so a kind and its payload cannot drift apart.
 */
import { checkKind, type JobHandler, type JobPayload, type Jobs, type RetryPolicy } from './jobs';

export interface JobDeclaration<P extends JobPayload> {
  readonly kind: string;
  /** Phantom: the payload's type, for requestJob and the handler. */
  readonly payload?: P;
}

/** `defineJob<{ userId: number }>('settings.welcome-mail')`; the kind is checked here, at start-up. */
export function defineJob<P extends JobPayload>(kind: string): JobDeclaration<P> {
  checkKind(kind);
  return { kind };
}

/** Registers the handler of a declared kind: Jobs.work, its payload typed by the declaration. */
export function workJob<P extends JobPayload>(
  jobs: Jobs,
  job: JobDeclaration<P>,
  handler: JobHandler<P>,
  policy?: Partial<RetryPolicy>,
): Promise<void> {
  return jobs.work(job.kind, handler, policy);
}
