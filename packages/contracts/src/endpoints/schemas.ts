import type { z } from 'zod';
import * as schemas from './all-schemas.ts';
import type { Endpoint, SchemaName } from './endpoint.ts';

/** An endpoint's schemas, looked up by the names it declares (for the server; clients need only the types). */
export interface EndpointSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
}

function schemaNamed(name: SchemaName): z.ZodType {
  const schema: unknown = schemas[name];
  if (!schema) throw new Error(`No schema named ${name} in packages/contracts/src/schemas`);
  return schema as z.ZodType;
}

export function endpointSchemas(declaration: Endpoint): EndpointSchemas {
  const named = (name: SchemaName | undefined) => (name === undefined ? undefined : schemaNamed(name));
  return {
    params: named(declaration.params),
    querystring: named(declaration.query),
    headers: named(declaration.headers),
    body: declaration.body === 'multipart' ? undefined : named(declaration.body),
    response: declaration.response && Object.fromEntries(Object.entries(declaration.response).map(([status, name]) => [status, schemaNamed(name)])),
  };
}
