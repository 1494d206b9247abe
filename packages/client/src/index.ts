export { createClient, type CallOptions, type Client, type ClientOptions } from './client.ts';
export { ApiError, type ApiErrorKind } from './api-error.ts';
