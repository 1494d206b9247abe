import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenHandlers {
  /** A NOTIFY on the channel, with its payload. */
  onMessage(payload: string): void;
  /** The listening connection is lost: notifications may be missed until onUp. */
  onDown?(): void;
  /** Listening (again): whatever was sent while down is lost, so a cache must forget everything here. */
  onUp?(): void;
}

/** Starts listening on a channel; resolves once listening, to a function that stops. */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

/** PGlite runs in this process: its notifications cannot be lost on the way. */
export const listenOnPglite =
  (client: PGlite): Listen =>
  async (channel, handlers) => {
    checkChannel(channel);
    const unsubscribe = await client.listen(channel, handlers.onMessage);
    handlers.onUp?.();
    return unsubscribe;
  };

/**
 * PostgreSQL: a connection of its own, outside the pool (a pooled one is handed to requests). When it
 * breaks (the server restarts, the network drops), onDown is called, and the connection is opened
 * again with backoff (0.1 s doubling to 5 s) until it listens again, then onUp.
 */
export const listenOnPostgres =
  (config: pg.ClientConfig): Listen =>
  async (channel, handlers) => {
    checkChannel(channel);
    let client: pg.Client | null = null;
    let stopped = false;
    let retryMs = RETRY_FIRST_MS;
    let retryTimer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const next = new pg.Client(config);
      // Lost before it listens: connect() fails, and its caller retries.
      let live = false;
      const onLost = () => {
        next.end().catch(() => undefined);
        if (!live) return;
        live = false;
        client = null;
        if (stopped) return;
        handlers.onDown?.();
        scheduleRetry();
      };
      next.on('error', onLost);
      next.on('end', onLost);
      next.on('notification', (message) => {
        if (message.channel === channel) handlers.onMessage(message.payload ?? '');
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      } catch (error) {
        next.end().catch(() => undefined);
        throw error;
      }
      if (stopped) {
        await next.end();
        return;
      }
      live = true;
      client = next;
      retryMs = RETRY_FIRST_MS;
      handlers.onUp?.();
    };

    const scheduleRetry = () => {
      retryTimer = setTimeout(() => {
        connect().catch(() => {
          if (!stopped) scheduleRetry();
        });
      }, retryMs);
      retryTimer.unref();
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    };
  };
