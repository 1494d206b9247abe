import type { NoticeSettings } from './routes.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111;background:#fff}
main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.4rem;margin:0 0 .75rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
ul{padding-left:1.2rem}li{margin:.25rem 0}.levy{margin:0 0 .25rem;font-size:.9rem;font-weight:600;color:#333}
.contact{border:2px solid #0b6b2b;border-radius:.5rem;padding:.75rem 1rem;font-weight:600}`;

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`;

/** The public privacy notice (/privacy): what is held, why, how long, the rights, whom to ask. No script. */
export function privacyPage(settings: NoticeSettings): string {
  const body = `<p class="levy">${escape(settings.levyName)}</p><h1>How we use your personal data</h1>
<p>We register transport operators and collect the levy they pay. The Nigeria Data Protection Act 2023 gives you rights over the data we hold about you.</p>
<h2>What we hold</h2>${list([
    'Your name, phone number, email, address, date of birth and gender.',
    'Your ID card (its type, number and pictures) and your portrait photo.',
    'Your vehicle: plate number, type and model, and the route you work.',
    'Your levy subscription and every payment, with its receipt.',
    'Each check of your vehicle by an enforcer, with where it happened.',
    'The text messages we send you (receipts, reminders).',
    'For staff and agents: a guarantor’s name, phone, address and ID.',
  ])}
<h2>Why</h2>${list([
    'To register you and collect the levy the law requires (legal obligation and public task).',
    'To show enforcers and the public whether your vehicle has paid (the sticker check).',
    'To send you receipts and reminders, and to settle disputes about payments and penalties.',
    'To keep the accounts that tax and audit law require.',
  ])}
<h2>How long</h2>${list([
    `When your registration is deleted, your personal details, ID pictures and portrait are erased ${settings.deletedPersonDays} days later.`,
    'Payments, receipts, penalties and vehicle checks are kept as financial records the law requires, with your name removed.',
    `The place of each vehicle check is kept to the nearest kilometre after ${settings.scanLocationDays} days.`,
    'Backups are kept at most 30 days.',
  ])}
<h2>Your rights</h2>${list([
    'To get a copy of everything we hold about you.',
    'To have wrong details corrected.',
    'To have your data erased where the law allows (financial records are kept, without your name).',
    'To object, and to complain to the Nigeria Data Protection Commission (ndpc.gov.ng).',
    'Every look at your personal data by our staff is recorded, and you can ask who looked.',
  ])}
<h2>Whom to ask</h2><p class="contact">${escape(settings.dpoContact)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Privacy: ${escape(settings.levyName)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
