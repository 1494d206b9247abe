import { endpoint } from '../endpoint.ts';

// Anyone with a phone camera checks a sticker, a receipt or a collector (issue 23): no account, each
// call limited per address (429 beyond), the same 404 for an unknown and a malformed code.
const tags = ['public'];

export const vehicle = endpoint({
  method: 'GET',
  path: '/api/public/vehicles/:code',
  permission: { public: true },
  tags,
  description:
    "A motorist's vehicle by Unique ID: the levy, vehicle type, plate, the owner's first name and initial, the ticket's status and whether a penalty is owed.",
  params: 'publicCodeParam',
  response: { 200: 'publicVehicleReply', 404: 'messageResponse', 429: 'messageResponse' },
});

export const receipt = endpoint({
  method: 'GET',
  path: '/api/public/receipts/:no',
  permission: { public: true },
  tags,
  description: 'A receipt by number (any case, spacing and hyphens): amount, what it paid for, the plate, when, and the collecting agent.',
  params: 'publicReceiptParam',
  response: { 200: 'publicReceiptReply', 404: 'messageResponse', 429: 'messageResponse' },
});

export const agent = endpoint({
  method: 'GET',
  path: '/api/public/agents/:code',
  permission: { public: true },
  tags,
  description: 'A field agent by Unique ID: name, role, photo (a short-lived link) and whether approved or suspended; anyone else is not found.',
  params: 'publicCodeParam',
  response: { 200: 'publicAgentReply', 404: 'messageResponse', 429: 'messageResponse' },
});

export const links = endpoint({
  method: 'GET',
  path: '/api/public/links',
  permission: { public: true },
  tags,
  description:
    "Where the public pages are (PUBLIC_URL; null when unset: the caller's own origin): the console's QR codes link there; and the levy's name (LEVY_NAME) its receipts and ID cards print.",
  response: { 200: 'publicLinksReply' },
});
