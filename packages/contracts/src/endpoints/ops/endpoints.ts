import { endpoint } from '../endpoint.ts';

// Outside /api: where load balancers, orchestrators and Prometheus look for them by convention.
const tags = ['ops'];

export const health = endpoint({
  method: 'GET',
  path: '/healthz',
  permission: { public: true },
  tags,
  description: 'The process is alive (it checks nothing else).',
  response: { 200: 'healthReply' },
});

export const readiness = endpoint({
  method: 'GET',
  path: '/readyz',
  permission: { public: true },
  tags,
  description: 'Ready for traffic: the database answers, every migration this process knows is applied, the file store answers. 503 otherwise.',
  response: { 200: 'readinessReply', 503: 'readinessReply' },
});

export const metrics = endpoint({
  method: 'GET',
  path: '/metrics',
  permission: { metricsToken: true },
  tags,
  description: 'Prometheus metrics, with `Authorization: Bearer` METRICS_TOKEN; 404 when METRICS_TOKEN is not set.',
});
