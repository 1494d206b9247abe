/** Every dashboard query starts with this key, so a write that moves figures (allocation's too) can refresh them all. */
export const DASHBOARD_KEY = ['dashboard'] as const;
