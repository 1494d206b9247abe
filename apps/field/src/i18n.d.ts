declare module 'virtual:eticket-i18n/field' {
  import type { AnyLocale, Messages } from '@eticket/i18n';
  /** Each language's compiled field catalogue (common month names included), a chunk of its own. */
  export const loaders: Record<AnyLocale, () => Promise<{ default: Messages }>>;
}
