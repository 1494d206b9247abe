import type {
  ComplianceReply,
  FieldMotoristView,
  FieldPlan,
  FieldScanRequest,
  FieldScanResponse,
  MyDay,
  Profile,
  PaymentResponse,
  PenaltyPaymentRequest,
  RegistrationResponse,
  SubscriptionPaymentRequest,
  VehicleType,
} from '@eticket/contracts';
import { endSession, readSession } from './session.ts';

/** A refusal from the server (4xx) with its message; `status` 0 when the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** The network failed or the server could not answer: worth sending again later. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

const OFFLINE_MESSAGE = 'No network: kept on the phone and sent when the network returns';

async function request<T>(method: string, path: string, options: { body?: unknown; form?: FormData; headers?: Record<string, string>; auth?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const session = options.auth === false ? null : readSession();
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  const payload = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    const message = payload.message ?? `The server answered ${response.status}`;
    // An expired session, a suspended agent or a forced logout: back to sign-in with the server's word.
    if (response.status === 401 && options.auth !== false) endSession(message);
    throw new ApiError(response.status, message);
  }
  return payload as T;
}

const query = (values: Record<string, string | undefined>) => {
  const params = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return params.size ? `?${params}` : '';
};

export const api = {
  login: (userCode: string, password: string) => request<{ token: string; message: string }>('POST', '/api/login', { body: { userCode, password }, auth: false }),
  lookup: async (q: string) => (await request<{ data: FieldMotoristView }>('GET', `/api/field/motorist${query({ q })}`)).data,
  plans: async (vehicleType: VehicleType) => (await request<{ data: FieldPlan[] }>('GET', `/api/field/plans${query({ vehicleType })}`)).data,
  compliance: async (page: { after?: string; since?: string }) => (await request<{ data: ComplianceReply }>('GET', `/api/field/compliance${query(page)}`)).data,
  profile: async () => (await request<{ data: Profile }>('GET', '/api/profile')).data,
  myDay: async () => (await request<{ data: MyDay }>('GET', '/api/field/my-day')).data,
  scan: (body: FieldScanRequest, key: string) => request<FieldScanResponse>('POST', '/api/field/scan', { body, headers: { 'idempotency-key': key } }),
  paySubscription: (body: SubscriptionPaymentRequest, key: string) =>
    request<PaymentResponse>('POST', '/api/field/subscription-payment', { body, headers: { 'idempotency-key': key } }),
  payPenalty: (body: PenaltyPaymentRequest, key: string) => request<PaymentResponse>('POST', '/api/field/penalty-payment', { body, headers: { 'idempotency-key': key } }),
  registerMotorist: (form: FormData) => request<RegistrationResponse>('POST', '/api/motorist/register', { form }),
};
