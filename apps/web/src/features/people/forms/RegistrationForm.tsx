import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Stepper, Text } from '@mantine/core';
import { MESSAGES } from '@eticket/contracts';
import { ApiError } from '@eticket/client';
import { FormMessage } from '../../../components/FormMessage.tsx';
import { useRegisterPerson } from '../queries.ts';
import { FormField } from './FormField.tsx';
import type { FormSpec } from './formSpecs.ts';
import { checkForm, emptyValues, labelledProblems, missingFields, type FieldProblems, type FormValues } from './payload.ts';

/**
 * A registration form in steps (spec section 4): a step counter from 1, Previous and Next, and
 * the call only from the last step. A 201 calls onCreated; any other reply shows above the form.
 */
export function RegistrationForm({ spec, onCreated }: { spec: FormSpec; onCreated: (message: string) => void }) {
  const [values, setValues] = useState<FormValues>(() => emptyValues(spec));
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const register = useRegisterPerson(spec.kind);
  const steps = spec.steps;
  const last = step === steps.length - 1;

  /** Shows a refusal above the form and under each field it names, on the first step holding one. */
  function refuse(message: string, marked: FieldProblems) {
    setError(message);
    setProblems(marked);
    const first = steps.findIndex((item) => item.fields.some((field) => marked[field.name]));
    if (first >= 0 && first !== step) setStep(first);
  }

  function next() {
    const missing = missingFields([steps[step]], values);
    if (Object.keys(missing).length > 0) return refuse(MESSAGES.allFieldRequired, missing);
    setError(null);
    setProblems({});
    setStep(step + 1);
  }

  function submit() {
    const checked = checkForm(spec, values);
    if (!checked.ok) return refuse(checked.message, checked.problems);
    setError(null);
    setProblems({});
    register.mutate(checked.body, {
      onSuccess: (reply) => {
        setValues(emptyValues(spec));
        setStep(0);
        onCreated(reply.message);
      },
      onError: (failure) => refuse(failure.message, failure instanceof ApiError ? labelledProblems(spec, failure.fieldErrors) : {}),
    });
  }

  const change = (name: string, value: FormValues[string]) => {
    setValues((all) => ({ ...all, [name]: value }));
    if (problems[name]) setProblems(({ [name]: _fixed, ...rest }) => rest);
  };

  const current = steps[step];
  const wide = current.fields.some((field) => field.type === 'selfie');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (last) submit();
        else next();
      }}
    >
      <Stack gap="md">
        {steps.length > 1 && (
          <>
            <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(index) => index < step && setStep(index)}>
              {steps.map((item) => (
                <Stepper.Step key={item.title} label={item.title} />
              ))}
            </Stepper>
            <Text size="sm" c="dimmed" aria-live="polite">
              Step {step + 1} of {steps.length}: {current.title}
            </Text>
          </>
        )}
        <FormMessage error={error} />
        <SimpleGrid cols={{ base: 1, sm: wide ? 1 : 2 }} spacing="md">
          {current.fields.map((field) => (
            <FormField
              key={field.name}
              field={field}
              value={values[field.name]}
              values={values}
              error={problems[field.name]}
              onChange={(value) => change(field.name, value)}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="sm">
          {steps.length > 1 ? (
            <Button variant="default" disabled={step === 0 || register.isPending} onClick={() => setStep(step - 1)}>
              Previous
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={register.isPending}>
            {last ? 'Submit' : 'Next'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
