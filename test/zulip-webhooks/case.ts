/**
 * One of Zulip's webhook tests as data: the fixture it posts, the request around it, and what
 * Zulip produces. Each integration's cases live in test/zulip-webhooks/<dir>/cases.ts beside a copy of Zulip's
 * fixtures (<dir>/fixtures/); test/zulip-webhook-fixtures.e2e.test.ts posts every one through
 * the real endpoint. Origin and licence: test/zulip-webhooks/NOTICE.
 */
export interface ExpectedMessage {
  topic: string;
  content: string;
}

/** An answer other than plain success: an error, or Zulip's 200 "...; ignoring". */
export interface ExpectedAnswer {
  status: number;
  msg: string;
  code?: string;
}

export interface ZulipCase {
  /** Zulip's test method (tests.py), so a case can be found there. */
  test: string;
  /** A file under fixtures/, extension included; none for a HEAD request. */
  fixture?: string;
  /** HEAD, as Trello checks a new hook's URL; POST by default. A HEAD answer has no body. */
  method?: 'HEAD';
  /** The path after /api/v1 when it is not /external/<dir> (GitHub Sponsors, say). */
  path?: string;
  /** Query parameters besides api_key and stream: topic, branches, only_events, ... */
  query?: Record<string, string>;
  /** No stream: Zulip then sends the message privately to the bot's owner. */
  private?: true;
  /**
   * The bot's credentials as HTTP Basic (Zulip's api_channel_message) instead of `api_key` in
   * the query, for integrations that authenticate that way.
   */
  basicAuth?: true;
  /** HTTP headers as Zulip's test sends them (X-GitHub-Event, ...). */
  headers?: Record<string, string>;
  /** Default application/json. */
  contentType?: string;
  /**
   * The messages Zulip sends, in order ([] when it answers success and sends nothing), or the
   * answer when it is not a plain success.
   */
  expect: ExpectedMessage[] | ExpectedAnswer;
  /**
   * Where this server cannot yet do what Zulip does: what it does instead and why (a Zulip feature
   * it lacks). The run checks this; the closing notes list every one.
   */
  differs?: { reason: string; expect: ExpectedMessage[] | ExpectedAnswer };
}
