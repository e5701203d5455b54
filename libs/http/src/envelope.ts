import type { Response } from 'express';

/**
 * Zulip's json_response: the envelope first, then the endpoint's keys; every body ends with a
 * newline (zerver/lib/response.py).
 */
export function sendJson(res: Response, status: number, body: Record<string, unknown>): void {
  res.status(status).type('application/json').send(jsonText(body));
}

/** A response body as Zulip writes it (express's sendJson and the event tier's plain polls). */
export function jsonText(body: Record<string, unknown>): string {
  return `${JSON.stringify(body)}\n`;
}

export function sendSuccess(res: Response, data: Record<string, unknown> = {}): void {
  sendJson(res, 200, { result: 'success', msg: '', ...data });
}
