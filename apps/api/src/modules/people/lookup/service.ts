import { maskEmail, maskPhone, mayView, seesContactInLists } from '@eticket/contracts';
import type { SessionUser } from '../../../platform/http/auth.ts';
import { forbidden, notFound } from '../../../platform/http/errors.ts';
import type { TicketSubscriptionViews } from '../../subscriptions/index.ts';
import type { PeopleRepository } from '../repository.ts';

/** A person's name by id (GET /api/user/{id}), and a person by Unique ID (POST /api/user). */
export function createLookupService(deps: { repository: PeopleRepository; ticketSubscriptions: TicketSubscriptionViews }) {
  const { repository, ticketSubscriptions } = deps;
  return {
    async name(id: string) {
      const row = await repository.findName(id);
      if (!row) throw notFound('User not found');
      return { _id: row.id, id: row.id, fullName: row.fullName };
    },

    /**
     * A registrar or a union's user looks up motorists, not an admin's email and phone. Phone and
     * email are masked as in the lists (docs/data-protection.md): Show on the details page has them.
     */
    async byCode(viewer: SessionUser, userCode: string) {
      const row = await repository.findByUserCode(userCode);
      if (!row) throw notFound('No one has that Unique ID');
      if (!mayView(viewer, row.role)) throw forbidden();
      const views = row.role === 'motorist' ? await ticketSubscriptions([row.id], { open: true }) : null;
      const plain = seesContactInLists(viewer, row.role);
      return {
        _id: row.id,
        ...row,
        phone: plain ? row.phone : maskPhone(row.phone),
        email: plain ? row.email : maskEmail(row.email),
        ticketSubscription: views?.get(row.id) ?? null,
      };
    },
  };
}
export type LookupService = ReturnType<typeof createLookupService>;
