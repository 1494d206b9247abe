import { FIELD_MESSAGES, TICKET_MESSAGES, plateKey } from '@eticket/contracts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { openSubscriptions } from '../subscriptions/index.ts';
import type { FieldContext, FieldUnit } from './repository.ts';

// The motorist a field call is about, found and locked in its transaction.

const noMotorist = () => notFound(FIELD_MESSAGES.noMotoristForQuery);
const noVehicle = () => conflict('This motorist has no vehicle registered');

/**
 * The context of a payment: no payment is taken for a suspended or a deleted motorist, and the
 * remitter is told which (a deleted one is otherwise not found at all).
 */
export async function payableContext(unit: FieldUnit, userCode: string, agentId: string, planId?: string): Promise<FieldContext> {
  // Read only when the lock found no live motorist: one statement fewer on every payment (issue 49).
  const found = await unit.field.lockContext(userCode, agentId, planId);
  if (!found && (await unit.field.isDeletedMotorist(userCode))) throw conflict(TICKET_MESSAGES.paymentRefusedDeleted);
  const context = found ?? (await lockedContext(unit, userCode, agentId, planId, null));
  if (context.motorist.registrationStatus === 'suspended') throw conflict(TICKET_MESSAGES.paymentRefusedSuspended);
  return context;
}

/**
 * The motorist's context with the subscription locked for this transaction; a motorist without a
 * subscription yet gets one opened first. `found`: what a lock just taken found (null: nothing).
 */
export async function lockedContext(unit: FieldUnit, userCode: string, agentId: string, planId?: string, found?: FieldContext | null): Promise<FieldContext> {
  const locked = found === undefined ? await unit.field.lockContext(userCode, agentId, planId) : found;
  if (locked) return locked;
  const motorist = await unit.field.findMotorist(userCode);
  if (!motorist) throw noMotorist();
  if (!motorist.vehicleType) throw noVehicle();
  await openSubscriptions(unit.tx, [motorist.id]);
  const opened = await unit.field.lockContext(userCode, agentId, planId);
  if (!opened) throw noMotorist();
  return opened;
}

export const personOf = (m: FieldContext['motorist']) => ({ id: m.id, fullName: m.fullName, userCode: m.userCode });

/** The Unique ID a field call is about: as sent, or the motorist's whose plate was typed (any case and spacing). */
export async function motoristCode(unit: FieldUnit, input: { userCode?: string; plateNumber?: string }): Promise<string> {
  if (input.userCode !== undefined) return input.userCode;
  const code = await unit.field.findUserCodeByPlate(plateKey(input.plateNumber ?? ''));
  if (!code) throw notFound(FIELD_MESSAGES.noMotoristForQuery);
  return code;
}
