import type { ReactNode } from 'react';
import { Text, type MantineColor } from '@mantine/core';

/** Table text kept on one line (dates, amounts); numeric lines digits up in columns. */
export function NoWrap({ children, numeric = false, c }: { children: ReactNode; numeric?: boolean; c?: MantineColor }) {
  return (
    <Text span inherit c={c} style={{ whiteSpace: 'nowrap', fontVariantNumeric: numeric ? 'tabular-nums' : undefined }}>
      {children}
    </Text>
  );
}
