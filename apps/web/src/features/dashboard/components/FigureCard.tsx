import type { ReactNode } from 'react';
import type { MantineColor } from '@mantine/core';
import type { Figure } from '@eticket/contracts';
import { StatCard } from '../../../components/StatCard.tsx';
import { formatCount, formatNaira } from '../../../lib/format.ts';

export type FigureUnit = 'naira' | 'count';

export const formatFigure = (value: number, unit: FigureUnit) => (unit === 'naira' ? formatNaira(value) : formatCount(value));

/** A server figure (total, percentage increase, today) as a stat card. */
export function FigureCard({
  label,
  figure,
  unit = 'count',
  icon,
  color,
  loading,
}: {
  label: string;
  figure: Figure | undefined;
  unit?: FigureUnit;
  icon?: ReactNode;
  color?: MantineColor;
  loading?: boolean;
}) {
  return (
    <StatCard
      label={label}
      value={figure ? formatFigure(figure.total, unit) : '—'}
      increase={figure?.percentageIncrease}
      today={figure ? formatFigure(figure.today, unit) : undefined}
      icon={icon}
      color={color}
      loading={loading || !figure}
    />
  );
}
