import type { Icon } from '@tabler/icons-react';
import { can, type Capability, type PrincipalSource } from '@eticket/contracts';
import { CONSOLE_PAGES } from '../pages.ts';

interface NavSubLink {
  label: string;
  to: string;
}

export interface NavEntry {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only to roles the permission matrix lets read this capability (spec section 6). */
  capability: Capability;
  subLinks?: NavSubLink[];
}

/** The sidebar of spec section 2, in its order: the pages table's entries, each with its sub-links. */
export const NAVIGATION: readonly NavEntry[] = CONSOLE_PAGES.flatMap((page): NavEntry[] => {
  const place = page.sidebar;
  if (!place || !('icon' in place) || !page.capability) return [];
  const subLinks = CONSOLE_PAGES.filter((sub) => sub.sidebar && 'under' in sub.sidebar && sub.sidebar.under === page.path).map((sub) => ({
    label: sub.sidebar!.label,
    to: sub.path,
  }));
  return [{ label: place.label, to: page.path, icon: place.icon, capability: page.capability, ...(subLinks.length > 0 ? { subLinks } : {}) }];
});

/** The entries this user may see. */
export function navigationFor(user: PrincipalSource): NavEntry[] {
  return NAVIGATION.filter((entry) => can(user, entry.capability));
}
