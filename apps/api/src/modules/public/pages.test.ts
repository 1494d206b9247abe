import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledClock, createPerson, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createMotorist, newKey, session } from '../../../test/tickets.ts';

const clock = controlledClock('2026-05-01T09:00:00Z');
let ctx: TestContext;
let receiptNo: string;
let motorist: Awaited<ReturnType<typeof createMotorist>>;
let agentCode: string;
let addresses = 0;

const MAX_PAGE_BYTES = 30 * 1024;
const open = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: `203.0.113.${(addresses += 1)}` });

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const admin = await session(ctx, { role: 'admin' });
  const remitter = await session(ctx, { role: 'remitter', fullName: 'Chinedu <b>Obi</b>' });
  agentCode = remitter.person.userCode;
  const plan = await ctx.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: await admin.headers(),
    payload: { name: 'monthly', vehicleType: 'bus', price: 12000 },
  });
  motorist = await createMotorist(ctx, 'bus', { fullName: 'Adaeze Ngozi Okafor' });
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/field/subscription-payment',
    headers: await remitter.headers({ 'idempotency-key': newKey() }),
    payload: { userCode: motorist.userCode, subscriptionId: plan.json().data.id, modeOfPayment: 'cash' },
  });
  receiptNo = paid.json().data.payment.receiptNo;
});
afterAll(async () => ctx.close());

/** What every public page must be: small HTML, no script, the app's security headers, never cached. */
function expectSmallStaticPage(reply: Awaited<ReturnType<typeof open>>) {
  expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(Buffer.byteLength(reply.body)).toBeLessThan(MAX_PAGE_BYTES);
  expect(reply.body).not.toMatch(/<script|javascript:|\son\w+=/i);
  expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['cache-control']).toBe('no-store');
}

describe('the public pages', () => {
  it('/v/{userCode} shows the plate, type, owner and status in words, and no personal data', async () => {
    const reply = await open(`/v/${motorist.userCode}`);
    expect(reply.statusCode).toBe(200);
    expectSmallStaticPage(reply);
    for (const text of [
      'E-Ticketing transport levy',
      motorist.plateNumber,
      'Bus',
      'Adaeze O.',
      'Paid until 1 Jun 2026',
      'class="verdict good"',
      'None outstanding',
    ]) {
      expect(reply.body).toContain(text);
    }
    for (const secret of ['Okafor', motorist.email, motorist.phone, motorist.id]) expect(reply.body).not.toContain(secret);
  });

  it('/r/{receiptNo} reads genuine with amount, plan, plate, time and agent; a made-up number reads not found', async () => {
    const reply = await open(`/r/${receiptNo.toLowerCase()}`);
    expect(reply.statusCode).toBe(200);
    expectSmallStaticPage(reply);
    for (const text of ['Genuine receipt', receiptNo, '₦12,000.00', 'Monthly ticket (Bus)', motorist.plateNumber, '1 May 2026', agentCode])
      expect(reply.body).toContain(text);
    // Names are escaped, never markup.
    expect(reply.body).toContain('Chinedu &lt;b&gt;Obi&lt;/b&gt;');

    const fake = await open('/r/S7KQ-2M9X-D4HP');
    expect(fake.statusCode).toBe(404);
    expectSmallStaticPage(fake);
    expect(fake.body).toContain('Receipt not found');
  });

  it('/a/{userCode} reads the agent active or suspended in large type; anyone else is not a registered agent', async () => {
    const active = await open(`/a/${agentCode}`);
    expect(active.statusCode).toBe(200);
    expectSmallStaticPage(active);
    expect(active.body).toContain('Approved and active today');
    expect(active.body).toContain('Remitter');

    const suspended = await createPerson(ctx, { role: 'enforcer', fullName: 'musa bello', registrationStatus: 'suspended' });
    const page = await open(`/a/${suspended.userCode}`);
    expect(page.body).toContain('class="verdict bad" role="status">Suspended: do not pay');
    // Stored lower-cased by registration, shown as on a card.
    expect(page.body).toContain('<h1 translate="no">Musa Bello</h1>');

    for (const code of [motorist.userCode, 'nobody1234', '<script>']) {
      const other = await open(`/a/${encodeURIComponent(code)}`);
      expect(other.statusCode).toBe(404);
      expectSmallStaticPage(other);
      expect(other.body).toContain('Not a registered agent');
    }
  });

  it('an unknown vehicle reads not found, the same as a malformed code', async () => {
    const unknown = await open('/v/zzzzzzzzzz');
    const malformed = await open('/v/%E2%82%A6%20x');
    expect([unknown.statusCode, malformed.statusCode]).toEqual([404, 404]);
    // Alike but for the Report a problem link, which carries the code as typed (it tells nothing more).
    const withoutLink = (body: string) => body.replace(/<p class="report">.*?<\/p>/, '');
    expect(unknown.body).toContain('/v/zzzzzzzzzz/report');
    expect(withoutLink(unknown.body)).toBe(withoutLink(malformed.body));
    expect(unknown.body).toContain('Vehicle not found');
  });
});

describe('LEVY_NAME', () => {
  it('heads every public page, and is what /api/public/links names for the prints', async () => {
    const named = await createTestContext({ clock, levyName: 'Lagos State <Motor> Levy' });
    try {
      const remitter = await session(named, { role: 'remitter' });
      const admin = await session(named, { role: 'admin' });
      const plan = await named.app.inject({
        method: 'POST',
        url: '/api/subscription',
        headers: await admin.headers(),
        payload: { name: 'weekly', vehicleType: 'keke', price: 900 },
      });
      const owner = await createMotorist(named, 'keke');
      const paid = await named.app.inject({
        method: 'POST',
        url: '/api/field/subscription-payment',
        headers: await remitter.headers({ 'idempotency-key': newKey() }),
        payload: { userCode: owner.userCode, subscriptionId: plan.json().data.id, modeOfPayment: 'cash' },
      });
      const pages = [
        `/v/${owner.userCode}`,
        `/r/${paid.json().data.payment.receiptNo}`,
        `/a/${remitter.person.userCode}`,
        '/r/S7KQ-2M9X-D4HP',
        '/a/nobody1234',
      ];
      for (const url of pages) {
        const reply = await named.app.inject({ method: 'GET', url, remoteAddress: `203.0.113.${(addresses += 1)}` });
        expect({ url, named: reply.body.includes('Lagos State &lt;Motor&gt; Levy') }).toEqual({ url, named: true });
        expect(reply.body).not.toContain('E-Ticketing transport levy');
      }
      const links = await named.app.inject({ method: 'GET', url: '/api/public/links' });
      expect(links.json().data.levyName).toBe('Lagos State <Motor> Levy');
    } finally {
      await named.close();
    }
  });
});
