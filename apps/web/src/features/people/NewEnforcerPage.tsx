import { NewPeoplePage } from './components/NewPeoplePage.tsx';
import { agentForm } from './forms/formSpecs.ts';

const form = agentForm('enforcer');

export function NewEnforcerPage() {
  return <NewPeoplePage title="New Enforcers" description="Register an enforcer, then approve them from this list." kind="enforcer" form={form} />;
}
