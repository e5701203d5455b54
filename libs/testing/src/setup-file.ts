import { usePgliteTemplate } from './pglite-template';

/** Jest setupFiles: runs in each test file's sandbox before the file itself. */
usePgliteTemplate();
