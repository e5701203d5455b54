/** Zulip's webhook errors (zerver/lib/exceptions.py, zerver/lib/webhooks/common.py). */
import { ApiError } from '@chat/errors';

/**
 * An error a handler raises without knowing how its integration is named; the framework names it
 * when it answers (Zulip's webhook_view fills in webhook_name the same way), from the endpoint's
 * declaration.
 */
export class UnnamedWebhookError extends Error {
  constructor(readonly named: (webhookName: string) => ApiError) {
    super('a webhook error, named when answered');
  }
}

/**
 * An event the third party sends that no message is made of. Answered 200, so the service does
 * not count it as a failed delivery and disable the hook, with a body saying it was ignored.
 */
export function unsupportedEvent(eventType: string): UnnamedWebhookError {
  return new UnnamedWebhookError(
    (webhookName) =>
      new ApiError(`The '${eventType}' event isn't currently supported by the ${webhookName} webhook; ignoring`, {
        code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
        status: 200,
        extra: { webhook_name: webhookName, event_type: eventType },
      }),
  );
}

export function missingEventHeader(header: string): ApiError {
  return new ApiError(`Missing the HTTP event header '${header}'`, {
    code: 'MISSING_HTTP_EVENT_HEADER',
    extra: { header },
  });
}

/**
 * A payload that cannot be from the service (Zulip's AnomalousWebhookPayloadError): 400, so a
 * misdirected hook shows as failing.
 */
export function anomalousPayload(): UnnamedWebhookError {
  return new UnnamedWebhookError(
    (webhookName) =>
      new ApiError(`Unable to parse request: Did ${webhookName} generate this event?`, {
        code: 'ANOMALOUS_WEBHOOK_PAYLOAD',
        extra: { webhook_name: webhookName },
      }),
  );
}
