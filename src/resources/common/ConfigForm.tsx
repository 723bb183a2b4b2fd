import { useMemo } from 'react';
import { Create, Edit, SimpleForm } from 'react-admin';
import { FieldInput } from './fieldComponents';
import { schemaOf, zodValidate } from './schema';
import { useResourceConfig } from './useResourceConfig';

/** The generic form of a resource: editable fields of the config, validated by its zod schema. */
function ConfigForm({ mode }: { mode: 'create' | 'edit' }) {
  const config = useResourceConfig();
  const validate = useMemo(() => zodValidate(schemaOf(config, mode)), [config, mode]);
  return (
    <SimpleForm validate={validate} sx={{ maxWidth: 720 }}>
      {config.fields
        .filter((f) => !f.readOnly && !(f.createOnly && mode === 'edit'))
        .map((field) => (
          <FieldInput key={field.source} field={field} />
        ))}
    </SimpleForm>
  );
}

export function ConfigCreate() {
  const config = useResourceConfig();
  return (
    <Create title={`${config.recordLabel} : création`} redirect="list">
      <ConfigForm mode="create" />
    </Create>
  );
}

export function ConfigEdit() {
  const config = useResourceConfig();
  // Pessimistic: a failed save keeps the form and its values (DESIGN section 4.9).
  return (
    <Edit title={config.recordLabel} mutationMode="pessimistic" redirect="list">
      <ConfigForm mode="edit" />
    </Edit>
  );
}
