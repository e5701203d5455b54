/**
 * A stand-in for the other services a service under test calls (its InternalClient): it records
 * each call and answers success with the fields `answer` gives (a subclass may answer otherwise), so a service's own suite runs
 * without the services it calls (their real answers are exercised by the end-to-end suites).
 */
import type { InternalCallOptions, InternalClient, InternalContract } from '@chat/http';

export interface RecordedCall {
  contract: InternalContract;
  params: Record<string, unknown>;
  options: InternalCallOptions;
}

export class RecordingInternalClient implements InternalClient {
  calls: RecordedCall[] = [];

  // A property typed by the interface, not a generic method: comparing two generic signatures over
  // SuccessOf (a schema's static type) is more than the type checker will instantiate.
  call: InternalClient['call'] = async (contract, params, options) => {
    const call: RecordedCall = { contract, params, options };
    const fields = await this.answer(call);
    this.calls.push(call);
    // The stand-in's answer is as the test wrote it; the declared answer's type is taken on trust.
    return { result: 'success', msg: '', ...fields } as never;
  };

  /** The answer's fields beside result and msg; throwing, as the called service would answer with an error. */
  protected async answer(_call: RecordedCall): Promise<Record<string, unknown>> {
    return {};
  }

  /** The parameters of each call, in order. */
  posted(): Record<string, unknown>[] {
    return this.calls.map((call) => call.params);
  }
}
