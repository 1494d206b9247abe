import { useEffect } from 'react';
import { NativeSelect } from '@mantine/core';
import { VEHICLE_TYPES, type VehicleType } from '@eticket/contracts';
import { formatNaira } from '../../../lib/format.ts';
import { usePlans } from '../../../lib/plans.ts';

const isVehicleType = (value: string): value is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(value);

/**
 * The motorist's plan: the plans of the chosen vehicle type with their prices ('weekly · ₦1,000.00').
 * The value sent is the plan's name; one the new vehicle type does not offer is cleared.
 */
export function PlanSelect({
  label,
  vehicleType,
  value,
  error,
  onChange,
}: {
  label: string;
  vehicleType: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const type = isVehicleType(vehicleType) ? vehicleType : null;
  const plans = usePlans(type);
  const offered = plans.data ?? [];
  const stale = plans.isSuccess && value !== '' && !offered.some((plan) => plan.name === value);
  useEffect(() => {
    if (stale) onChange('');
  }, [stale, onChange]);

  const description = !type
    ? 'Choose the vehicle type first'
    : plans.isPending
      ? 'Loading the plans…'
      : plans.isError
        ? `Could not load the plans: ${plans.error.message}`
        : offered.length === 0
          ? `No plans for ${type} yet`
          : undefined;
  const choices = offered.map((plan) => ({ value: plan.name, label: `${plan.name} · ${formatNaira(plan.price)}` }));
  return (
    <NativeSelect
      label={label}
      value={stale ? '' : value}
      error={error}
      description={description}
      disabled={!type || offered.length === 0}
      data={[{ value: '', label: 'Choose…' }, ...choices]}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
