import {
  adminRegistration,
  agentRegistration,
  managerRegistration,
  motoristRegistration,
  unionRegistration,
  type AgentRole,
  type RegistrationKind,
} from '@eticket/contracts';
import {
  address,
  department,
  dob,
  email,
  fullName,
  gender,
  guarantorFields,
  idBack,
  idFront,
  idType,
  maritalStatus,
  password,
  phone,
  portraitSelfie,
  privacyNoticeGiven,
  route,
  SINGLE_OR_MARRIED,
  textLanguage,
  unionName,
  unionRole,
  vehicleFields,
  type StepSpec,
} from './fields.ts';

/** The contract schema of a registration call, as far as the form uses it. */
interface RegistrationSchema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/** A registration form: its call, its steps, and the contract schema the server checks it with. */
export interface FormSpec {
  kind: RegistrationKind;
  /** The modal's title. */
  title: string;
  steps: StepSpec[];
  /** Fields the form sends without asking (the agent's role). */
  fixed?: Record<string, string>;
  /** json for union users; multipart for the rest. */
  encoding: 'json' | 'multipart';
  schema: RegistrationSchema;
}

const personal = [fullName, email, password, phone];

export const adminForm: FormSpec = {
  kind: 'admin',
  title: 'Create Admin',
  steps: [{ title: 'Admin details', fields: [...personal, address(false), maritalStatus(), idType, idFront, idBack] }],
  encoding: 'multipart',
  schema: adminRegistration,
};

export const unionUserForm: FormSpec = {
  kind: 'union',
  title: 'Create User',
  steps: [{ title: 'User details', fields: [...personal, unionRole, unionName] }],
  encoding: 'json',
  schema: unionRegistration,
};

export const managerForm: FormSpec = {
  kind: 'manager',
  title: 'Create Manager',
  steps: [
    { title: 'Personal information', fields: [...personal, address(true), department, maritalStatus(), idType, idFront, idBack] },
    { title: 'Guarantor', fields: guarantorFields },
  ],
  encoding: 'multipart',
  schema: managerRegistration,
};

const AGENT_TITLES: Record<AgentRole, string> = { remitter: 'Create Remitter', enforcer: 'Create Enforcer', registrar: 'Create Registrar' };

export function agentForm(role: AgentRole): FormSpec {
  const marital = role === 'enforcer' ? maritalStatus() : maritalStatus(SINGLE_OR_MARRIED);
  return {
    kind: 'agent',
    title: AGENT_TITLES[role],
    steps: [
      // The portrait is the agent's ID card photo and their public check's (/a/{code}).
      { title: 'Personal information', fields: [...personal, address(true), route, marital, idType, idFront, idBack, portraitSelfie] },
      { title: 'Guarantor', fields: guarantorFields },
    ],
    fixed: { role },
    encoding: 'multipart',
    schema: agentRegistration,
  };
}

export const motoristForm: FormSpec = {
  kind: 'motorist',
  title: 'Create Motorist',
  steps: [
    {
      title: 'Personal information',
      fields: [...personal, textLanguage, dob, gender, maritalStatus(), address(true), idType, privacyNoticeGiven, idFront, idBack],
    },
    { title: 'Vehicle', fields: vehicleFields },
    { title: 'Portrait selfie', fields: [portraitSelfie] },
  ],
  encoding: 'multipart',
  schema: motoristRegistration,
};
