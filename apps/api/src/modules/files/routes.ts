import { fileEndpoints } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { FileStore } from '../../adapters/files.ts';

/** Serves stored images to whoever holds a valid, unexpired signed URL (the signature is the permission). */
export function fileRoutes(store: FileStore, clock: Clock) {
  return [
    implement(fileEndpoints.image, async (request, reply) => {
      const { key } = request.params;
      if (!store.verifySignature(key, request.query.expires, request.query.signature, clock.now())) {
        throw forbidden('This link has expired or is not valid');
      }
      const file = await store.open(key);
      if (!file) throw notFound('File not found');
      return reply
        .type(file.type)
        .header('content-length', file.size)
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline')
        .send(file.stream);
    }),
  ];
}
