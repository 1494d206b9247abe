import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/connect.ts';

/** Seconds; a list or dashboard call takes milliseconds, an export or a sign-in (argon2) up to a second or two. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The label of a request that matched no route: unknown paths must not each make a series of their own. */
const UNMATCHED = 'unmatched';

/**
 * Prometheus metrics of this process, in a registry of its own (tests build many apps in one
 * process): requests by route and status, their duration, the database client's connections and
 * waiters (PGlite: its queue of turns), and Node's own (memory, CPU, event loop, GC).
 */
export function createMetrics(app: FastifyInstance, database: DatabaseHandle): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'eticket_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'eticket_http_request_duration_seconds',
    help: 'Time from receiving a request to having sent its answer, by route pattern and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  databaseGauges(registry, database);
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
  return registry;
}

function databaseGauges(registry: Registry, database: DatabaseHandle): void {
  const labels = { database: database.kind };
  new Gauge({
    name: 'eticket_database_connections',
    help: 'Connections of the pool (PostgreSQL; PGlite: its one), by state',
    labelNames: ['database', 'state'],
    registers: [registry],
    collect() {
      const stats = database.stats();
      this.set({ ...labels, state: 'total' }, stats.total);
      this.set({ ...labels, state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'eticket_database_waiting',
    help: 'Queries waiting for a pooled connection (PostgreSQL) or for their turn (PGlite runs one at a time), the running one included on PGlite',
    labelNames: ['database'],
    registers: [registry],
    collect() {
      this.set(labels, database.stats().waiting);
    },
  });
}
