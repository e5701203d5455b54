/**
 * What every request leaves behind when its response closes (answered, or abandoned by a client
 * that left): one access-log line with its request id, and one observation in the request
 * histogram. Express apps get it from the operations wrapper; the event tier's plain polls call it
 * themselves, so both write the same line and the same metric.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@chat/log';
import type { Metrics } from './metrics';

export interface RequestRecord {
  logger: Logger;
  requestDuration?: Metrics['requestDuration'];
  /** The route template, read once the response has closed (the router sets it on the way). */
  route: () => string;
}

export function recordRequestWhenClosed(req: IncomingMessage, res: ServerResponse, record: RequestRecord): void {
  const started = process.hrtime.bigint();
  res.once('close', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = record.route();
    const status = res.statusCode;
    record.requestDuration?.observe({ method: req.method ?? 'GET', route, status: String(status) }, seconds);
    record.logger.info(
      {
        requestId: res.getHeader('x-request-id'),
        method: req.method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        finished: res.writableFinished,
      },
      'request',
    );
  });
}
