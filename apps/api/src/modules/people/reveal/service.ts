import { PEOPLE_MESSAGES, mayRevealPersonalData, mayView, type ImageField, type RevealedPersonalData, type RevealableField } from '@eticket/contracts';
import type { Clock } from '../../../lib/clock.ts';
import type { SessionUser } from '../../../platform/http/auth.ts';
import { forbidden, notFound } from '../../../platform/http/errors.ts';
import type { AccessRecorder, Look, LookOrigin } from '../../access-record/index.ts';
import type { PersonQuery } from '../person-query.ts';
import type { FileUrl } from '../person-record.ts';
import { heldFields } from '../personal-view.ts';

const TEXT_FIELDS: readonly RevealableField[] = ['phone', 'email', 'address', 'dob', 'idType', 'guarantor'];
const IMAGE_FIELDS: readonly ImageField[] = ['portrait', 'idImages', 'guarantorIdImages'];

/** Show on a person's details page: the withheld fields and signed links to the images, each look recorded. */
export function createRevealService(deps: { query: PersonQuery; fileUrl: FileUrl; recordLooks: AccessRecorder; clock: Clock }) {
  const { query, fileUrl, recordLooks, clock } = deps;
  return {
    /**
     * Oneself, or a person the caller may manage (mayRevealPersonalData). The reveal and the links
     * issued are recorded (one INSERT) before the reply leaves; a look at oneself is not recorded.
     */
    async reveal(actor: SessionUser, id: string, origin: LookOrigin): Promise<RevealedPersonalData> {
      const row = await query.find(id);
      if (!row || row.isDeleted) throw notFound(PEOPLE_MESSAGES.userNotFound);
      const self = row.id === actor.id;
      if (!self && !mayView(actor, row.role)) throw forbidden();
      if (!self && !mayRevealPersonalData(actor, row.role)) throw forbidden("You may not see this person's personal data");
      const url = (key: string | null) => (key ? fileUrl(key) : null);
      const revealed: RevealedPersonalData = {
        phone: row.phone,
        email: row.email,
        address: row.address,
        dob: row.dob,
        idType: row.idType,
        guarantor: row.guarantorName
          ? { name: row.guarantorName, phone: row.guarantorPhone ?? '', address: row.guarantorAddress ?? '', idType: row.guarantorIdType }
          : null,
        images: {
          portrait: url(row.portraitFile),
          idFront: url(row.idFrontFile),
          idBack: url(row.idBackFile),
          guarantorIdFront: url(row.guarantorFrontFile),
          guarantorIdBack: url(row.guarantorBackFile),
        },
      };
      if (!self) {
        const held = heldFields(row);
        const at = clock.now();
        const look = (action: Look['action'], fields: Look['fields']): Look => ({ staffId: actor.id, personId: row.id, action, fields, origin, at });
        const images = held.filter((field): field is ImageField => (IMAGE_FIELDS as readonly string[]).includes(field));
        await recordLooks([
          look(
            'reveal',
            held.filter((field): field is RevealableField => (TEXT_FIELDS as readonly string[]).includes(field)),
          ),
          ...(images.length > 0 ? [look('signed-link', images)] : []),
        ]);
      }
      return revealed;
    },
  };
}
export type RevealService = ReturnType<typeof createRevealService>;
