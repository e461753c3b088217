import { SaveButton, Toolbar } from 'react-admin';

/** A singleton's form (settings, header images) is saved, never deleted. */
export function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
