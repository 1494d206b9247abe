/**
 * A signal that aborts when the caller's does or when `ms` have passed (0: never), and says which.
 * Made by hand rather than with AbortSignal.any, which older phones' browsers lack.
 */
export function deadline(ms: number, callerSignal?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    ms > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException('The call took too long', 'TimeoutError'));
        }, ms)
      : undefined;
  const follow = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) follow();
  else callerSignal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', follow);
    },
  };
}
