import { NativeSelect, PasswordInput, Textarea, TextInput } from '@mantine/core';
import type { FieldSpec } from './fields.ts';
import { ImageField } from './ImageField.tsx';
import type { FormValues } from './payload.ts';
import { PlanSelect } from './PlanSelect.tsx';
import { SelfieCapture } from './SelfieCapture.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/** One field of a registration form, by its kind. */
export function FormField({
  field,
  value,
  values,
  error,
  onChange,
}: {
  field: FieldSpec;
  value: string | File | null;
  /** The whole form's values: a plan's choices follow the vehicle type chosen. */
  values: FormValues;
  /** This field's problem, shown under it. */
  error?: string;
  onChange: (value: string | File | null) => void;
}) {
  if (field.type === 'image') return <ImageField label={field.label} value={value as File | null} onChange={onChange} error={error} />;
  if (field.type === 'selfie') return <SelfieCapture label={field.label} value={value as File | null} onChange={onChange} />;
  const text = typeof value === 'string' ? value : '';
  if (field.type === 'plan') {
    const vehicleType = values[field.vehicleTypeField];
    return <PlanSelect label={field.label} vehicleType={typeof vehicleType === 'string' ? vehicleType : ''} value={text} error={error} onChange={onChange} />;
  }
  const common = { label: field.label, withAsterisk: field.required, value: text, error };
  const onText = (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value);
  switch (field.type) {
    case 'select':
      return <NativeSelect {...common} data={[{ value: '', label: 'Choose…' }, ...field.choices]} onChange={onText} />;
    case 'password':
      return <PasswordInput {...common} description={field.description} autoComplete={field.autoComplete} onChange={onText} />;
    case 'textarea':
      return <Textarea {...common} autosize minRows={1} maxRows={3} onChange={onText} />;
    case 'date':
      return <TextInput {...common} type="date" max={today()} onChange={onText} />;
    default:
      return <TextInput {...common} type={field.type} autoComplete={field.autoComplete} onChange={onText} />;
  }
}
