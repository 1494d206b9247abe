import type { PersonRecord, TicketSubscription } from '@eticket/contracts';
import type { PersonRow } from './person-query.ts';

/** Turns a stored file key into a short-lived signed URL. */
export type FileUrl = (key: string) => string;

/**
 * A person row as the API shows it (spec section 3 "Staff/user record"), whole but the images: Show
 * issues their signed links (personal-view.ts masks the rest for the viewer).
 */
export function toPersonRecord(row: PersonRow, subscription: TicketSubscription | null = null): PersonRecord {
  return {
    _id: row.id,
    id: row.id,
    userCode: row.userCode,
    fullName: row.fullName,
    role: row.role,
    agentRole: row.agentRole,
    department: row.department,
    unionRole: row.unionRole,
    unionName: row.unionName,
    isMotorist: row.isMotorist,
    email: row.email,
    phone: row.phone,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    addedBy: row.addedBy,
    addedByName: row.addedByName,
    approvedBy: row.approvedBy,
    approvedByName: row.approvedByName,
    suspendedBy: row.suspendedBy,
    suspendedByName: row.suspendedByName,
    registrationStatus: row.registrationStatus,
    isDeleted: row.isDeleted,
    online: row.online,
    userID: { _id: row.id, fullName: row.fullName, phone: row.phone, email: row.email, registrationStatus: row.registrationStatus },
    portraitSelfie: null,
    identity: { Name: row.idType, front: null, back: null },
    address: row.address,
    maritalStatus: row.maritalStatus,
    vehicle: row.plateNumber && row.vehicleType ? { plateNumber: row.plateNumber, vehicleModel: row.vehicleModel, vehicleType: row.vehicleType } : null,
    serialID: row.serialId,
    route: row.route,
    gender: row.gender,
    dob: row.dob,
    guarantor: row.guarantorName
      ? {
          name: row.guarantorName,
          phone: row.guarantorPhone ?? '',
          address: row.guarantorAddress ?? '',
          identity: { Name: row.guarantorIdType, front: null, back: null },
        }
      : null,
    requestedPlan: row.requestedPlan,
    textLanguage: row.role === 'motorist' ? row.textLanguage : null,
    ticketSubscription: subscription,
    personalData: { hidden: [], mayReveal: false },
  };
}
