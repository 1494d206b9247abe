import { Group, Input, Slider, Text } from '@mantine/core';
import { ALLOCATION_PERCENT } from '@eticket/contracts';
import { formatPercent } from '../../lib/format.ts';

const MARKS = [0.1, 20, 40, 60, 80].map((value) => ({ value, label: `${value}%` }));

/** Spec section 5: 0.1 to 80 in steps of 0.1 (arrow keys move it a step; Home and End to the ends). */
export function PercentageSlider({ value, onChange, available }: { value: number; onChange: (value: number) => void; available?: number }) {
  return (
    <Input.Wrapper
      label="Percentage"
      required
      description={available === undefined ? undefined : `${formatPercent(available)} of the revenue is still free to allocate`}
    >
      <Group gap="md" align="center" wrap="nowrap" mt="sm" mb="lg">
        <Slider
          flex={1}
          min={ALLOCATION_PERCENT.min}
          max={ALLOCATION_PERCENT.max}
          step={ALLOCATION_PERCENT.step}
          precision={1}
          value={value}
          onChange={onChange}
          marks={MARKS}
          label={null}
          thumbLabel="Percentage"
        />
        <Text fw={700} w={64} ta="right" data-testid="percentage-value" aria-live="polite">
          {value.toFixed(1)}%
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
