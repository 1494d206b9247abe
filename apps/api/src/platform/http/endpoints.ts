import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { endpointSchemas, type Endpoint, type EndpointAnswer, type EndpointRequest } from '@eticket/contracts';

type Known<T> = [T] extends [never] ? unknown : T;

/** A request to an endpoint, its parts typed as the declaration's schemas parse them. */
type EndpointFastifyRequest<E extends Endpoint> = FastifyRequest<{
  Params: Known<EndpointRequest<E>['params']>;
  Querystring: Known<EndpointRequest<E>['query']>;
  Body: EndpointRequest<E>['body'];
  Headers: Known<EndpointRequest<E>['headers']>;
}>;

/**
 * An endpoint's handler: answers the declared success reply (sent with the declared success status),
 * or sends its own reply (a file, a stream, a replayed status).
 */
export type EndpointHandler<E extends Endpoint> = (request: EndpointFastifyRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E> | FastifyReply>;

export interface Implementation {
  endpoint: Endpoint;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** Pairs a declared endpoint (packages/contracts/src/endpoints) with the handler that serves it. */
export function implement<const E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>): Implementation {
  return { endpoint, handler: handler as Implementation['handler'] };
}

function successStatus(endpoint: Endpoint): number {
  const declared = Object.keys(endpoint.response ?? {}).map(Number);
  return declared.find((status) => status >= 200 && status < 300) ?? 200;
}

function openApiSchema(endpoint: Endpoint): FastifySchema {
  const schemas = endpointSchemas(endpoint);
  const schema: Record<string, unknown> = { tags: [...endpoint.tags] };
  if (endpoint.description) schema.description = endpoint.description;
  for (const [key, value] of Object.entries(schemas)) if (value !== undefined) schema[key] = value;
  if (endpoint.body === 'multipart') schema.consumes = ['multipart/form-data'];
  // A public call needs no bearer token.
  if ('public' in endpoint.permission) schema.security = [];
  return schema;
}

/** Serves each implementation at its declared method and path, with its declared permission and schemas. */
export function registerRoutes(app: FastifyInstance, implementations: readonly Implementation[]): void {
  for (const { endpoint, handler } of implementations) {
    const status = successStatus(endpoint);
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { permission: endpoint.permission, endpoint, ...(endpoint.leavesAccountsAlone ? { leavesAccountsAlone: true } : {}) },
      schema: openApiSchema(endpoint),
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit.bytes } : {}),
      handler:
        status === 200
          ? handler
          : (request, reply) => {
              reply.code(status);
              return handler(request, reply);
            },
    });
  }
}
