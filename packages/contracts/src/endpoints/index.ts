export * from './endpoint.ts';
export * as profileEndpoints from './profile.ts';
