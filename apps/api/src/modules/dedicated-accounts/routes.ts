import { onlineAccountEndpoints, type DedicatedAccount } from '@eticket/contracts';
import { implement } from '../../platform/http/endpoints.ts';
import type { DedicatedAccountRow } from './repository.ts';
import type { DedicatedAccountService } from './service.ts';

const toAccount = (row: DedicatedAccountRow): DedicatedAccount => ({
  status: row.status,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
  bankName: row.bankName,
  failure: row.failure,
  requestedAt: row.requestedAt.toISOString(),
  assignedAt: row.assignedAt?.toISOString() ?? null,
});

/** The motorist details page's account block and its action. */
export function dedicatedAccountRoutes(service: DedicatedAccountService) {
  return [
    implement(onlineAccountEndpoints.dedicatedAccount, async (request) => {
      const row = service.enabled ? await service.ofMotorist(request.params.userId) : null;
      return { enabled: service.enabled, data: row ? toAccount(row) : null };
    }),
    implement(onlineAccountEndpoints.assignDedicatedAccount, async (request) => {
      const row = await service.assignNow(request.params.userId);
      const message = row.status === 'assigned' ? 'Account assigned' : `The provider did not make the account yet: ${row.failure ?? 'waiting'}`;
      return { message, data: toAccount(row) };
    }),
  ];
}
