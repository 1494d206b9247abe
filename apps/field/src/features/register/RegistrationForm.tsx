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
import { enqueue, newKey, remove } from '../../lib/outbox/index.ts';
import { useRegistrationPlans } from './plans.ts';
import { PrivacyNotice } from './PrivacyNotice.tsx';
import { scaleImage } from '../../lib/scaleImage.ts';

type Field = { name: string; label: string; type?: string; options?: readonly string[]; optionLabel?: (option: string) => string; required?: boolean };
type PhotoName = 'front' | 'back' | 'portraitSelfie';
type Photo = { name: PhotoName; label: string };

/** A form as the registrar left it: a new one, or a refused registration (its queue key in `replaces`) to fix and send again. */
export interface Draft {
  values: Record<string, string>;
  photos: Partial<Record<PhotoName, Blob>>;
  replaces?: string;
}

/** The console's three steps (apps/web formSpecs: motoristForm), checked with the contract's schema. */
const STEPS: { title: string; fields: Field[]; photos: Photo[] }[] = [
  {
    title: 'Personal information',
    fields: [
      { name: 'fullName', label: 'Full name', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'phone', label: 'Phone', type: 'tel', required: true },
      // The language of the motorist's texts (issue 45), each in its own name; English when left unset.
      { name: 'textLanguage', label: 'Text language', options: TEXT_LANGUAGES, optionLabel: (option) => TEXT_LANGUAGE_NAMES[option as TextLanguage].own },
      { name: 'password', label: 'Password (12+ characters)', type: 'password', required: true },
      { name: 'dob', label: 'Date of birth', type: 'date', required: true },
      { name: 'gender', label: 'Gender', options: GENDERS },
      { name: 'maritalStatus', label: 'Marital status', options: MARITAL_STATUSES },
      { name: 'address', label: 'Address', required: true },
      { name: 'idType', label: 'ID type', options: ID_TYPES },
    ],
    photos: [
      { name: 'front', label: 'ID front' },
      { name: 'back', label: 'ID back' },
    ],
  },
  {
    title: 'Vehicle',
    fields: [
      { name: 'plateNumber', label: 'Plate number', required: true },
      { name: 'vehicleType', label: 'Vehicle type', options: VEHICLE_TYPES, required: true },
      { name: 'vehicleModel', label: 'Vehicle model' },
      { name: 'route', label: 'Route', required: true },
      { name: 'serialID', label: 'TIN' },
    ],
    photos: [],
  },
  // The registrar photographs the motorist: the phone's rear camera.
  { title: 'Motorist’s photo', fields: [], photos: [{ name: 'portraitSelfie', label: 'Motorist’s photo' }] },
];

const NAMES = [...STEPS.flatMap((step) => step.fields.map((field) => field.name)), 'subscription', 'front', 'back', 'portraitSelfie', 'privacyNoticeGiven'];

/** A message about a field, in words: "plateNumber is already in use" → "Plate number is already in use". */
export function inWords(message: string): string {
  const named = NAMES.find((name) => message.startsWith(`${name} `) || message.startsWith(`${name}: `));
  return named ? fieldErrorOf(named, message).message : message;
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
  return result.error.issues.filter((issue) => names.has(String(issue.path[0]))).map((issue) => fieldErrorOf(String(issue.path[0]), issue.message).message);
}

/** The plan the motorist asks for: the chosen vehicle type's plans, each with its price. */
function PlanChoice({ vehicleType, value, onChange }: { vehicleType: string; value: string; onChange: (value: string) => void }) {
  const { plans, failed } = useRegistrationPlans();
  const offered = (plans ?? []).filter((plan) => plan.vehicleType === vehicleType);
  const note = !vehicleType
    ? 'Choose the vehicle type first'
    : failed
      ? 'No network and no plans kept on this phone yet'
      : plans === null
        ? 'Loading the plans…'
        : offered.length === 0
          ? `No plans for ${vehicleType} yet`
          : null;
  return (
    <Labelled label="Plan asked for">
      <select name="subscription" value={value} onChange={(e) => onChange(e.target.value)} disabled={offered.length === 0}>
        <option value="">—</option>
        {offered.map((plan) => (
          <option key={plan.id} value={plan.name}>
            {plan.name} · {naira(plan.price)}
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
      <Labelled label={`${photo.label}${blob ? ` · ${Math.round(blob.size / 1024)} KB` : ''}`}>
        <input name={photo.name} type="file" accept="image/*" capture="environment" onChange={(e) => onTaken(e.target.files?.[0])} />
      </Labelled>
      {preview && <img className="preview" src={preview} alt={`${photo.label} preview`} />}
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
      const label = `Registration · ${values.fullName} · ${values.plateNumber}`;
      const item = await enqueue({ key: newKey(), kind: 'registration', label, body: { fields: values, photos: photos as Record<string, Blob> } });
      if (item.state === 'refused') {
        // Refused while the registrar is still on the form: they fix it here, so it leaves the queue.
        await remove(item.key);
        return setProblems([inWords(item.message ?? 'The server refused this registration')]);
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
        {draft.replaces ? 'Fix and resend' : 'Register a motorist'} · {step + 1} of {STEPS.length}: {current.title}
      </h2>
      {step === 0 && <PrivacyNotice given={values.privacyNoticeGiven === 'true'} onGiven={(given) => set('privacyNoticeGiven', given ? 'true' : '')} />}
      {current.fields.map((field) => (
        <Labelled key={field.name} label={`${field.label}${field.required ? ' *' : ''}`}>
          {field.options ? (
            <select name={field.name} value={values[field.name] ?? ''} onChange={(e) => set(field.name, e.target.value)}>
              <option value="">—</option>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {field.optionLabel?.(option) ?? option}
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
        <ul className="error" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="actions">
        {step > 0 && (
          <button className="secondary" onClick={() => setStep(step - 1)}>
            Back
          </button>
        )}
        {step < STEPS.length - 1 ? (
          <button className="primary" onClick={next}>
            Next
          </button>
        ) : (
          <button className="primary" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Registering…' : draft.replaces ? 'Resend registration' : 'Register motorist'}
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
