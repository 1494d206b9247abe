import { LEDGER_MESSAGES, ledgerEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { LedgerService } from './service.ts';

/** The Books page's calls: the integrity check (last result, run now) and the accounts' balances. */
export function ledgerRoutes(service: LedgerService) {
  return [
    implement(ledgerEndpoints.lastCheck, async () => ({ data: await service.lastCheck() })),
    implement(ledgerEndpoints.runCheck, async (request) => ({
      data: await service.check('on-demand', requireUser(request).id),
      message: LEDGER_MESSAGES.checkRan,
    })),
    implement(ledgerEndpoints.accounts, async (request) => service.accounts(request.query)),
  ];
}
