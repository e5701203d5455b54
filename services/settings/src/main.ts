import { runDatabaseService } from '@chat/runtime';
import { composeSettingsService } from './compose';

/** The settings service as its own process (distributed topology). */
runDatabaseService('settings', composeSettingsService);
