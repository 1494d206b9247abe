import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { loadLinks } from '../lib/links.ts';
import { loadAgent, type AgentCard } from '../lib/profile.ts';
import { endSession, readSession, sessionSnapshot, subscribeSession } from '../lib/session.ts';
import { SignIn } from '../features/auth/SignIn.tsx';
import { MyDayScreen } from '../features/day/MyDayScreen.tsx';
import { QueueScreen } from '../features/queue/QueueScreen.tsx';
import { useQueueCounts } from '../features/queue/useQueue.ts';
import { startAutoSync } from '../features/queue/queue.ts';
import { ScanScreen } from '../features/scan/ScanScreen.tsx';
import { CollectScreen } from '../features/collect/CollectScreen.tsx';
import { useOnline } from '../lib/useOnline.ts';

const RegisterScreen = lazy(() => import('../features/register/RegisterScreen.tsx'));

type Tab = 'work' | 'queue' | 'day';

export function App() {
  useSyncExternalStore(subscribeSession, sessionSnapshot);
  const session = readSession();
  if (!session) return <SignIn />;
  return <Signedin key={session.user.id} />;
}

function Signedin() {
  const session = readSession()!;
  const role = session.user.agentRole ?? session.user.role;
  const [tab, setTab] = useState<Tab>('work');
  const [agent, setAgent] = useState<AgentCard | null>(null);
  const online = useOnline();
  const counts = useQueueCounts();

  useEffect(() => startAutoSync(), []);
  useEffect(() => {
    void loadAgent().then(setAgent);
    void loadLinks(); // kept for receipts, which may be made offline
  }, []);
  // The session's end (expiry) signs the agent out even when no call is made.
  useEffect(() => {
    const timer = setTimeout(() => endSession('Session is Expired, Please login'), Math.max(0, session.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [session.expiresAt]);

  const workLabel = role === 'enforcer' ? 'Scan' : role === 'remitter' ? 'Collect' : 'Register';
  // A registrar has no day of scans or money; their registrations wait in the queue like the others' captures.
  const tabs: [Tab, string][] =
    role === 'registrar'
      ? [
          ['work', workLabel],
          ['queue', 'Queue'],
        ]
      : [
          ['work', workLabel],
          ['queue', 'Queue'],
          ['day', 'My day'],
        ];

  return (
    <div className="app">
      <header className="bar">
        <div>
          <strong>{agent?.fullName ?? 'Field agent'}</strong>
          <small>
            {role} {agent ? `· ${agent.userCode}` : ''}
          </small>
        </div>
        <span className={online ? 'net on' : 'net off'} role="status">
          {online ? 'Online' : 'Offline'}
        </span>
        <button className="link" onClick={() => confirm('Sign out of the field app?') && endSession()}>
          Sign out
        </button>
      </header>
      <main>
        {tab === 'work' && role === 'enforcer' && <ScanScreen />}
        {tab === 'work' && role === 'remitter' && <CollectScreen agent={agent} />}
        {tab === 'work' && role === 'registrar' && (
          <Suspense fallback={<p className="muted">Loading…</p>}>
            <RegisterScreen />
          </Suspense>
        )}
        {tab === 'queue' && <QueueScreen />}
        {tab === 'day' && <MyDayScreen role={role} />}
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
