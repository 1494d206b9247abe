/** Login identifier: lower-cased, every space removed (spec section 5). Kept apart from the schemas, so the login screen can use it without zod. */
export function normaliseIdentifier(value: string): string {
  return value.toLowerCase().replace(/\s+/g, '');
}
