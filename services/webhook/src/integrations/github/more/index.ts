/**
 * GitHub's events besides code and review (releases, discussions, checks, deployments, ...).
 * A placeholder until those handlers land: no events yet.
 */
import type { Handler } from '../../../framework/integration';

export const moreEvents: Record<string, Handler> = {};

export const moreIgnoredEvents: string[] = [];
