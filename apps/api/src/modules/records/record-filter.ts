import { type AnyColumn, type Placeholder, type SQL, and, gte, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModeOfPayment, PaymentStatus, PlanName, SubscriptionStatus, VehicleType } from '@eticket/contracts';
import { users } from '../../db/schema.ts';
import type { Binding } from '../../lists/prepared.ts';

/** What a record list is filtered by; every filter is served by an index ending in created_at DESC. */
export interface RecordFilter {
  from?: Date;
  /** Exclusive when `toExclusive`, else inclusive. */
  to?: Date;
  toExclusive?: boolean;
  vehicleType?: VehicleType;
  subscriptionStatus?: SubscriptionStatus;
  planName?: PlanName;
  modeOfPayment?: ModeOfPayment;
  /** Payments of this status (payment lists). */
  status?: PaymentStatus;
  /** Payments this remitter recorded (payment lists; served by the (remitter, created_at) index). */
  remitterId?: string;
  /** One motorist's rows (their details page; served by the (motorist, created_at) indexes). */
  motoristId?: string;
  /** People the search found (by Unique ID, name or plate): rows of these motorists or agents (see the repository's look-ups). */
  people?: { motoristIds: string[]; agentIds: string[] };
  /** The payment with this receipt number, canonical (payment lists; served by the receipt_no unique index). */
  receiptNo?: string;
}

/** A motorist or agent as a record row names them. */
export interface PersonRefRow {
  id: string;
  fullName: string;
  userCode: string;
}

/** The two people a record row joins: the motorist, and the agent who scanned or collected. */
export const motorist = alias(users, 'motorist');
export const agent = alias(users, 'agent');

/** The columns of a joined person (`motorist` or `agent`) that make a PersonRefRow. */
export const personRefColumns = (person: typeof motorist | typeof agent) => ({ id: person.id, fullName: person.fullName, userCode: person.userCode });

/** A RecordFilter bound for a prepared statement (see lists/prepared.ts): the choices as they are, the values as placeholders. */
export interface BoundFilter extends Pick<RecordFilter, 'toExclusive' | 'vehicleType' | 'subscriptionStatus' | 'planName' | 'modeOfPayment' | 'status'> {
  remitterId?: Placeholder;
  motoristId?: Placeholder;
  receiptNo?: Placeholder;
  from?: Placeholder;
  to?: Placeholder;
  /** The ids of the people a Unique ID search found (uuid arrays). */
  motoristIds?: Placeholder;
  agentIds?: Placeholder;
}

const nonEmpty = (ids: string[] | undefined) => (ids && ids.length > 0 ? ids : undefined);

export function bind(filter: RecordFilter, binding: Binding): BoundFilter {
  return {
    from: binding.value('from', filter.from),
    to: binding.value('to', filter.to),
    toExclusive: binding.choice('toExclusive', filter.toExclusive),
    vehicleType: binding.choice('vehicleType', filter.vehicleType),
    subscriptionStatus: binding.choice('subscriptionStatus', filter.subscriptionStatus),
    planName: binding.choice('planName', filter.planName),
    modeOfPayment: binding.choice('modeOfPayment', filter.modeOfPayment),
    status: binding.choice('status', filter.status),
    remitterId: binding.value('remitterId', filter.remitterId),
    motoristId: binding.value('motoristId', filter.motoristId),
    receiptNo: binding.value('receiptNo', filter.receiptNo),
    motoristIds: binding.value('motoristIds', nonEmpty(filter.people?.motoristIds)),
    agentIds: binding.value('agentIds', nonEmpty(filter.people?.agentIds)),
  };
}

/** Rows of the motorists or agents found by a Unique ID search; served by the (person, created_at) indexes. */
export function ofPeople(filter: BoundFilter, motoristColumn: AnyColumn, agentColumn: AnyColumn): SQL | undefined {
  return or(
    filter.motoristIds ? sql`${motoristColumn} = ANY(${filter.motoristIds})` : undefined,
    filter.agentIds ? sql`${agentColumn} = ANY(${filter.agentIds})` : undefined,
  );
}

/** The time bounds of a list's rows. */
export function timeConditions(filter: BoundFilter, createdAt: AnyColumn): SQL | undefined {
  return and(
    filter.from ? gte(createdAt, filter.from) : undefined,
    filter.to ? (filter.toExclusive ? lt(createdAt, filter.to) : lte(createdAt, filter.to)) : undefined,
  );
}
