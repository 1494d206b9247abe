import { NewPeoplePage } from './components/NewPeoplePage.tsx';
import { managerForm } from './forms/formSpecs.ts';

export function NewManagerPage() {
  return <NewPeoplePage title="New Managers" description="Register a manager, then approve them from this list." kind="manager" form={managerForm} />;
}
