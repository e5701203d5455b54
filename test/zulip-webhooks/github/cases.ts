/** zerver/webhooks/github/tests.py (see ../NOTICE), in two parts: code and review events, and the rest. */
import type { ZulipCase } from '../case';
import { coreCases } from './cases.core';
import { moreCases } from './cases.more';

export const cases: ZulipCase[] = [...coreCases, ...moreCases];
