import { z } from 'zod';

/** GET /healthz: the process answers. */
export const healthReply = z.object({ status: z.literal('ok') });

const checkOutcome = z.enum(['ok', 'failing']);

/**
 * GET /readyz: each check's outcome, 'ready' when all pass (200), else 'not-ready' (503). The causes
 * are logged by the server, not told to anonymous callers (they would name hosts and buckets).
 */
export const readinessReply = z.object({
  status: z.enum(['ready', 'not-ready']),
  checks: z.object({ database: checkOutcome, migrations: checkOutcome, files: checkOutcome }),
});
export type ReadinessReply = z.infer<typeof readinessReply>;
