import { NewPeoplePage } from './components/NewPeoplePage.tsx';
import { agentForm } from './forms/formSpecs.ts';

const form = agentForm('remitter');

/** The remitter list hides pending remitters, so this page lists them: those awaiting approval. */
export function NewRemitterPage() {
  return <NewPeoplePage title="New Remitters" description="Remitters awaiting approval." kind="remitter" form={form} pendingOnly />;
}
