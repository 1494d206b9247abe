import { NewPeoplePage } from './components/NewPeoplePage.tsx';
import { agentForm } from './forms/formSpecs.ts';

const form = agentForm('enforcer');

/** Spec: the enforcer list's 'pending' mode, here beside the form (the Enforcers page lists them all): those awaiting approval. */
export function NewEnforcerPage() {
  return <NewPeoplePage title="New Enforcers" description="Enforcers awaiting approval." kind="enforcer" form={form} pendingOnly />;
}
