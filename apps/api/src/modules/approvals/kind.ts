import type { Access, ApprovalKindName, Capability } from '@eticket/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/connect.ts';
import type { Actor, Snapshot } from '../../platform/audit.ts';

/** Who asked for a change (the maker) and who approved it (the checker): never the same person. */
export interface ApprovalActors {
  maker: Actor;
  checker: Actor;
}

/** What a request would change, for the people deciding it: a line naming it, and its fields before and after. */
export interface ApprovalChange {
  subject: string;
  before: Snapshot;
  after: Snapshot;
}

/** What a kind's describe may use to name things, on the request's transaction. */
export interface ApprovalNames {
  /** A person as a subject names them: "Ada Obi (mot00001)", or their union's name; null when there is no such person. */
  person(id: string): Promise<string | null>;
}

/** A permission of the matrix (packages/contracts/src/permissions.ts). */
export interface ApprovalPermission {
  capability: Capability;
  access: Access;
}

/**
 * One kind of action a second person may have to approve, declared in its own module's
 * approval-kinds.ts (docs/approvals.md, "Adding a kind"). Methods, so a kind of any payload fits a
 * list of kinds.
 */
export interface ApprovalKind<Payload = unknown> {
  name: ApprovalKindName;
  /** Who may ask for it (the direct action's own permission) and who may approve or reject it. */
  make: ApprovalPermission;
  check: ApprovalPermission;
  /** What the action was given (its body's output and path params), read back from the request at approval. */
  payload: z.ZodType<Payload>;
  /**
   * What the action would change, read on `db` when it is asked for; null when this call needs no
   * second person (raising a penalty, a plan's name without its price, a close without a shortage):
   * the action is then applied at once. Throws the action's own 4xx when there is nothing to change.
   */
  describe(db: Database, payload: Payload, names: ApprovalNames): Promise<ApprovalChange | null>;
  /**
   * Does exactly what the direct action does, on `tx` (the approval's transaction: the service's own
   * transaction nests in it as a savepoint), as the maker; its audit rows name the maker.
   */
  apply(tx: Database, payload: Payload, actors: ApprovalActors): Promise<unknown>;
}

/** Declares a kind, its payload's type read from its schema. */
export const approvalKind = <Payload>(kind: ApprovalKind<Payload>): ApprovalKind<Payload> => kind;
