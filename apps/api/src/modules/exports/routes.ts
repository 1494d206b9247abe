import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { EXPORT_FILE_NAME, EXPORT_MESSAGES, exportEndpoints, type ExportPath } from '@eticket/contracts';
import { requireUser, type RoutePermission } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { originOf } from '../access-record/index.ts';
import type { CsvExport } from './lists.ts';
import type { ExportService } from './service.ts';

/** The permission a list's GET route declares, from the app's route table. */
export function routePermissions(app: FastifyInstance) {
  return (path: ExportPath): RoutePermission => {
    const route = app.apiRoutes.find((candidate) => candidate.method === 'GET' && candidate.url === path);
    if (!route) throw new Error(`No list route GET ${path} to export`);
    return route.permission;
  };
}

/**
 * The CSV as a byte stream: the header, then each batch's lines as the reply drains (Readable.from
 * reads the next batch only when the socket has taken the last). The first batch is read before the
 * reply starts, so a failure there is an ordinary error answer; a client that goes away destroys the
 * stream, which ends the batch reads.
 */
async function csvStream(csv: CsvExport): Promise<Readable> {
  const batches = csv.lines[Symbol.asyncIterator]();
  const first = await batches.next();
  async function* chunks() {
    try {
      yield csv.header;
      if (first.done) return;
      yield first.value;
      for (let next = await batches.next(); !next.done; next = await batches.next()) yield next.value;
    } finally {
      await batches.return?.();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Downloads of whole filtered lists as CSV: a signed link, then the stream it opens. */
export function exportRoutes(service: ExportService) {
  return [
    implement(exportEndpoints.request, async (request) => ({
      data: { url: service.request(requireUser(request), request.body) },
      message: EXPORT_MESSAGES.ready,
    })),
    implement(exportEndpoints.download, async (request, reply) => {
      const stream = await csvStream(await service.open(request.params.token, originOf(request)));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    }),
  ];
}
