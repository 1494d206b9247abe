import { useEffect, useState, type ReactNode } from 'react';
import {
  GENDERS,
  ID_TYPES,
  MARITAL_STATUSES,
  TEXT_LANGUAGES,
  TEXT_LANGUAGE_NAMES,
  VEHICLE_TYPES,
  fieldErrorOf,
  motoristRegistration,
  type TextLanguage,
} from '@eticket/contracts';
import { naira } from '../../lib/format.ts';
import { fromServer, t, tOr } from '../../lib/i18n.ts';
import { enqueue, newKey, remove } from '../../lib/outbox/index.ts';
import { useRegistrationPlans } from './plans.ts';
import { PrivacyNotice } from './PrivacyNotice.tsx';
import { scaleImage } from '../../lib/scaleImage.ts';

// A field's words are the catalogue's `register.field.<name>`; its options' `register.<name>.<option>` (else the option itself).
type Field = { name: string; type?: string; options?: readonly string[]; ownNames?: boolean; required?: boolean };
type PhotoName = 'front' | 'back' | 'portraitSelfie';
type Photo = { name: PhotoName };

/** A form as the registrar left it: a new one, or a refused registration (its queue key in `replaces`) to fix and send again. */
export interface Draft {
  values: Record<string, string>;
  photos: Partial<Record<PhotoName, Blob>>;
  replaces?: string;
}

/** The console's three steps (apps/web formSpecs: motoristForm), checked with the contract's schema. */
const STEPS: { title: string; fields: Field[]; photos: Photo[] }[] = [
  {
    title: 'register.step.personal',
    fields: [
      { name: 'fullName', required: true },
      { name: 'email', type: 'email', required: true },
      { name: 'phone', type: 'tel', required: true },
      // The language of the motorist's texts (issue 45), each in its own name; English when left unset.
      { name: 'textLanguage', options: TEXT_LANGUAGES, ownNames: true },
      { name: 'password', type: 'password', required: true },
      { name: 'dob', type: 'date', required: true },
      { name: 'gender', options: GENDERS },
      { name: 'maritalStatus', options: MARITAL_STATUSES },
      { name: 'address', required: true },
      { name: 'idType', options: ID_TYPES },
    ],
    photos: [{ name: 'front' }, { name: 'back' }],
  },
  {
    title: 'register.step.vehicle',
    fields: [
      { name: 'plateNumber', required: true },
      { name: 'vehicleType', options: VEHICLE_TYPES, required: true },
      { name: 'vehicleModel' },
      { name: 'route', required: true },
      { name: 'serialID' },
    ],
    photos: [],
  },
  // The registrar photographs the motorist: the phone's rear camera.
  { title: 'register.step.photo', fields: [], photos: [{ name: 'portraitSelfie' }] },
];

/** A field's name in the phone's language: "Plate number", "Nọ́mbà ọkọ̀". */
const labelOf = (name: string): string => t(`register.field.${name}`);

/** An option in words: a vehicle type as everywhere in the app, the others under their field. */
function optionLabel(field: Field, option: string): string {
  if (field.ownNames) return TEXT_LANGUAGE_NAMES[option as TextLanguage].own;
  return tOr(field.name === 'vehicleType' ? `vehicle.${option}` : `register.${field.name}.${option}`, option);
}

/** The contract's rules' wording (after the field's name), each with the phone's words; any other is kept as written. */
const PROBLEMS: [RegExp, string][] = [
  [/^is required$/, 'register.problem.required'],
  [/^is already in use$/, 'register.problem.inUse'],
  [/^must be a valid email address$/, 'register.problem.email'],
  [/^must be a phone number \(digits, optional leading \+\)$/, 'register.problem.phone'],
  [/^must be a date written YYYY-MM-DD$/, 'register.problem.date'],
  [/^must be a past date$/, 'register.problem.pastDate'],
  [/^must be at most (?<max>\d+) characters$/, 'register.problem.tooLong'],
  [/^must be one of (?<choices>.+)$/, 'register.problem.choice'],
  // The reason (the contract's password-strength words) stays as written.
  [/^is too easy to guess: (?<reason>.+)$/, 'register.problem.weak'],
];

