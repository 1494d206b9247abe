import { EXPORT_MESSAGES, type ExportPath } from '@eticket/contracts';
import { activeUser, permits, type RoutePermission, type SessionUser, type SessionUserRecord } from '../../platform/http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { AccessRecorder, LookOrigin } from '../access-record/index.ts';
import type { CsvExport, ExportList } from './lists.ts';
import type { ExportTokens } from './token.ts';

export interface ExportServiceDependencies {
  lists: Record<ExportPath, ExportList>;
  tokens: ExportTokens;
  clock: Clock;
  /** The permission the list's own route declares (GET {path}). */
  permissionOf(path: ExportPath): RoutePermission;
  loadSessionUser(id: string): Promise<SessionUserRecord | null>;
  /** The record of every look: a download of personal fields is one. */
  recordLooks: AccessRecorder;
}

/** A query as a query string has it: every value text. */
const asQueryText = (query: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(query).map(([name, value]) => [name, String(value)]));

export function createExportService(deps: ExportServiceDependencies) {
  /** The list's route permission, then the list's own schema and service rules; nothing is read yet. */
  function prepare(actor: SessionUser, path: ExportPath, query: Record<string, string>): CsvExport {
    if (!permits(actor, deps.permissionOf(path))) throw forbidden();
    return deps.lists[path].prepare(actor, query);
  }

  return {
    /** POST /api/exports: checks the caller and the query as the list call would, then signs a short-lived link. */
    request(actor: SessionUser, body: { path: ExportPath; query: Record<string, string | number | boolean> }): string {
      const query = asQueryText(body.query);
      prepare(actor, body.path, query);
      const token = deps.tokens.sign({ userId: actor.id, tokenVersion: actor.tokenVersion, path: body.path, query }, deps.clock.now());
      return `/api/exports/${token}`;
    },

    /**
     * GET /api/exports/{token}: the link must be intact and unexpired, and its caller, as the database
     * has them now, still approved and allowed; then the CSV of the whole filtered list.
     */
    async open(token: string, origin: LookOrigin): Promise<CsvExport> {
      const claims = deps.tokens.verify(token, deps.clock.now());
      if (!claims) throw forbidden(EXPORT_MESSAGES.linkInvalid);
      const actor = activeUser(await deps.loadSessionUser(claims.userId), claims.tokenVersion);
      if (!actor) throw forbidden();
      const csv = prepare(actor, claims.path, claims.query);
      if (csv.personal) {
        const query = new URLSearchParams(claims.query).toString();
        const subject = `${claims.path}${query ? `?${query}` : ''} (${csv.personal.masked ? 'masked' : 'in plain'})`;
        await deps.recordLooks([{ staffId: actor.id, personId: null, action: 'export', fields: csv.personal.fields, subject, origin, at: deps.clock.now() }]);
      }
      return csv;
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
