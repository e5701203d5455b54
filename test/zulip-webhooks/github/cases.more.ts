import type { ZulipCase } from '../case';

export const moreCases: ZulipCase[] = [];