const NAMES = [...STEPS.flatMap((step) => step.fields.map((field) => field.name)), 'subscription', 'front', 'back', 'portraitSelfie', 'privacyNoticeGiven'];

/** A message about a field, in words: "plateNumber is already in use" → "Plate number is already in use" (in the phone's language). */
export function inWords(message: string): string {
  const named = NAMES.find((name) => message.startsWith(`${name} `) || message.startsWith(`${name}: `));
  if (!named) return fromServer(message);
  // A problem names the field plainly: "Password", not the form's "Password (12+ characters)".
  const field = tOr(`register.problemField.${named}`, labelOf(named));
  const rest = message.slice(named.length + 1).trim();
  for (const [pattern, key] of PROBLEMS) {
    const found = pattern.exec(rest);
    if (found) return t(key, { field, ...found.groups });
  }
  return fieldErrorOf(named, message, field).message;
}

/** The contract's messages for the fields of this step and those before it, in words. */
function problemsOf(step: number, values: Record<string, string>): string[] {
  const names = new Set(STEPS.slice(0, step + 1).flatMap((s) => s.fields.map((f) => f.name)));
  // The notice is read first: the first step is not passed without it.
  names.add('privacyNoticeGiven');
  if (step >= 1) names.add('subscription');
  const input = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const result = motoristRegistration.safeParse(input);
  if (result.success) return [];
  // Every rule's message starts with its field's name (the contract's rule): inWords puts it in the phone's words.
  return result.error.issues.filter((issue) => names.has(String(issue.path[0]))).map((issue) => inWords(issue.message));
}

/** The plan the motorist asks for: the chosen vehicle type's plans, each with its price. */
function PlanChoice({ vehicleType, value, onChange }: { vehicleType: string; value: string; onChange: (value: string) => void }) {
  const { plans, failed } = useRegistrationPlans();
  const offered = (plans ?? []).filter((plan) => plan.vehicleType === vehicleType);
  const note = !vehicleType
    ? t('register.plan.chooseVehicle')
    : failed
      ? t('register.plan.noNetwork')
      : plans === null
        ? t('register.plan.loading')
        : offered.length === 0
          ? t('register.plan.none', { vehicle: tOr(`vehicle.${vehicleType}`, vehicleType) })
          : null;
  return (
    <Labelled label={labelOf('subscription')}>
      <select name="subscription" value={value} onChange={(e) => onChange(e.target.value)} disabled={offered.length === 0}>
        <option value="">—</option>
        {offered.map((plan) => (
          <option key={plan.id} value={plan.name}>
            {tOr(`plan.${plan.name}`, plan.name)} · {naira(plan.price)}
          </option>
        ))}
      </select>
      {note && <small className="muted">{note}</small>}
    </Labelled>
  );
}

/** A photo from the phone's rear camera, shown once taken. */
function PhotoInput({ photo, blob, onTaken }: { photo: Photo; blob: Blob | undefined; onTaken: (file: File | undefined) => void }) {
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!blob) return setPreview(undefined);
    const url = URL.createObjectURL(blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return (
    <div className="photo-input">
      <Labelled label={blob ? t('register.photoSize', { photo: labelOf(photo.name), kb: Math.round(blob.size / 1024) }) : labelOf(photo.name)}>
        <input name={photo.name} type="file" accept="image/*" capture="environment" onChange={(e) => onTaken(e.target.files?.[0])} />
      </Labelled>
      {preview && <img className="preview" src={preview} alt={t('register.preview', { photo: labelOf(photo.name) })} />}
    </div>
  );
}

