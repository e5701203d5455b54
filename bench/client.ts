/** A minimal Zulip client over fetch (keep-alive), for benchmarks against a listening server. */
export class BenchClient {
  private auth = '';

  constructor(private readonly baseUrl: string) {}

  async login(email: string): Promise<this> {
    const body = await this.call('POST', '/dev_fetch_api_key', { username: email });
    this.auth = `Basic ${Buffer.from(`${String(body.email)}:${String(body.api_key)}`).toString('base64')}`;
    return this;
  }

  async call(method: string, path: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const form = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    const url = `${this.baseUrl}/api/v1${path}${method === 'GET' ? `?${form}` : ''}`;
    const response = await fetch(url, {
      method,
      headers: { Authorization: this.auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : form,
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (body.result !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
    return body;
  }
}
