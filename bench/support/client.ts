/**
 * A small JSON client over node:http with kept-alive connections, for benchmarks that play many buyers in
 * one process. Lighter than fetch, so less of the shared CPU goes to the load generator. Loopback only.
 */
import http from 'node:http';

export interface Envelope<T> {
  statusCode?: number;
  message?: string;
  data?: T;
}

export interface Answer<T> {
  status: number;
  body: Envelope<T>;
  /** Milliseconds from sending the request to the last byte of the answer. */
  ms: number;
}

const TIMEOUT_MS = 30_000;

export class JsonClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  private readonly base: URL;

  constructor(baseUrl: string) {
    this.base = new URL(baseUrl);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(this.base.hostname)) {
      throw new Error(`benchmarks talk to loopback only, not ${this.base.hostname}`);
    }
  }

  request<T>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      // Without a length node sends a DELETE body unframed (no chunked encoding for DELETE).
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const started = performance.now();
    return new Promise<Answer<T>>((resolve, reject) => {
      const request = http.request(
        new URL(path, this.base),
        { method, agent: this.agent, headers, timeout: TIMEOUT_MS },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const ms = performance.now() - started;
            let body: Envelope<T> = {};
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope<T>;
            } catch {
              body = { message: 'the answer was not JSON' };
            }
            resolve({ status: response.statusCode ?? 0, body, ms });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer within 30 s`)));
      request.on('error', (err) => reject(new Error(`${method} ${path}: ${err.message}`)));
      request.end(payload);
    });
  }

  /** The answer's data, or an error naming the call when it is not a 2xx. */
  async data<T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
    const answer = await this.request<T>(method, path, options);
    if (answer.status < 200 || answer.status > 299) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.message}`);
    }
    return answer.body.data as T;
  }

  close() {
    this.agent.destroy();
  }
}

/** Nearest-rank percentile of unsorted samples; 0 without samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}