/** The three steps; on the last, the registration is kept on the phone and sent (onSent: its queue key). */
export function RegistrationForm({ draft, onSent }: { draft: Draft; onSent: (key: string) => void }) {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Record<string, string>>(draft.values);
  const [photos, setPhotos] = useState(draft.photos);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function takePhoto(name: PhotoName, file: File | undefined) {
    if (!file) return;
    try {
      const scaled = await scaleImage(file);
      setPhotos((current) => ({ ...current, [name]: scaled }));
    } catch (failure) {
      setProblems([(failure as Error).message]);
    }
  }

  function next() {
    const found = problemsOf(step, values);
    setProblems(found);
    if (found.length === 0) setStep(step + 1);
  }

  async function submit() {
    const found = problemsOf(STEPS.length - 1, values);
    setProblems(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      // Written in the language of the moment of capture, as every queue label (docs/languages.md).
      const label = t('register.queueLabel', { name: values.fullName, plate: values.plateNumber });
      const item = await enqueue({ key: newKey(), kind: 'registration', label, body: { fields: values, photos: photos as Record<string, Blob> } });
      if (item.state === 'refused') {
        // Refused while the registrar is still on the form: they fix it here, so it leaves the queue.
        await remove(item.key);
        return setProblems([item.message ? inWords(item.message) : t('register.refusedByServer')]);
      }
      // The corrected registration is kept (or recorded): the refused one it replaces goes.
      if (draft.replaces) await remove(draft.replaces);
      onSent(item.key);
    } catch (failure) {
      setProblems([(failure as Error).message]);
    } finally {
      setBusy(false);
    }
  }

  const current = STEPS[step];
  return (
    <>
      <h2>
        {t('register.heading', {
          title: draft.replaces ? t('register.fixTitle') : t('register.title'),
          step: step + 1,
          steps: STEPS.length,
          stepTitle: t(current.title),
        })}
      </h2>
      {step === 0 && <PrivacyNotice given={values.privacyNoticeGiven === 'true'} onGiven={(given) => set('privacyNoticeGiven', given ? 'true' : '')} />}
      {current.fields.map((field) => (
        <Labelled key={field.name} label={field.required ? t('register.required', { field: labelOf(field.name) }) : labelOf(field.name)}>
          {field.options ? (
            <select name={field.name} value={values[field.name] ?? ''} onChange={(e) => set(field.name, e.target.value)}>
              <option value="">—</option>
              {field.options.map((option) => (
                <option key={option} value={option} lang={field.ownNames ? option : undefined}>
                  {optionLabel(field, option)}
                </option>
              ))}
            </select>
          ) : (
            <input name={field.name} type={field.type ?? 'text'} value={values[field.name] ?? ''} onChange={(e) => set(field.name, e.target.value)} />
          )}
        </Labelled>
      ))}
      {step === 1 && <PlanChoice vehicleType={values.vehicleType ?? ''} value={values.subscription ?? ''} onChange={(value) => set('subscription', value)} />}
      {current.photos.map((photo) => (
        <PhotoInput key={photo.name} photo={photo} blob={photos[photo.name]} onTaken={(file) => void takePhoto(photo.name, file)} />
      ))}
      {problems.length > 0 && (
        // The alert wraps the list: a list given the alert role is no longer a list to a screen reader (axe: listitem).
        <div role="alert">
          <ul className="error">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        {step > 0 && (
          <button className="secondary" onClick={() => setStep(step - 1)}>
            {t('register.back')}
          </button>
        )}
        {step < STEPS.length - 1 ? (
          <button className="primary" onClick={next}>
            {t('register.next')}
          </button>
        ) : (
          <button className="primary" onClick={() => void submit()} disabled={busy}>
            {busy ? t('register.busy') : draft.replaces ? t('register.resend') : t('register.submit')}
          </button>
        )}
      </div>
    </>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label>
      {label}
      {children}
    </label>
  );
}
