import { formatNaira } from '../../lib/format.ts';

export type DecisionAction = 'approve' | 'reject';
export interface Decision {
  action: DecisionAction;
  /** Trimmed; may be empty only to approve a close whose count matches. */
  reason: string;
}

/** Whether a decision needs a reason: always to reject, and to approve a count that differs from the expected cash. */
export const reasonRequired = (action: DecisionAction, variance: number) => action === 'reject' || variance !== 0;

/** The reason's error for a decision, or null when it may go ahead. */
export function reasonError(action: DecisionAction, variance: number, reason: string): string | null {
  if (reason.trim() || !reasonRequired(action, variance)) return null;
  return action === 'reject' ? 'A reason is required to reject: the remitter sees it' : 'A reason is required to approve a count that differs';
}

/** A variance in words: "₦500.00 short", "₦200.00 over", "No variance". */
export function varianceText(variance: number): string {
  if (variance === 0) return 'No variance';
  return `${formatNaira(Math.abs(variance))} ${variance < 0 ? 'short' : 'over'}`;
}

/** What the confirmation says is about to happen. */
export function confirmationText(action: DecisionAction, close: { counted: number; variance: number; remitterName: string }): string {
  if (action === 'reject') return `Reject this close? ${close.remitterName}'s till opens again and they will see your reason.`;
  const lodged = `${formatNaira(close.counted)} lodged to the levy's bank`;
  if (close.variance === 0) return `Approve this close? This posts ${lodged}.`;
  const posting =
    close.variance < 0 ? `a shortage of ${formatNaira(-close.variance)} owed by ${close.remitterName}` : `an overage of ${formatNaira(close.variance)}`;
  return `Approve this close? This posts ${lodged} and ${posting}.`;
}
