import type { ZulipCase } from '../case';

export const coreCases: ZulipCase[] = [];
