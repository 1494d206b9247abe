import type { Page } from '@playwright/test';

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The sidebar's links, entries and sub-links, in order. */
export function sidebarLinks(page: Page) {
  return sidebar(page).getByRole('link');
}
