import { NewPeoplePage } from './components/NewPeoplePage.tsx';
import { agentForm } from './forms/formSpecs.ts';

const form = agentForm('registrar');

/** The registrar list hides pending registrars, so this page lists them: those awaiting approval. */
export function NewRegistrarPage() {
  return <NewPeoplePage title="New Registrars" description="Registrars awaiting approval." kind="registrar" form={form} pendingOnly />;
}
