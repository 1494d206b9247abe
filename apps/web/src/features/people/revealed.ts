import type { PersonRecord, RevealedPersonalData } from '@eticket/contracts';

/** A details record with what Show gave filled in: nothing of it held back any more. */
export function withRevealed(person: PersonRecord, revealed: RevealedPersonalData): PersonRecord {
  const { images } = revealed;
  return {
    ...person,
    phone: revealed.phone,
    email: revealed.email,
    userID: { ...person.userID, phone: revealed.phone, email: revealed.email },
    address: revealed.address,
    dob: revealed.dob,
    portraitSelfie: images.portrait,
    identity: { Name: revealed.idType, front: images.idFront, back: images.idBack },
    guarantor: revealed.guarantor && {
      name: revealed.guarantor.name,
      phone: revealed.guarantor.phone,
      address: revealed.guarantor.address,
      identity: { Name: revealed.guarantor.idType, front: images.guarantorIdFront, back: images.guarantorIdBack },
    },
    personalData: { hidden: [], mayReveal: person.personalData.mayReveal },
  };
}

/** Whether the details page still holds back some of this person's personal data. */
export const holdsBack = (person: PersonRecord): boolean => person.personalData.hidden.length > 0;
