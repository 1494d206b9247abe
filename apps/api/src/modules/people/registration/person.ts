import type {
  AdminRegistration,
  AgentRegistration,
  ManagerRegistration,
  MotoristRegistration,
  RegistrationImageField,
  Role,
  UnionRegistration,
} from '@eticket/contracts';
import type { NewPerson, NewProfile } from '../repository.ts';

/** A validated registration of one kind. */
export type Registration =
  | { kind: 'admin'; input: AdminRegistration }
  | { kind: 'manager'; input: ManagerRegistration }
  | { kind: 'agent'; input: AgentRegistration }
  | { kind: 'motorist'; input: MotoristRegistration }
  | { kind: 'union'; input: UnionRegistration };

/** Stored file keys of the uploaded images, by form field. */
export type ImageKeys = Partial<Record<RegistrationImageField, string>>;

/** What the record is written with besides the form: decided by the service. */
export interface Stamp {
  userCode: string;
  passwordHash: string;
  addedBy: string;
  at: Date;
}

/** The role a registration creates. */
export function roleOf(registration: Registration): Role {
  switch (registration.kind) {
    case 'agent':
      return registration.input.role;
    default:
      return registration.kind;
  }
}

/** The rows to write for a registration: user, and profile, guarantor and vehicle where the kind has them. */
export function personOf(registration: Registration, images: ImageKeys, stamp: Stamp): NewPerson {
  const { input } = registration;
  const user = {
    userCode: stamp.userCode,
    passwordHash: stamp.passwordHash,
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    role: roleOf(registration),
    addedBy: stamp.addedBy,
    registrationStatus: 'pending' as const,
    createdAt: stamp.at,
    updatedAt: stamp.at,
  };
  switch (registration.kind) {
    case 'admin':
      return { user, profile: profileOf(registration.input, images), guarantor: null, vehicle: null };
    case 'manager':
      return {
        user: { ...user, department: registration.input.department },
        profile: profileOf(registration.input, images),
        guarantor: guarantorOf(registration.input, images),
        vehicle: null,
      };
    case 'agent':
      return {
        user: { ...user, agentRole: registration.input.role },
        profile: { ...profileOf(registration.input, images), route: registration.input.route, portraitFile: images.portraitSelfie ?? null },
        guarantor: guarantorOf(registration.input, images),
        vehicle: null,
      };
    case 'motorist':
      return motoristOf(registration.input, images, {
        ...user,
        isMotorist: true,
        privacyNoticeAt: stamp.at,
        textLanguage: registration.input.textLanguage,
      });
    case 'union':
      return {
        user: { ...user, unionRole: registration.input.role, unionName: registration.input.unionName },
        profile: null,
        guarantor: null,
        vehicle: null,
      };
  }
}

function profileOf(input: { address: string | null; maritalStatus: string | null; idType: string | null }, images: ImageKeys): NewProfile {
  return {
    address: input.address,
    maritalStatus: input.maritalStatus,
    idType: input.idType,
    idFrontFile: images.front ?? null,
    idBackFile: images.back ?? null,
  };
}

function guarantorOf(input: ManagerRegistration | AgentRegistration, images: ImageKeys): NonNullable<NewPerson['guarantor']> {
  return {
    name: input.guarantorsName,
    phone: input.guarantorsPhone,
    address: input.guarantorsAddress,
    idType: input.guarantorsIDType,
    frontFile: images.frontGuarantor ?? null,
    backFile: images.backGuarantor ?? null,
  };
}

function motoristOf(input: MotoristRegistration, images: ImageKeys, user: NewPerson['user']): NewPerson {
  return {
    user,
    profile: {
      ...profileOf(input, images),
      gender: input.gender,
      dob: input.dob,
      route: input.route,
      serialId: input.serialID,
      portraitFile: images.portraitSelfie ?? null,
    },
    guarantor: null,
    vehicle: {
      plateNumber: input.plateNumber,
      vehicleType: input.vehicleType,
      vehicleModel: input.vehicleModel,
      requestedPlan: input.subscription,
    },
  };
}

/**
 * The registered person as the audit log keeps it: the user's fields and its details, one level deep
 * (the password's hash is left out; platform/audit.ts drops any secret that slips through).
 */
export function registrationSnapshot(person: NewPerson): Record<string, unknown> {
  const { passwordHash: _secret, createdAt: _created, updatedAt: _updated, ...user } = person.user;
  return {
    ...user,
    ...(person.profile ?? {}),
    ...(person.guarantor ? { guarantor: person.guarantor } : {}),
    ...(person.vehicle ?? {}),
  };
}
