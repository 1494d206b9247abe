import { useCallback, useState } from 'react';

/**
 * State of a create-or-update modal: what it edits (null: a new one), whether it is open, and a key
 * that changes at each opening so its form starts afresh. What it edits stays while it fades out.
 */
export function useEditorModal<T>() {
  const [state, setState] = useState<{ opened: boolean; item: T | null; key: number }>({ opened: false, item: null, key: 0 });
  const open = useCallback((item: T | null) => setState((current) => ({ opened: true, item, key: current.key + 1 })), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { ...state, open, close };
}
