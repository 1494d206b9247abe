import { lazy, Suspense, useState } from 'react';
import { dateTime, fromServer, t } from '../../lib/i18n.ts';
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
      <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
        <CloseTill again={!!said?.rejected} onDone={() => setClosing(false)} />
      </Suspense>
    );
  }
  const paused = cashPausedOf(kept);
  const mayClose = !onPhone && !said?.pendingClose && (!!till || !!said?.rejected);
  return (
    <section className="till-card" aria-label={t('till.title')}>
      <h3>{t('till.title')}</h3>
      {!kept && <p className="muted">{state.error ? fromServer(state.error) : t('till.loading')}</p>}
      {said && !till && !said.rejected && <p className="muted">{t('till.none')}</p>}
      {till && (
        <dl>
          <div>
            <dt>{t('till.openSince')}</dt>
            <dd>{dateTime(till.openedAt)}</dd>
          </div>
          <div>
            <dt>{t('day.cashCollections')}</dt>
            <dd>{till.collections}</dd>
          </div>
          <div>
            <dt>{t('till.late')}</dt>
            <dd>{till.lateCollections}</dd>
          </div>
          <div>
            <dt>{t('till.last')}</dt>
            <dd>{till.lastCollectionAt ? dateTime(till.lastCollectionAt) : '—'}</dd>
          </div>
        </dl>
      )}
      {onPhone && (
        <p className={onPhone.state === 'refused' ? 'error' : 'notice'} data-testid="till-close-state">
          {onPhone.state === 'refused' ? t('till.closeRefused') : t('till.closeKept')}
        </p>
      )}
      {said?.pendingClose && (
        <p className="notice" data-testid="till-close-state">
          {t('till.closeSent', { at: dateTime(said.pendingClose.submittedAt) })}
        </p>
      )}
      {said?.rejected && (
        <div className="notice rejected" data-testid="till-rejected">
          {t('till.rejected', { by: said.rejected.decidedBy, at: dateTime(said.rejected.decidedAt), reason: said.rejected.reason })}
        </div>
      )}
      {paused && <p className="notice paused">{fromServer(paused.message)}</p>}
      {kept && !state.fresh && <small className="muted">{t('till.offline', { at: dateTime(kept.asOf) })}</small>}
      {mayClose && (
        <button className="primary" onClick={() => setClosing(true)}>
          {said?.rejected ? t('till.closeAgain') : t('till.close')}
        </button>
      )}
    </section>
  );
}
