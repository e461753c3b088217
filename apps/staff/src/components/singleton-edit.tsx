import type { ReactNode } from 'react';
import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';

/** A singleton's form (settings, header images) is saved, never deleted. */
function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * The page of a singleton (settings, header images): the one record `id` of `resource`, its
 * form saved in place (the server's answer first) and never deleted, under `title`.
 */
export function SingletonEdit({
  resource,
  id,
  title,
  children,
}: {
  resource: string;
  id: string | number;
  title: string;
  children: ReactNode;
}) {
  return (
    <Edit resource={resource} id={id} mutationMode="pessimistic" redirect={false} title={title}>
      <SimpleForm toolbar={<SaveOnlyToolbar />}>{children}</SimpleForm>
    </Edit>
  );
}
