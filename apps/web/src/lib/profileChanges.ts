import { MARITAL_STATUSES, MESSAGES, type MaritalStatus, type Profile, type ProfileUpdateRequest } from '@eticket/contracts';

/** What the profile form edits; maritalStatus is empty until chosen. */
export interface ProfileFormValues {
  fullName: string;
  phone: string;
  maritalStatus: string;
  address: string;
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    fullName: profile.fullName,
    phone: profile.phone,
    maritalStatus: profile.maritalStatus ?? '',
    address: profile.address ?? '',
  };
}

const isMaritalStatus = (value: string): value is MaritalStatus => (MARITAL_STATUSES as readonly string[]).includes(value);

/** Spec section 5: text fields lower-cased, every field filled, else 'All field are required'. */
export function profileChanges(values: ProfileFormValues): { ok: true; changes: ProfileUpdateRequest } | { ok: false; message: string } {
  const fullName = values.fullName.trim().toLowerCase();
  const phone = values.phone.trim();
  const address = values.address.trim().toLowerCase();
  if (!fullName || !phone || !address || !isMaritalStatus(values.maritalStatus)) return { ok: false, message: MESSAGES.allFieldRequired };
  return { ok: true, changes: { fullName, phone, maritalStatus: values.maritalStatus, address } };
}
