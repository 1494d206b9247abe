import {
  MASKED_TEXT,
  maskEmail,
  maskPhone,
  mayRevealPersonalData,
  seesContactInLists,
  type PersonalField,
  type PersonRecord,
  type PrincipalSource,
} from '@eticket/contracts';
import type { PersonRow } from './person-query.ts';

/** Who is looking, and where: a list (or its CSV export), or one person's details page. */
export interface PersonView {
  viewer: PrincipalSource & { id: string };
  place: 'list' | 'details';
}

/** The personal fields a person's row holds (docs/data-protection.md, "What is held and why"). */
export function heldFields(row: PersonRow): PersonalField[] {
  const held: [PersonalField, unknown][] = [
    ['phone', row.phone],
    ['email', row.email],
    ['address', row.address],
    ['dob', row.dob],
    ['idType', row.idType],
    ['guarantor', row.guarantorName],
    ['portrait', row.portraitFile],
    ['idImages', row.idFrontFile ?? row.idBackFile],
    ['guarantorIdImages', row.guarantorFrontFile ?? row.guarantorBackFile],
  ];
  return held.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([field]) => field);
}

/**
 * A person record as `view` may see it (the matrix in docs/data-protection.md, "Who sees what"):
 * phone and email masked unless the viewer sees them plain in lists; address, date of birth, ID
 * type and the guarantor's phone, address and ID type withheld until Show; no image links (Show
 * issues them). Oneself is seen whole but the images.
 */
export function asSeenBy(record: PersonRecord, row: PersonRow, view: PersonView): PersonRecord {
  const held = heldFields(row);
  const mayReveal = mayRevealPersonalData(view.viewer, row.role);
  if (row.id === view.viewer.id) return { ...record, personalData: { hidden: held.filter(isImage), mayReveal: true } };
  const contactPlain = view.place === 'list' && seesContactInLists(view.viewer, row.role);
  const phone = contactPlain ? record.phone : maskPhone(record.phone);
  const email = contactPlain ? record.email : maskEmail(record.email);
  return {
    ...record,
    phone,
    email,
    userID: { ...record.userID, phone, email },
    address: null,
    dob: null,
    identity: { Name: null, front: null, back: null },
    guarantor: record.guarantor && {
      name: record.guarantor.name,
      phone: maskPhone(record.guarantor.phone),
      address: MASKED_TEXT,
      identity: { Name: null, front: null, back: null },
    },
    personalData: { hidden: held.filter((field) => !(contactPlain && (field === 'phone' || field === 'email'))), mayReveal },
  };
}

const isImage = (field: PersonalField) => field === 'portrait' || field === 'idImages' || field === 'guarantorIdImages';
