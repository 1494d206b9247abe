import { onlineAccountEndpoints, type SettlementDay } from '@eticket/contracts';
import { toNaira } from '../../domain/money.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { SettlementDayRow } from './repository.ts';
import type { SettlementService } from './service.ts';

/** A stored day as the Books page reads it: naira, and the unexplained kobo as they are. */
function toSettlementDay(row: SettlementDayRow): SettlementDay {
  return {
    day: row.day,
    provider: row.provider,
    ranAt: row.ranAt.toISOString(),
    providerCount: row.providerCount,
    providerAmount: toNaira(row.providerKobo),
    ledgerCount: row.ledgerCount,
    ledgerAmount: toNaira(row.ledgerKobo),
    fees: toNaira(row.feesKobo),
    settled: toNaira(row.settledKobo),
    unexplained: toNaira(row.unexplainedKobo),
    unexplainedKobo: row.unexplainedKobo,
    differences: row.differences.map((d) => ({
      kind: d.kind,
      reference: d.reference,
      ledger: toNaira(d.ledgerKobo),
      provider: toNaira(d.providerKobo),
      message: d.message,
    })),
  };
}

export function settlementRoutes(service: SettlementService) {
  return [
    implement(onlineAccountEndpoints.settlement, async (request) => {
      const row = await service.find(request.query.day);
      return { data: row ? toSettlementDay(row) : null };
    }),
    implement(onlineAccountEndpoints.runSettlement, async (request) => {
      const row = await service.run(request.body.day);
      return {
        message: row.unexplainedKobo === 0 ? 'Settlement matched: 0 unexplained kobo' : `Settlement matched: ${row.unexplainedKobo} unexplained kobo`,
        data: toSettlementDay(row),
      };
    }),
  ];
}
