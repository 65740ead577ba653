import { ReferenceField, TextField, usePermissions } from 'react-admin';

/**
 * The community a post was written in (its audience), or '—'. Only
 * administrators read the communities resource: for them it links to the
 * community by name; moderators see its ID.
 */
export function CommunityField({ source = 'audience_id' }: { source?: string }) {
  const { permissions } = usePermissions<string>();
  if (permissions === 'admin') {
    return (
      <ReferenceField source={source} reference="communities" link="show" emptyText="—">
        <TextField source="name" />
      </ReferenceField>
    );
  }
  return <TextField source={source} emptyText="—" />;
}
