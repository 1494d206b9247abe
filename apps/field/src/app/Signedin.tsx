import { lazy, Suspense, useEffect, useState } from 'react';
import type { TokenUser } from '@eticket/contracts';
import { loadLinks } from '../lib/links.ts';
import { hasPin } from '../lib/pin.ts';
import { loadAgent, type AgentCard } from '../lib/profile.ts';
import { endSession, expireSession, lockOffline, readSession, type FieldSession } from '../lib/session.ts';
import { PinSetup } from '../features/auth/OfflinePin.tsx';
import { unsentNote, useQueueCounts, type QueueCounts, startAutoSync, syncNow } from '../lib/outbox/index.ts';
import { ScanScreen } from '../features/scan/ScanScreen.tsx';
import { CollectScreen } from '../features/collect/CollectScreen.tsx';
import { dateTime, t } from '../lib/i18n.ts';
import { LanguagePicker } from '../components/LanguagePicker.tsx';
import { useOnline } from '../lib/useOnline.ts';

const RegisterScreen = lazy(() => import('../features/register/RegisterScreen.tsx'));
// The Queue and My day (with a remitter's till card) are not needed to sign in or capture: out of the
// first load (bench:field's budget), precached by the service worker for offline use.
const QueueScreen = lazy(() => import('../features/queue/QueueScreen.tsx').then((module) => ({ default: module.QueueScreen })));
const MyDayScreen = lazy(() => import('../features/day/MyDayScreen.tsx').then((module) => ({ default: module.MyDayScreen })));

type Tab = 'work' | 'queue' | 'day';

/** How long before the session's end the agent is told to sign in again while they have network. */
const WARN_BEFORE_MS = 30 * 60_000;

export function Signedin({ user }: { user: TokenUser }) {
  const session = readSession();
  const role = user.agentRole ?? user.role;
  const [tab, setTab] = useState<Tab>('work');
  const [agent, setAgent] = useState<AgentCard | null>(null);
  const [settingPin, setSettingPin] = useState(false);
  const online = useOnline();
  const counts = useQueueCounts();

  useEffect(() => startAutoSync(), []);
  useEffect(() => {
    void loadAgent().then(setAgent);
    void loadLinks(); // kept for receipts, which may be made offline
  }, []);
  // Signed in again (after an expiry or offline work on the PIN): what waited is sent now.
  useEffect(() => {
    if (session?.token) void syncNow();
  }, [session?.token]);
  const warning = useSessionClock(session);

  const workLabel = role === 'enforcer' ? t('tab.scan') : role === 'remitter' ? t('tab.collect') : t('tab.register');
  // A registrar has no day of scans or money; their registrations wait in the queue like the others' captures.
  const tabs: [Tab, string][] =
    role === 'registrar'
      ? [
          ['work', workLabel],
          ['queue', t('tab.queue')],
        ]
      : [
          ['work', workLabel],
          ['queue', t('tab.queue')],
          ['day', t('tab.day')],
        ];

  return (
    <div className="app">
      <header className="bar">
        <div>
          <strong translate={agent ? 'no' : undefined}>{agent?.fullName ?? t('bar.agent')}</strong>
          <small>
            {t(`role.${role}`)} {agent && <span translate="no">· {agent.userCode}</span>}
          </small>
        </div>
        <span className={online ? 'net on' : 'net off'} role="status">
          {online ? t('bar.online') : t('bar.offline')}
        </span>
        {session && (
          <button className="link" onClick={() => setSettingPin(true)}>
            {t('bar.pin')}
          </button>
        )}
        <LanguagePicker compact />
        <button className="link" onClick={() => signOut(counts)}>
          {t('bar.signOut')}
        </button>
      </header>
      <main>
        {!session && (
          <div className="notice">
            {counts.pending ? t('bar.offlineWaiting', { count: counts.pending }) : t('bar.offlineAll')}
            <br />
            <button onClick={lockOffline}>{t('signin.submit')}</button>
          </div>
        )}
        {session && warning && (
          <div className="notice">
            {t('bar.sessionEnds', { at: dateTime(session.expiresAt) })}
            {!hasPin(user.id) && ` ${t('bar.orPin')}`}
            <br />
            <button onClick={() => expireSession()}>{t('bar.signInAgain')}</button>
            {!hasPin(user.id) && <button onClick={() => setSettingPin(true)}>{t('bar.setPin')}</button>}
          </div>
        )}
        {session && settingPin && <PinSetup agentId={user.id} onDone={() => setSettingPin(false)} />}
        {tab === 'work' && role === 'enforcer' && <ScanScreen />}
        {tab === 'work' && role === 'remitter' && <CollectScreen agent={agent} />}
        {tab === 'work' && role === 'registrar' && (
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <RegisterScreen />
          </Suspense>
        )}
        {tab === 'queue' && (
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <QueueScreen />
          </Suspense>
        )}
        {tab === 'day' && (
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <MyDayScreen role={role} />
          </Suspense>
        )}
      </main>
      {tabs.length > 1 && (
        <nav className="tabs">
          {tabs.map(([id, label]) => (
            <button key={id} className={tab === id ? 'active' : ''} onClick={() => setTab(id)} aria-current={tab === id ? 'page' : undefined}>
              {label}
              {id === 'queue' && counts.pending + counts.refused > 0 && (
                <span className={counts.refused ? 'badge bad' : 'badge'}>{counts.pending + counts.refused}</span>
              )}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}

/** Whether the session is near its end (to warn the agent); at its end the work is held for them. */
function useSessionClock(session: FieldSession | null): boolean {
  const expiresAt = session?.expiresAt;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!expiresAt) return;
    const warn = setTimeout(() => setNow(Date.now()), Math.max(0, expiresAt - WARN_BEFORE_MS - Date.now()));
    const end = setTimeout(expireSession, Math.max(0, expiresAt - Date.now()));
    return () => (clearTimeout(warn), clearTimeout(end));
  }, [expiresAt]);
  return expiresAt !== undefined && expiresAt - Math.max(now, Date.now()) < WARN_BEFORE_MS;
}

/** Signing out says how much is left unsent, and asks. */
function signOut(counts: QueueCounts): void {
  const unsent = unsentNote(counts);
  if (confirm(unsent ? `${unsent}\n\n${t('bar.signOutAnyway')}` : t('bar.signOutConfirm'))) endSession();
}
