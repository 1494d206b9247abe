import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { adminForm, agentForm, managerForm, motoristForm, unionUserForm } from './formSpecs.ts';
import { checkForm, checkRequired, emptyValues, type FormValues } from './payload.ts';

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'front.png', { type: 'image/png' });

const motorist = (overrides: FormValues = {}): FormValues => ({
  ...emptyValues(motoristForm),
  fullName: ' Musa Bello ',
  email: 'Musa@Example.com',
  password: 'Secret-Pass-1',
  phone: '+234 801 234 5678',
  dob: '1990-05-04',
  gender: 'male',
  address: '12 Broad Street',
  route: 'Ikeja - Oshodi',
  plateNumber: 'LAG 123 XY',
  vehicleType: 'keke',
  subscription: '3 months',
  privacyNoticeGiven: 'true',
  ...overrides,
});

describe('registration forms', () => {
  it('has 2 steps for managers and agents, 3 for motorists, 1 for admins and union users', () => {
    expect(managerForm.steps).toHaveLength(2);
    expect(agentForm('remitter').steps).toHaveLength(2);
    expect(motoristForm.steps).toHaveLength(3);
    expect(adminForm.steps).toHaveLength(1);
    expect(unionUserForm.steps).toHaveLength(1);
  });

  it('offers only single and married to remitters and registrars', () => {
    const maritalChoices = (role: 'remitter' | 'enforcer' | 'registrar') => {
      const field = agentForm(role).steps[0].fields.find((f) => f.name === 'maritalStatus');
      return field?.type === 'select' ? field.choices.map((c) => c.value) : [];
    };
    expect(maritalChoices('remitter')).toEqual(['single', 'married']);
    expect(maritalChoices('registrar')).toEqual(['single', 'married']);
    expect(maritalChoices('enforcer')).toEqual(['single', 'married', 'divorced']);
  });

  it('says All field are required when a required field of the step is empty', () => {
    expect(checkRequired(motoristForm.steps.slice(0, 1), motorist({ dob: '' }))).toBe(MESSAGES.allFieldRequired);
    expect(checkRequired(motoristForm.steps.slice(0, 1), motorist({ fullName: '   ' }))).toBe(MESSAGES.allFieldRequired);
    expect(checkRequired(motoristForm.steps.slice(0, 1), motorist())).toBeNull();
    // TIN, gender, images and selfie are optional.
    expect(checkForm(motoristForm, motorist({ serialID: '', gender: '' })).ok).toBe(true);
  });

  it('sends a motorist as multipart: text lower-cased, phone and password as typed, images as files', () => {
    const selfie = new File([new Uint8Array([1])], 'captured-image.png', { type: 'image/png' });
    const checked = checkForm(motoristForm, motorist({ front: png(), portraitSelfie: selfie }));
    if (!checked.ok) throw new Error(checked.message);
    const body = checked.body as FormData;
    expect(body.get('fullName')).toBe('musa bello');
    expect(body.get('email')).toBe('musa@example.com');
    expect(body.get('password')).toBe('Secret-Pass-1');
    expect(body.get('phone')).toBe('+234 801 234 5678');
    expect(body.get('plateNumber')).toBe('lag 123 xy');
    expect(body.get('subscription')).toBe('3 months');
    expect(body.has('serialID')).toBe(false);
    expect((body.get('front') as File).name).toBe('front.png');
    expect((body.get('portraitSelfie') as File).name).toBe('captured-image.png');
    expect(body.has('back')).toBe(false);
  });

  it("sends the motorist's text language when chosen, and none (English) when left unset", () => {
    const chosen = checkForm(motoristForm, motorist({ textLanguage: 'ha' }));
    if (!chosen.ok) throw new Error(chosen.message);
    expect((chosen.body as FormData).get('textLanguage')).toBe('ha');
    const unset = checkForm(motoristForm, motorist());
    if (!unset.ok) throw new Error(unset.message);
    expect((unset.body as FormData).has('textLanguage')).toBe(false);
    expect(checkForm(motoristForm, motorist({ textLanguage: 'fr' }))).toMatchObject({ ok: false, message: 'textLanguage must be one of en, pcm, ha, yo, ig' });
  });

  it('names the field the server would refuse', () => {
    const checked = checkForm(motoristForm, motorist({ email: 'not-an-email' }));
    expect(checked).toMatchObject({ ok: false, message: 'email must be a valid email address', problems: { email: 'Email must be a valid email address' } });
  });

  it('sends the agent role with an agent form', () => {
    const values = {
      ...emptyValues(agentForm('enforcer')),
      fullName: 'Efe',
      email: 'efe@example.com',
      password: 'Secret-Pass-1',
      phone: '08012345678',
      address: 'Yaba',
      route: 'Yaba',
      guarantorsName: 'Ngozi',
      guarantorsPhone: '08087654321',
      guarantorsAddress: 'Surulere',
    };
    const checked = checkForm(agentForm('enforcer'), values);
    if (!checked.ok) throw new Error(checked.message);
    expect((checked.body as FormData).get('role')).toBe('enforcer');
    expect(checkForm(agentForm('enforcer'), { ...values, guarantorsPhone: '' })).toMatchObject({
      ok: false,
      message: MESSAGES.allFieldRequired,
      problems: { guarantorsPhone: 'Required' },
    });
  });

  it('sends a union user as JSON', () => {
    const checked = checkForm(unionUserForm, {
      ...emptyValues(unionUserForm),
      fullName: 'Keke Union',
      email: 'keke@example.com',
      password: 'Secret-Pass-1',
      phone: '08012345678',
      role: 'keke',
      unionName: 'Keke Riders',
    });
    expect(checked).toEqual({
      ok: true,
      body: { fullName: 'keke union', email: 'keke@example.com', password: 'Secret-Pass-1', phone: '08012345678', role: 'keke', unionName: 'keke riders' },
    });
  });

  it('needs only email, password, name and phone for an admin', () => {
    const checked = checkForm(adminForm, {
      ...emptyValues(adminForm),
      fullName: 'Ada',
      email: 'ada@example.com',
      password: 'Secret-Pass-1',
      phone: '08012345678',
    });
    expect(checked.ok).toBe(true);
    expect(checkForm(adminForm, { ...emptyValues(adminForm), fullName: 'Ada', email: 'ada@example.com', password: 'Secret-Pass-1' })).toEqual({
      ok: false,
      message: MESSAGES.allFieldRequired,
      problems: { phone: 'Required' },
    });
  });
});

describe('field problems', () => {
  it('marks each empty required field, and each field the contract refuses, in the form’s own words', () => {
    const empty = checkForm(motoristForm, motorist({ fullName: '', route: '' }));
    expect(empty).toMatchObject({ ok: false, message: MESSAGES.allFieldRequired, problems: { fullName: 'Required', route: 'Required' } });
    const wrong = checkForm(motoristForm, motorist({ email: 'nope', password: 'short' }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) {
      expect(wrong.problems.email).toBe('Email must be a valid email address');
      expect(wrong.problems.password).toBe('Password must be at least 12 characters');
    }
  });
});
