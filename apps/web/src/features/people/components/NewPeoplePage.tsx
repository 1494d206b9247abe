import { PageHeader } from '../../../components/PageHeader.tsx';
import type { FormSpec } from '../forms/formSpecs.ts';
import { RegistrationModal } from '../forms/RegistrationModal.tsx';
import { KINDS, type PeopleKind } from '../kinds.ts';
import { PeopleTable } from './PeopleTable.tsx';

interface NewPeoplePageProps {
  title: string;
  description: string;
  kind: PeopleKind;
  form: FormSpec;
  /** The list shows only people awaiting approval. */
  pendingOnly?: boolean;
}

/** A new-person page (spec): heading, Create button with the stepped form, and the kind's table with date and activity filters. */
export function NewPeoplePage({ title, description, kind, form, pendingOnly }: NewPeoplePageProps) {
  return (
    <>
      <PageHeader title={title} description={description} actions={<RegistrationModal spec={form} capability={KINDS[kind].capability} />} />
      <PeopleTable kind={kind} pendingOnly={pendingOnly} statusFilter={false} />
    </>
  );
}
