import type { PersonalDataAccessAction, PersonalField } from '@eticket/contracts';

export const ACCESS_ACTION_LABELS: Record<PersonalDataAccessAction, string> = {
  'details-view': 'Opened the details page',
  reveal: 'Pressed Show',
  export: 'Downloaded a list',
  'signed-link': 'Was given image links',
  archive: 'Produced an archive',
};

export const PERSONAL_FIELD_LABELS: Record<PersonalField, string> = {
  phone: 'phone',
  email: 'email',
  address: 'address',
  dob: 'date of birth',
  idType: 'ID type',
  idImages: 'ID images',
  portrait: 'portrait',
  guarantor: 'guarantor',
  guarantorIdImages: "guarantor's ID images",
  scanLocation: 'scan locations',
  paymentBank: 'payment bank',
};
