/**
 * HTTP clients for the resilience test: each call has a time limit (a hung request is a failure),
 * every answer is tallied, and an answer the server must never give (a 5xx other than the 503 of an
 * unreachable database, or a 503 without its message) is kept for the report.
 */
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/platform/http/errors.ts';

/** Longer than any answer may take: the server's own wait for a database connection is 10 s. */
const REQUEST_TIME_LIMIT_MS = 15_000;

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface Tally {
  answers: Record<number, number>;
  /** Connection refused or reset: the server process was down. */
  unreachable: number;
  /** 503 with the database message. */
  databaseUnavailable: number;
  /** What must not happen: hung requests, 500s, 503s without the message. */
  wrong: string[];
}

export const newTally = (): Tally => ({ answers: {}, unreachable: 0, databaseUnavailable: 0, wrong: [] });

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

export class Client {
  constructor(
    private readonly baseUrl: () => string,
    readonly tally: Tally,
  ) {}

  /** One attempt: the answer, or null when the server could not be reached. */
  async call(method: string, url: string, options: CallOptions = {}): Promise<Answer | null> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl()}${url}`, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIME_LIMIT_MS) });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        this.tally.wrong.push(`${method} ${url}: no answer within ${REQUEST_TIME_LIMIT_MS} ms`);
      } else {
        this.tally.unreachable += 1;
      }
      return null;
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      // the connection broke while the body came (the process was killed)
      this.tally.unreachable += 1;
      return null;
    }
    const answer = { status: response.status, body: parsed as Answer['body'] };
    this.tally.answers[answer.status] = (this.tally.answers[answer.status] ?? 0) + 1;
    if (answer.status === 503 && answer.body?.message === DATABASE_UNAVAILABLE_MESSAGE) {
      this.tally.databaseUnavailable += 1;
    } else if (answer.status >= 500) {
      this.tally.wrong.push(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)} after ${Date.now() - started} ms`);
    }
    return answer;
  }

  /**
   * Sends the same request until the server gives a real answer (not unreachable, not 503, not the
   * 409 "the same key is in flight"), or gives up at `giveUpAt` (null).
   */
  async untilAnswered(method: string, url: string, options: CallOptions, giveUpAt: number): Promise<Answer | null> {
    for (;;) {
      const answer = await this.call(method, url, options);
      const retry = answer === null || answer.status === 503 || (answer.status === 409 && options.headers?.['idempotency-key'] !== undefined);
      if (!retry) return answer;
      if (Date.now() > giveUpAt) return null;
      await pause(150);
    }
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
