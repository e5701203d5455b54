import type { Integration } from '../framework/integration';

export const statuspage: Integration = { name: 'statuspage', handle: () => [] };
