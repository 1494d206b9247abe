import { describe, expect, it } from 'vitest';
import type { ScanRecord } from '@eticket/contracts';
import { hasMotoristAndAgent } from './queries.ts';

const person = { _id: 'p', id: 'p', fullName: 'efe enforcer', userCode: 'abcd1234' };
const scan = {
  _id: 's',
  id: 's',
  createdAt: '2026-05-01T09:00:00.000Z',
  agentId: { _id: 'a', userID: person },
  kyc: { _id: 'm', userID: { ...person, fullName: 'mo motorist', userCode: 'mmmm1111' } },
  vehicle: { vehicleType: 'keke', plateNumber: null },
  ticketSubscription: { subscriptionStatus: 'active', subscriptionExpiryDate: '2026-05-08T09:00:00.000Z', outstandingPayment: 0 },
  penaltyAdded: 0,
} satisfies ScanRecord;

describe('hasMotoristAndAgent', () => {
  it('keeps rows with both a motorist and an agent', () => {
    expect(hasMotoristAndAgent(scan)).toBe(true);
  });

  it('drops rows missing either', () => {
    expect(hasMotoristAndAgent({ ...scan, kyc: undefined } as unknown as ScanRecord)).toBe(false);
    expect(hasMotoristAndAgent({ ...scan, agentId: { _id: 'a', userID: null } } as unknown as ScanRecord)).toBe(false);
  });
});
