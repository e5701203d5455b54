import type { Integration } from '../framework/integration';

export const uptimerobot: Integration = { name: 'uptimerobot', handle: () => [] };
