export * from './domain.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/profile.ts';
export * from './schemas/user.ts';
