/**
 * An endpoint declared once, as data: the server registers its route from it (and documents it at
 * /api/docs), the console calls it through one typed client. Schemas are named, not imported: a
 * declaration is plain strings, so a screen that calls an endpoint does not load zod and every
 * schema with it (the login screen's weight budget). The names are checked against the schemas
 * module by type only.
 */
import type { z } from 'zod';
import type { Access, Capability } from '../permissions.ts';
import type * as Schemas from './all-schemas.ts';

/**
 * Schemas whose types come from the declarations (the export request names the exportable lists):
 * named here, not found by their type, which would make every declaration's type circular.
 */
type DeclarationSchemaName = 'exportRequest';
type SchemaModule = Omit<typeof Schemas, DeclarationSchemaName | 'EXPORT_PATHS'>;

/** The name of a schema exported by all-schemas.ts. */
export type SchemaName = { [K in keyof SchemaModule]: SchemaModule[K] extends z.ZodType ? K : never }[keyof SchemaModule] | DeclarationSchemaName;
export type SchemaOf<N extends SchemaName> = (typeof Schemas)[N] & z.ZodType;

/**
 * Who may call an endpoint:
 * - public: anyone, signed in or not;
 * - signedIn: any approved account; the service checks the object-level rules;
 * - capability: an approved account whose role may use one of these capabilities at this access (permissions.ts);
 * - metricsToken: no session at all, only the operators' `Authorization: Bearer` METRICS_TOKEN (GET /metrics).
 */
export type EndpointPermission =
  { public: true } | { signedIn: true } | { capability: Capability | readonly Capability[]; access: Access } | { metricsToken: true };

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** 202: a wrapped action sent for a second person's approval instead of applied (endpoints/approvals). */
export type SuccessStatus = 200 | 201 | 202;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

/** The operators' endpoints, at the root where probes and scrapers look for them (endpoints/ops.ts). */
export type OpsPath = '/healthz' | '/readyz' | '/metrics';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's form: `/api/profile/:id`; only the operators' few live outside /api. */
  path: `/api/${string}` | OpsPath;
  permission: EndpointPermission;
  /** OpenAPI tags and description. */
  tags: readonly string[];
  description?: string;
  params?: SchemaName;
  query?: SchemaName;
  headers?: SchemaName;
  /** A schema name, or 'multipart' for a multipart/form-data body the handler reads itself. */
  body?: SchemaName | 'multipart';
  /** The reply per status; an endpoint without one answers something that is not JSON (a file, a CSV). */
  response?: Partial<Record<SuccessStatus | ErrorStatus, SchemaName>>;
  /** A write that never changes anyone's account (a field scan or payment): it keeps the session cache. */
  leavesAccountsAlone?: true;
  /**
   * The list's rows can be downloaded whole as CSV (POST /api/exports names this path); the query
   * is the list's own.
   */
  exportable?: true;
  /**
   * The body's size limit when it is not the server's 1 MB; a larger body is refused 413 naming the
   * field (the list whose items made it large).
   */
  bodyLimit?: { bytes: number; field: string };
}

/** Declares an endpoint; keeps its literal types (method, path, schema names) for the client and the server. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

type Input<N> = N extends SchemaName ? z.input<SchemaOf<N>> : never;
type Output<N> = N extends SchemaName ? z.output<SchemaOf<N>> : never;
/**
 * A part of the input that may be left out when every one of its fields may (an empty object is one
 * of its values: so too for a loose headers schema, whose index signature no `object` meets).
 */
type Part<Key extends string, T> = [T] extends [never] ? unknown : Record<never, never> extends T ? { [K in Key]?: T } : { [K in Key]: T };

/** What a caller sends: path params, query, body (FormData for a multipart one) and headers, as their schemas take them. */
export type EndpointInput<E extends Endpoint> = Part<'params', Input<E['params']>> &
  Part<'query', Input<E['query']>> &
  Part<'body', E['body'] extends 'multipart' ? FormData : Input<E['body']>> &
  Part<'headers', Input<E['headers']>>;

type SuccessOf<E extends Endpoint> =
  E['response'] extends Partial<Record<number, SchemaName>> ? E['response'][Extract<keyof E['response'], SuccessStatus>] : never;

/** What a successful call answers, as the client reads it. */
export type EndpointReply<E extends Endpoint> = Output<SuccessOf<E>>;

/** What the server's handler sees of a request once validated. */
export interface EndpointRequest<E extends Endpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: E['body'] extends SchemaName ? Output<E['body']> : unknown;
  headers: Output<E['headers']>;
}

/** What the server's handler answers on success (before serialisation). */
export type EndpointAnswer<E extends Endpoint> = Input<SuccessOf<E>>;

/** The path with its params filled in (each encoded), e.g. `/api/profile/:id` → `/api/profile/3f…`. */
export function endpointPath(declaration: Endpoint, params: Record<string, string | number> = {}): string {
  return declaration.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${declaration.method} ${declaration.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A path with a query string of the values that are set (undefined, null and '' are left out). */
export function withQuery(path: string, query: Record<string, string | number | boolean | null | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A client's call(endpoint, input, options) arguments: the input may be left out when nothing in it is required. */
export type CallArguments<E extends Endpoint, Options> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E>, options?: Options] : [input: EndpointInput<E>, options?: Options];

/** Any endpoint's input, as a client reads it to build the request. */
export interface AnyEndpointInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}
