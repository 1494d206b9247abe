import { NewPeoplePage } from './components/NewPeoplePage.tsx';
import { motoristForm } from './forms/formSpecs.ts';

export function NewMotoristPage() {
  return <NewPeoplePage title="New Motorists" description="Register a motorist with their vehicle and portrait selfie." kind="motorist" form={motoristForm} />;
}
