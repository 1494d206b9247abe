import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { heldSession, sessionSnapshot, subscribeSession, workingAgent } from '../lib/session.ts';
import { SignIn } from '../features/auth/SignIn.tsx';
import { useLanguage } from '../lib/i18n.ts';

// Everything after sign-in (the work screens, the queue and its IndexedDB) is out of the first load
// (bench:field's 120 KB budget): the sign-in shows first; the service worker precaches the rest.
const Signedin = lazy(() => import('./Signedin.tsx').then((module) => ({ default: module.Signedin })));

export function App() {
  useSyncExternalStore(subscribeSession, sessionSnapshot);
  // Every screen redraws in the new language when the agent picks one.
  useLanguage();
  const agent = workingAgent();
  const held = heldSession();
  // The agent whose screens this page has shown: after their session ends on its own they stay
  // mounted (hidden) under the sign-in, so a form they were filling is still there when they return.
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (agent && shownFor !== agent.id) setShownFor(agent.id);
  const kept = !agent && held?.user.id === shownFor ? held.user : null;
  const user = agent ?? kept;
  return (
    <>
      {!agent && <SignIn />}
      {user && (
        <div hidden={!agent} inert={!agent}>
          <Suspense fallback={null}>
            <Signedin key={user.id} user={user} />
          </Suspense>
        </div>
      )}
    </>
  );
}
