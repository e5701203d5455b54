import { usePgliteTemplate } from './pglite-template';

/** Jest setupFiles: runs in each test file's sandbox before the file itself. */
usePgliteTemplate();

// The AWS SDK's notice that its 2027 releases need Node 22 (docs/operations.md, "Object storage"):
// said once per process, it would repeat in every worker's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
