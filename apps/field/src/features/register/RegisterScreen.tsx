import { useState, type ReactNode } from 'react';
import { GENDERS, ID_TYPES, MARITAL_STATUSES, PLAN_NAMES, VEHICLE_TYPES, motoristRegistration, type RegistrationResponse } from '@eticket/contracts';
import { enqueue, newKey, remove } from '../queue/queue.ts';
import { scaleImage } from './scaleImage.ts';

type Field = { name: string; label: string; type?: string; options?: readonly string[]; required?: boolean };
type Photo = { name: 'front' | 'back' | 'portraitSelfie'; label: string; facing: 'environment' | 'user' };

/** The console's three steps (apps/web formSpecs: motoristForm), checked with the contract's schema. */
const STEPS: { title: string; fields: Field[]; photos: Photo[] }[] = [
  {
    title: 'Personal information',
    fields: [
      { name: 'fullName', label: 'Full name', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'phone', label: 'Phone', type: 'tel', required: true },
      { name: 'password', label: 'Password (12+ characters)', type: 'password', required: true },
      { name: 'dob', label: 'Date of birth', type: 'date', required: true },
      { name: 'gender', label: 'Gender', options: GENDERS },
      { name: 'maritalStatus', label: 'Marital status', options: MARITAL_STATUSES },
      { name: 'address', label: 'Address', required: true },
      { name: 'idType', label: 'ID type', options: ID_TYPES },
    ],
    photos: [
      { name: 'front', label: 'ID front', facing: 'environment' },
      { name: 'back', label: 'ID back', facing: 'environment' },
    ],
  },
  {
    title: 'Vehicle',
    fields: [
      { name: 'plateNumber', label: 'Plate number', required: true },
      { name: 'vehicleType', label: 'Vehicle type', options: VEHICLE_TYPES, required: true },
      { name: 'vehicleModel', label: 'Vehicle model' },
      { name: 'route', label: 'Route', required: true },
      { name: 'serialID', label: 'Serial ID' },
      { name: 'subscription', label: 'Plan asked for', options: PLAN_NAMES },
    ],
    photos: [],
  },
  { title: 'Portrait selfie', fields: [], photos: [{ name: 'portraitSelfie', label: 'Selfie', facing: 'user' }] },
];

const QUEUED_NOTE = 'No network: the registration is kept on the phone and sent when the network returns (see Queue).';

/** The contract's messages for this step's fields only. */
function problemsOf(step: number, values: Record<string, string>): string[] {
  const names = new Set(STEPS.slice(0, step + 1).flatMap((s) => s.fields.map((f) => f.name)));
  const input = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const result = motoristRegistration.safeParse(input);
  return result.success ? [] : result.error.issues.filter((issue) => names.has(String(issue.path[0]))).map((issue) => issue.message);
}

export default function RegisterScreen() {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<Record<string, string>>({});
  const [photos, setPhotos] = useState<Partial<Record<Photo['name'], Blob>>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();

  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));

  async function takePhoto(name: Photo['name'], file: File | undefined) {
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
        return setProblems([item.message ?? 'The server refused this registration']);
      }
      setDone(item.state === 'done' ? (item.result as RegistrationResponse).message : QUEUED_NOTE);
    } catch (failure) {
      setProblems([(failure as Error).message]);
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <section className="register">
        <p className="success" role="status">
          {done}
        </p>
        <button className="primary" onClick={() => (setDone(undefined), setValues({}), setPhotos({}), setStep(0))}>
          Register another
        </button>
      </section>
    );

  const current = STEPS[step];
  return (
    <section className="register">
      <h2>
        Register a motorist · {step + 1} of {STEPS.length}: {current.title}
      </h2>
      {current.fields.map((field) => (
        <Labelled key={field.name} label={`${field.label}${field.required ? ' *' : ''}`}>
          {field.options ? (
            <select name={field.name} value={values[field.name] ?? ''} onChange={(e) => set(field.name, e.target.value)}>
              <option value="">—</option>
              {field.options.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          ) : (
            <input name={field.name} type={field.type ?? 'text'} value={values[field.name] ?? ''} onChange={(e) => set(field.name, e.target.value)} />
          )}
        </Labelled>
      ))}
      {current.photos.map((photo) => (
        <Labelled key={photo.name} label={`${photo.label}${photos[photo.name] ? ` · ${Math.round(photos[photo.name]!.size / 1024)} KB` : ''}`}>
          <input name={photo.name} type="file" accept="image/*" capture={photo.facing} onChange={(e) => void takePhoto(photo.name, e.target.files?.[0])} />
        </Labelled>
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
            {busy ? 'Registering…' : 'Register motorist'}
          </button>
        )}
      </div>
    </section>
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
