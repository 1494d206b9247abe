import { useState } from 'react';
import { Group, Input, NumberInput, Slider, VisuallyHidden } from '@mantine/core';
import { ALLOCATION_PERCENT } from '@eticket/contracts';
import { formatPercent } from '../../lib/format.ts';
import { percentageFromInput } from './percentageInput.ts';

const MARKS = [0.1, 20, 40, 60, 80].map((value) => ({ value, label: `${value}%` }));

/**
 * Spec section 5: 0.1 to 80 in steps of 0.1. The slider (arrow keys move it a step; Home and End to
 * the ends) and a number box beside it, for a precise value, stay in step: a valid number moves the
 * slider, the slider rewrites the number.
 */
export function PercentageSlider({ value, onChange, available }: { value: number; onChange: (value: number) => void; available?: number }) {
  const [draft, setDraft] = useState<number | string>(value);
  const [typing, setTyping] = useState(false);
  const typed = percentageFromInput(draft);
  return (
    <Input.Wrapper
      label="Percentage"
      required
      description={available === undefined ? undefined : `${formatPercent(available)} of the revenue is still free to allocate`}
    >
      <Group gap="md" align="flex-start" wrap="nowrap" mt="sm" mb="lg">
        <Slider
          flex={1}
          mt={12}
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
        <NumberInput
          w={104}
          aria-label="Percentage value"
          min={ALLOCATION_PERCENT.min}
          max={ALLOCATION_PERCENT.max}
          step={ALLOCATION_PERCENT.step}
          decimalScale={1}
          suffix="%"
          allowNegative={false}
          clampBehavior="none"
          // While typing, what is typed; otherwise the slider's value.
          value={typing ? draft : value}
          error={typing && typed === null ? `${ALLOCATION_PERCENT.min} to ${ALLOCATION_PERCENT.max}` : undefined}
          onFocus={() => {
            setDraft(value);
            setTyping(true);
          }}
          onBlur={() => setTyping(false)}
          onChange={(next) => {
            setDraft(next);
            const percentage = percentageFromInput(next);
            if (percentage !== null) onChange(percentage);
          }}
        />
        <VisuallyHidden data-testid="percentage-value" aria-live="polite">
          {value.toFixed(1)}%
        </VisuallyHidden>
      </Group>
    </Input.Wrapper>
  );
}
