import {
  paidForText,
  printedDate as dateOnly,
  printedDateTime as dateTime,
  printedName as nameOf,
  printedNaira as naira,
  printedPlate as plateOf,
  type PublicAgent,
  type PublicReceipt,
  type PublicVehicle,
  type PublicVehicleStatus,
} from '@eticket/contracts';

/**
 * The public check pages as small server-written HTML: no script, no console code, one inline style
 * sheet, readable on a cheap phone over a poor network (issue 23: at most 30 KB each).
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

// High contrast (white on dark green/amber/red, WCAG AA or better), large type, one column.
const STYLE = `*{box-sizing:border-box}body{margin:0;font:18px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff}
main{max-width:32rem;margin:0 auto;padding:1rem}h1{font-size:1.3rem;margin:0 0 .75rem}
.verdict{border-radius:.5rem;padding:1rem;margin:0 0 1rem;color:#fff;font-size:1.6rem;font-weight:700;line-height:1.25}
.good{background:#0b6b2b}.warn{background:#8a4b00}.bad{background:#a4161a}.idle{background:#333}
dl{margin:0}dt{font-size:.85rem;color:#444;text-transform:uppercase;letter-spacing:.04em;margin-top:.75rem}dd{margin:0;font-size:1.2rem;font-weight:600}
img{display:block;width:10rem;height:10rem;object-fit:cover;border-radius:.5rem;border:2px solid #111;margin:0 0 1rem}
footer{margin-top:1.5rem;font-size:.85rem;color:#444}.levy{margin:0 0 .25rem;font-size:.9rem;font-weight:600;color:#333}`;

export interface Page {
  status: number;
  html: string;
}

/** The levy's name (LEVY_NAME) above a page's heading, so a phone shows whose check this is. */
const levyLine = (levy: string) => `<p class="levy">${escape(levy)}</p>`;

function page(title: string, body: string, now: Date, status = 200): Page {
  const footer = `<footer>Checked ${escape(dateTime(now.toISOString()))}, Lagos time</footer>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}${footer}</main></body></html>`;
  return { status, html };
}

type Tone = 'good' | 'warn' | 'bad' | 'idle';
const verdict = (tone: Tone, text: string) => `<p class="verdict ${tone}" role="status">${escape(text)}</p>`;
const fields = (rows: Array<[string, string]>) => `<dl>${rows.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const VEHICLE_VERDICT: Record<PublicVehicleStatus, (date: string) => [Tone, string]> = {
  paid: (date) => ['good', `Paid until ${date}`],
  grace: (date) => ['warn', `In grace until ${date}`],
  expired: (date) => ['bad', `Expired since ${date}`],
  paused: () => ['idle', 'Paused'],
};

/** `extra`: more of the page below the check, already HTML (online payments' Pay part). */
export function vehiclePage(vehicle: PublicVehicle, now: Date, extra = ''): Page {
  const [tone, text] = VEHICLE_VERDICT[vehicle.status](vehicle.statusDate ? dateOnly(vehicle.statusDate) : '');
  return page(
    `${plateOf(vehicle.plateNumber)}: ${text}`,
    `<h1>${escape(vehicle.levy)}</h1>${verdict(tone, text)}${fields([
      ['Plate number', plateOf(vehicle.plateNumber)],
      ['Vehicle type', capitalised(vehicle.vehicleType)],
      ['Owner', vehicle.owner],
      ['Penalty', vehicle.penaltyOutstanding ? 'Outstanding' : 'None outstanding'],
      ['Unique ID', vehicle.userCode],
    ])}${extra}`,
    now,
  );
}

export function receiptPage(receipt: PublicReceipt, levy: string, now: Date): Page {
  return page(
    `Receipt ${receipt.receiptNo}: genuine`,
    `${levyLine(levy)}<h1>Receipt ${escape(receipt.receiptNo)}</h1>${verdict('good', 'Genuine receipt')}${fields([
      ['Amount', naira(receipt.amount)],
      ['Paid for', paidForText(receipt.kind, receipt.planName, receipt.vehicleType)],
      ['Plate number', receipt.plateNumber ? plateOf(receipt.plateNumber) : '—'],
      ['Date and time', dateTime(receipt.paidAt)],
      ['Collected by', `${nameOf(receipt.agent.fullName)} (${receipt.agent.userCode})`],
    ])}`,
    now,
  );
}

const AGENT_VERDICT = {
  active: ['good', 'Approved and active today'],
  pending: ['warn', 'Not approved yet'],
  suspended: ['bad', 'Suspended: do not pay'],
} as const;

export function agentPage(agent: PublicAgent, levy: string, now: Date): Page {
  const [tone, text] = AGENT_VERDICT[agent.status];
  const name = nameOf(agent.fullName);
  const photo = agent.photoUrl ? `<img src="${escape(agent.photoUrl)}" alt="Photo of ${escape(name)}">` : '';
  return page(
    `${name}: ${text}`,
    `${levyLine(levy)}<h1>${escape(name)}</h1>${photo}${verdict(tone, text)}${fields([
      ['Role', capitalised(agent.role)],
      ['Unique ID', agent.userCode],
    ])}`,
    now,
  );
}

const NOT_FOUND = {
  vehicle: ['Vehicle not found', 'No vehicle has this code: the sticker may be fake.'],
  receipt: ['Receipt not found', 'No receipt has this number: it is not genuine, or was mistyped.'],
  agent: ['Not a registered agent', 'Nobody with this code may collect the levy.'],
} as const;

export function notFoundPage(kind: keyof typeof NOT_FOUND, levy: string, now: Date): Page {
  const [title, detail] = NOT_FOUND[kind];
  return page(title, `${levyLine(levy)}<h1>${escape(title)}</h1>${verdict('bad', title)}<p>${escape(detail)}</p>`, now, 404);
}

/**
 * The same short page whenever (no time, no style sheet: under 1 KB, so not compressed either):
 * made once, it is the whole cost of a refusal.
 */
export function tooManyPage(levy: string): Page {
  const text = 'Too many checks from this address: try again in a minute.';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Too many checks</title></head><body><main>${levyLine(levy)}<h1>Too many checks</h1><p role="status">${escape(text)}</p></main></body></html>`;
  return { status: 429, html };
}
