import type { ReactNode } from 'react';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  ImageField,
  ImageInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { fr } from '../../i18n/fr';
import { formatDate } from '../../i18n/dates';
import { blocksToText, textToBlocks } from '../../common/blocks';
import type { FieldConfig } from '../types';

/**
 * How each field type of a config is shown in a list or detail, and edited in a form. Shared by
 * every resource's generic views.
 */

function get(record: Record<string, unknown> | undefined, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), record);
}

/** The text a field shows for a record (used by lists, detail pages and exports). */
export function displayValue(field: FieldConfig, record: Record<string, unknown> | undefined): string {
  const value = field.value && record ? field.value(record) : get(record, field.source);
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return field.emptyText ?? '';
  }
  switch (field.type) {
    case 'select':
      return field.choices?.find((c) => c.id === value)?.name ?? String(value);
    case 'boolean':
      return value ? fr.list.yes : fr.list.no;
    case 'date':
      return formatDate(value, 'dd/MM/yyyy');
    case 'datetime':
      return formatDate(value);
    case 'time':
      return String(value).slice(0, 5);
    case 'blocks':
      return blocksToText(value);
    case 'image':
      return value ? fr.list.yes : fr.list.no;
    case 'images':
      return String((value as unknown[]).length);
    case 'tags':
      return (value as unknown[]).join(', ');
    case 'relation': {
      const optionText = field.optionText ?? 'name';
      if (Array.isArray(value)) return value.map((v) => String(get(v as Record<string, unknown>, optionText) ?? '')).join(', ');
      if (typeof value === 'object') return String(get(value as Record<string, unknown>, optionText) ?? '');
      return String(value);
    }
    default:
      return String(value);
  }
}

/** A cell or detail value as a React node. */
export function renderValue(field: FieldConfig, record: Record<string, unknown> | undefined): ReactNode {
  if (field.type === 'tags') {
    const tags = get(record, field.source);
    if (!Array.isArray(tags) || tags.length === 0) return field.emptyText ?? '';
    return (
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
        {tags.map((tag) => (
          <Chip key={String(tag)} label={String(tag)} size="small" />
        ))}
      </Stack>
    );
  }
  return displayValue(field, record);
}

const requiredOf = (field: FieldConfig) => {
  const schema = field.schema as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  return !!schema?.safeParse && !schema.safeParse(undefined).success;
};

/** The form input of a field. Validation comes from the config's zod schema at form level. */
export function FieldInput({ field }: { field: FieldConfig }) {
  // Required fields are marked with * as the specification writes them; the messages come from the zod schema.
  const label = requiredOf(field) ? `${field.label} *` : field.label;
  const withHelper = { source: field.source, label, fullWidth: true };
  switch (field.type) {
    case 'longtext':
      return <TextInput {...withHelper} multiline minRows={3} />;
    case 'blocks':
      return <TextInput {...withHelper} multiline minRows={4} format={blocksToText} parse={textToBlocks} />;
    case 'select':
      return <SelectInput {...withHelper} choices={field.choices as never} emptyText="—" />;
    case 'number':
      return <NumberInput {...withHelper} />;
    case 'boolean':
      return <BooleanInput source={field.source} label={label} />;
    case 'date':
      return <DateInput {...withHelper} />;
    case 'datetime':
      return <DateTimeInput {...withHelper} />;
    case 'time':
      // Strapi's time type wants HH:mm:ss.SSS; the input shows HH:mm.
      return (
        <TextInput
          {...withHelper}
          type="time"
          format={(v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : '')}
          parse={(v: string) => (v ? `${v.slice(0, 5)}:00.000` : null)}
        />
      );
    case 'email':
      return <TextInput {...withHelper} type="email" />;
    case 'url':
      return <TextInput {...withHelper} type="url" />;
    case 'phone':
      return <TextInput {...withHelper} type="tel" placeholder={field.placeholder} />;
    case 'password':
      return <PasswordInput {...withHelper} autoComplete="new-password" />;
    case 'image':
    case 'images':
      return (
        <ImageInput source={field.source} label={label} accept={{ 'image/*': [] }} multiple={field.type === 'images'}>
          <ImageField source="url" title="name" />
        </ImageInput>
      );
    case 'relation':
      return (
        <ReferenceInput source={field.source} reference={field.reference ?? ''}>
          <SelectInput label={label} optionText={field.optionText ?? 'name'} fullWidth />
        </ReferenceInput>
      );
    case 'tags':
      return (
        <TextInput
          {...withHelper}
          format={(v: unknown) => (Array.isArray(v) ? v.join(', ') : ((v as string) ?? ''))}
          parse={(v: string) => v.split(',').map((s) => s.trim()).filter(Boolean)}
        />
      );
    default:
      return <TextInput {...withHelper} placeholder={field.placeholder} />;
  }
}
