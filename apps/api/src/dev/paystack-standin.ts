/**
 * `npm run paystack:standin`: the Paystack stand-in on its own, for trying online payments locally.
 * Start the API with PAYSTACK_SECRET_KEY=sk_test_standin0000000000 and PAYSTACK_BASE_URL=http://127.0.0.1:4110
 * (docs/online-payments.md). Refuses to start with NODE_ENV=production.
 */
import { startPaystackStandin } from '../modules/online-payments/provider/standin.ts';

if (process.env.NODE_ENV === 'production') {
  console.error('The Paystack stand-in never runs in production (NODE_ENV=production).');
  process.exit(1);
}
const secretKey = process.env.PAYSTACK_SECRET_KEY ?? 'sk_test_standin0000000000';
const port = Number(process.env.PAYSTACK_STANDIN_PORT ?? 4110);
const webhookUrl = process.env.PAYSTACK_STANDIN_WEBHOOK ?? 'http://127.0.0.1:3000/webhooks/paystack';
const standin = await startPaystackStandin({ secretKey, port, webhookUrl });
console.log(`Paystack stand-in on ${standin.url} (key ${secretKey}); webhooks to ${webhookUrl}`);
const stop = () => void standin.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
