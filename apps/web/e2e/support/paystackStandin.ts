import { type PaystackStandin, type StandinOptions, startPaystackStandin } from '../../../api/src/modules/online-payments/provider/standin.ts';

/**
 * The Paystack stand-in on the port the e2e server is pointed at (seed.mjs: 4150). Two spec files
 * use it and the run has two workers: while the other file holds the port, this one waits for it.
 */
export async function startStandinWhenFree(options: StandinOptions, waitMs = 120_000): Promise<PaystackStandin> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await startPaystackStandin(options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
