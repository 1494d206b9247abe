/**
 * Exports: POST /api/exports asks for a download of a whole filtered list; the answer is a short-lived
 * signed link (GET /api/exports/{token}) the browser opens without the bearer token, and the server
 * streams the CSV (tableData.csv).
 */
import { z } from 'zod';
import { ENDPOINTS, type ENDPOINT_GROUPS } from '../all.ts';

type Groups = typeof ENDPOINT_GROUPS;
type ExportableIn<Group> = { [Name in keyof Group]: Group[Name] extends { exportable: true; path: infer Path } ? Path : never }[keyof Group];

/** The lists the console offers Download on: the GET paths of the endpoints declared exportable, which take the same query. */
export type ExportPath = { [Name in keyof Groups]: ExportableIn<Groups[Name]> }[keyof Groups];
/** In ENDPOINT_GROUPS' order; within a group, by declaration name (a module's exports are in name order). */
export const EXPORT_PATHS: readonly ExportPath[] = ENDPOINTS.filter((endpoint) => endpoint.exportable).map((endpoint) => endpoint.path as ExportPath);

/** How long a download link opens. */
export const EXPORT_LINK_TTL_SECONDS = 60;

export const EXPORT_MESSAGES = {
  ready: 'Download ready: open the link within a minute',
  linkInvalid: 'This download link has expired or is not valid; download again from the list',
} as const;

const queryValue = z.union([z.string().max(1000), z.number(), z.boolean()], { error: 'query values must be text, numbers or true/false' });

/** POST /api/exports: the list's path and the query its list call takes (page and limit are ignored: the whole list). */
export const exportRequest = z.object({
  path: z.enum(EXPORT_PATHS, { error: `path must be one of ${EXPORT_PATHS.join(', ')}` }),
  query: z.record(z.string().max(100), queryValue, { error: "query must be an object of the list's query parameters" }).default({}),
});
export type ExportRequest = z.input<typeof exportRequest>;

export const exportResponse = z.object({ data: z.object({ url: z.string() }), message: z.string() });
export type ExportResponse = z.infer<typeof exportResponse>;

/** GET /api/exports/{token}: payload and signature, base64url, dot-separated. */
export const exportTokenParam = z.object({
  token: z
    .string()
    .max(4096, 'token is too long')
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'token is not a download token'),
});
