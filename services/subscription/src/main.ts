import { runDatabaseService } from '@chat/runtime';
import { composeSubscriptionService } from './compose';

/** The subscription service as its own process (distributed topology). */
runDatabaseService('subscription', composeSubscriptionService);
