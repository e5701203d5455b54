import { runDatabaseService } from '@chat/runtime';
import { composeMessageService } from './compose';

/** The message service as its own process (distributed topology). */
runDatabaseService('message', composeMessageService);
