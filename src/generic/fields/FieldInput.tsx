import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import MuiTextField from '@mui/material/TextField';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useInput,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { blocksToText, textToBlocks } from '../../common/blocks';
import { ImagePicker, type PickedImage } from '../../common/ImagePicker';
import { fr } from '../../i18n/fr';
import type { FieldConfig } from '../types';

// Heavier inputs load with the first form that has one (the location picker brings the map).
const OpeningHoursInput = lazy(() => import('./OpeningHoursInput'));
const LocationInput = lazy(() => import('./LocationInput'));

/** Whether the field's zod schema refuses an empty value (the label then gets its " *"). */
export function isRequiredField(field: FieldConfig): boolean {
  const schema = field.schema as { safeParse?: (v: unknown) => { success: boolean } } | undefined;
  return !!schema?.safeParse && !schema.safeParse(undefined).success;
}

/** Several images (or one), stored ones and new files, with thumbnails; the provider uploads the files. */
function ImagesInput({ field, label }: { field: FieldConfig; label: string }) {
  const single = field.type === 'image';
  const { field: input, fieldState } = useInput({ source: field.source });
  const raw = input.value as unknown;
  const value: PickedImage[] = Array.isArray(raw) ? raw : raw ? [raw as PickedImage] : [];
  const texts = field.picker ?? fr.generic.picker;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ padding: 0, marginBottom: 8, fontWeight: 500 }}>{label}</legend>
      <ImagePicker
        value={value}
        onChange={(next) => input.onChange(single ? (next[0] ?? null) : next)}
        label={texts.add}
        help={texts.help}
        removeLabel={texts.remove}
        rejectedLabel={texts.rejected}
        single={single}
        error={fieldState.error?.message}
      />
    </fieldset>
  );
}

/** A select whose choices follow another field ("Sous-type" after "Type"); hidden when there are none, cleared when that field changes. */
function DependentSelect({ field, label, required }: { field: FieldConfig; label: string; required: boolean }) {
  const dependsOn = field.dependsOn!;
  const parent = useWatch({ name: dependsOn.source });
  const { setValue } = useFormContext();
  const previous = useRef(parent);
  useEffect(() => {
    if (previous.current !== parent) setValue(field.source, null, { shouldDirty: true });
    previous.current = parent;
  }, [parent, field.source, setValue]);
  const choices = dependsOn.choices(parent);
  if (choices.length === 0) return null;
  return <SelectInput source={field.source} label={label} choices={choices as never} isRequired={required} emptyText="—" helperText={field.helperText ?? false} fullWidth />;
}

const tagsOf = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);
const tagsText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '');

/**
 * A list typed as text separated by commas. The text is kept as typed (a parse/format round trip
 * on every key would swallow the comma just typed) and the form holds the list.
 */
function TagsInput({ field, label, required }: { field: FieldConfig; label: string; required: boolean }) {
  const { field: input, fieldState } = useInput({ source: field.source, defaultValue: field.defaultValue });
  const [text, setText] = useState(() => tagsText(input.value));
  // A value set from outside (a reset, a loaded record) replaces the text.
  useEffect(() => {
    if (JSON.stringify(tagsOf(text)) !== JSON.stringify(Array.isArray(input.value) ? input.value : tagsOf(tagsText(input.value)))) setText(tagsText(input.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input.value]);
  return (
    <MuiTextField
      label={label}
      required={required}
      fullWidth
      margin="dense"
      value={text}
      name={input.name}
      onBlur={input.onBlur}
      onChange={(e) => {
        setText(e.target.value);
        input.onChange(tagsOf(e.target.value));
      }}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? field.helperText ?? ' '}
      placeholder={field.placeholder}
    />
  );
}

/** The form input of a field. Validation is the config's zod schema, run once at form level. */
export function FieldInput({ field }: { field: FieldConfig }) {
  const required = isRequiredField(field);
  const label = field.formLabel ?? field.label;
  const common = {
    source: field.source,
    label,
    isRequired: required,
    fullWidth: true,
    helperText: field.helperText ?? false,
    placeholder: field.placeholder,
    defaultValue: field.defaultValue,
  } as const;
  // Required is said to assistive technologies too, not only by the visual " *".
  const html = { slotProps: { htmlInput: { ...(field.inputProps ?? {}), ...(required ? { 'aria-required': true } : {}) } } };
  switch (field.type) {
    case 'longtext':
      return <TextInput {...common} {...html} multiline minRows={3} />;
    case 'blocks':
      return <TextInput {...common} {...html} multiline minRows={4} format={blocksToText} parse={textToBlocks} />;
    case 'select':
      if (field.dependsOn) return <DependentSelect field={field} label={label} required={required} />;
      return <SelectInput {...common} choices={field.choices as never} emptyText="—" />;
    case 'number':
      return <NumberInput {...common} {...html} step={(field.inputProps?.step as number | undefined) ?? 'any'} />;
    case 'boolean':
      return <BooleanInput source={field.source} label={label} helperText={field.helperText ?? false} defaultValue={field.defaultValue} />;
    case 'date':
      return <DateInput {...common} {...html} />;
    case 'datetime':
      return <DateTimeInput {...common} {...html} />;
    case 'time':
      // Strapi's time type wants HH:mm:ss.SSS; the input shows HH:mm.
      return (
        <TextInput
          {...common}
          type="time"
          format={(v: unknown) => (typeof v === 'string' ? v.slice(0, 5) : '')}
          parse={(v: string) => (v ? `${v.slice(0, 5)}:00.000` : null)}
        />
      );
    case 'email':
      return <TextInput {...common} {...html} type="email" />;
    case 'url':
      return <TextInput {...common} {...html} type="url" />;
    case 'phone':
      return <TextInput {...common} {...html} type="tel" />;
    case 'password':
      return <PasswordInput {...common} {...html} autoComplete="new-password" />;
    case 'image':
    case 'images':
      return <ImagesInput field={field} label={label} />;
    case 'relation':
      return (
        <ReferenceInput source={field.source} reference={field.reference ?? ''}>
          <SelectInput label={label} optionText={field.optionText ?? 'name'} isRequired={required} fullWidth />
        </ReferenceInput>
      );
    case 'openingHours':
      return (
        <Suspense fallback={null}>
          <OpeningHoursInput field={field} label={label} />
        </Suspense>
      );
    case 'location':
      return (
        <Suspense fallback={null}>
          <LocationInput field={field} label={label} />
        </Suspense>
      );
    case 'tags':
      return <TagsInput field={field} label={label} required={required} />;
    default:
      return <TextInput {...common} {...html} />;
  }
}
