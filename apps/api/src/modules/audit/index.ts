// The audit module's public face: what other modules may use of it.
export type { AuditService } from './service.ts';
