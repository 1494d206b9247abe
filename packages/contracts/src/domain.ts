/** Vocabulary shared by the server and the console. */
import { LANGUAGE_NAMES, LOCALES, type Locale } from '@eticket/i18n';

export const ROLES = ['super-admin', 'admin', 'manager', 'union', 'user', 'registrar', 'enforcer', 'remitter', 'motorist'] as const;
export type Role = (typeof ROLES)[number];

/** Field agents: role and agentRole carry the same value. */
export const AGENT_ROLES = ['remitter', 'enforcer', 'registrar'] as const;
export type AgentRole = (typeof AGENT_ROLES)[number];

export const DEPARTMENTS = ['registrar-manager', 'enforcer-manager', 'remitter-manager'] as const;
export type Department = (typeof DEPARTMENTS)[number];
export const DEPARTMENT_LABELS: Record<Department, string> = {
  'registrar-manager': 'Registrar',
  'enforcer-manager': 'Enforcer',
  'remitter-manager': 'Remitter',
};
/** The agents each manager department looks after. */
export const DEPARTMENT_AGENT_ROLE: Record<Department, AgentRole> = {
  'registrar-manager': 'registrar',
  'enforcer-manager': 'enforcer',
  'remitter-manager': 'remitter',
};

export const UNION_ROLES = ['shareholder', 'government', 'keke', 'bus', 'bike', 'others'] as const;
export type UnionRole = (typeof UNION_ROLES)[number];

export const VEHICLE_TYPES = ['keke', 'bus', 'bike'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const REGISTRATION_STATUSES = ['pending', 'approved', 'suspended'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const MARITAL_STATUSES = ['single', 'married', 'divorced'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const ID_TYPES = ['nin', 'business-id', 'drivers-license'] as const;
export type IdType = (typeof ID_TYPES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const PLAN_NAMES = ['daily', 'weekly', 'monthly', '3 months', '6 months', 'yearly'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/**
 * The languages of the texts to motorists and of the public check pages (issue 45): English,
 * Nigerian Pidgin, Hausa, Yoruba, Igbo. A motorist's text language is chosen at registration
 * (English when none is given) and changed on their details page.
 */
export const TEXT_LANGUAGES = LOCALES;
export type TextLanguage = Locale;
/** Each language in its own name (as the public pages' switch and the field form show them), and in English (the console). */
const ENGLISH_NAMES: Record<TextLanguage, string> = { en: 'English', pcm: 'Nigerian Pidgin', ha: 'Hausa', yo: 'Yoruba', ig: 'Igbo' };
export const TEXT_LANGUAGE_NAMES = Object.fromEntries(LOCALES.map((l) => [l, { own: LANGUAGE_NAMES[l], english: ENGLISH_NAMES[l] }])) as Record<
  TextLanguage,
  { own: string; english: string }
>;

/** Derived from time (active → grace → expired), or frozen by an admin (paused). */
export const SUBSCRIPTION_STATUSES = ['active', 'grace', 'expired', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** reversed: recorded in error and reversed (issue 44, docs/ledger.md); its amount stays as it was. */
export const PAYMENT_STATUSES = ['success', 'pending', 'failed', 'reversed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The modes an agent takes money by (the field app's and the console's payment forms offer these alone). */
export const AGENT_MODES_OF_PAYMENT = ['cash', 'transfer', 'pos', 'card'] as const;
export type AgentModeOfPayment = (typeof AGENT_MODES_OF_PAYMENT)[number];
/**
 * Every mode a payment is recorded with: the agents' modes and `ussd`, a payment a motorist made
 * through the online payment provider by USSD (docs/online-payments.md); shown and filtered on.
 */
export const MODES_OF_PAYMENT = [...AGENT_MODES_OF_PAYMENT, 'ussd'] as const;
export type ModeOfPayment = (typeof MODES_OF_PAYMENT)[number];
