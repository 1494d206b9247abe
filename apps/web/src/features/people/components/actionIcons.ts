import { IconCheck, IconKey, IconLogout, IconPlayerPause, IconTrash } from '@tabler/icons-react';

export const ACTION_ICONS = { approve: IconCheck, suspend: IconPlayerPause, delete: IconTrash, logout: IconLogout, resetCode: IconKey } as const;
