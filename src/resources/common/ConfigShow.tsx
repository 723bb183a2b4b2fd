import { Labeled, Show, SimpleShowLayout, useRecordContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import { renderValue } from './fieldComponents';
import { useResourceConfig } from './useResourceConfig';
import type { FieldConfig } from '../types';

function FieldValue({ field }: { field: FieldConfig }) {
  const record = useRecordContext();
  return (
    <Labeled label={field.label}>
      <Typography component="span" variant="body2">
        {renderValue(field, record) || '—'}
      </Typography>
    </Labeled>
  );
}

/** The generic detail page of a resource. */
export default function ConfigShow() {
  const config = useResourceConfig();
  return (
    <Show title={config.recordLabel}>
      <SimpleShowLayout>
        {config.fields
          .filter((f) => f.type !== 'password' && !f.source.includes('.'))
          .map((field) => (
            <FieldValue key={field.source} field={field} />
          ))}
      </SimpleShowLayout>
    </Show>
  );
}
