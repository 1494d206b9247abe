import { lazy, Suspense, useState } from 'react';
import { dateTime } from '../../lib/i18n.ts';
import { type QueueItem, useQueue } from '../../lib/outbox/index.ts';
import { cashPausedOf } from './cashPaused.ts';
import type { TillState } from './till.ts';

// The close form checks with the contract's schema (zod): loaded when opened, outside the app's first load
// (the service worker precaches it, so it opens offline too).
const CloseTill = lazy(() => import('./CloseTill.tsx'));

/** The remitter's close still on the phone (not yet answered by the server), if any. */
function unsentClose(items: QueueItem[] | null): QueueItem | undefined {
  return items?.find((item) => item.kind === 'till-close' && item.state !== 'done');
}

/**
 * The remitter's till (My day): since when it is open, how many cash collections (no amount: the
 * count is blind), how many arrived late, the close waiting for approval or the reason a close was
 * rejected, and Close till.
 */
export function TillCard({ state }: { state: TillState }) {
  const [closing, setClosing] = useState(false);
  const onPhone = unsentClose(useQueue());
  const { kept } = state;

  // What the server said (or the phone kept): the till itself is `said.till`.
  const said = kept?.till;
  const till = said?.till;
  if (closing) {
    return (
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <CloseTill again={!!said?.rejected} onDone={() => setClosing(false)} />
      </Suspense>
    );
  }
  const paused = cashPausedOf(kept);
  const mayClose = !onPhone && !said?.pendingClose && (!!till || !!said?.rejected);
  return (
    <section className="till-card" aria-label="Till">
      <h3>Till</h3>
      {!kept && <p className="muted">{state.error ?? 'Loading the till…'}</p>}
      {said && !till && !said.rejected && <p className="muted">No open till: your next cash collection opens one.</p>}
      {till && (
        <dl>
          <div>
            <dt>Open since</dt>
            <dd>{dateTime(till.openedAt)}</dd>
          </div>
          <div>
            <dt>Cash collections</dt>
            <dd>{till.collections}</dd>
          </div>
          <div>
            <dt>Late collections</dt>
            <dd>{till.lateCollections}</dd>
          </div>
          <div>
            <dt>Last collection</dt>
            <dd>{till.lastCollectionAt ? dateTime(till.lastCollectionAt) : '—'}</dd>
          </div>
        </dl>
      )}
      {onPhone && (
        <p className={onPhone.state === 'refused' ? 'error' : 'notice'} data-testid="till-close-state">
          {onPhone.state === 'refused'
            ? 'Your till close was refused: see the Queue.'
            : 'Your till close is on this phone: it is sent when the network returns.'}
        </p>
      )}
      {said?.pendingClose && (
        <p className="notice" data-testid="till-close-state">
          Close sent {dateTime(said.pendingClose.submittedAt)}: waiting for approval.
        </p>
      )}
      {said?.rejected && (
        <div className="notice rejected" data-testid="till-rejected">
          Your close was rejected by {said.rejected.decidedBy} on {dateTime(said.rejected.decidedAt)}: “{said.rejected.reason}”. Count the cash again and close
          again.
        </div>
      )}
      {paused && <p className="notice paused">{paused.message}</p>}
      {kept && !state.fresh && <small className="muted">Offline: as the server said at {dateTime(kept.asOf)}.</small>}
      {mayClose && (
        <button className="primary" onClick={() => setClosing(true)}>
          {said?.rejected ? 'Close again' : 'Close till'}
        </button>
      )}
    </section>
  );
}
