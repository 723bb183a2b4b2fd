import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  BooleanInput,
  DateInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useInput,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { IMAGE_FILE_TYPES } from '@mamoudzou/domain/settings';
import { ImagePicker, type PickedImage } from '../../common/ImagePicker';
import { useSettings } from '../../providers/settings';
import { fromStrapiTime, fromTownInput, toStrapiTime, toTownInput } from '../../i18n/dates';
import { fr, format } from '../../i18n/fr';
import type { FieldConfig } from '../types';
import { refusesEmpty } from '../validation';
import { TagsInput } from './TagsInput';

// Heavier inputs load with the first form that has one (the location picker brings the map).
const OpeningHoursInput = lazy(() => import('./OpeningHoursInput'));
const LocationInput = lazy(() => import('./LocationInput'));
// The rich-text editor (Slate) is a chunk of its own, loaded with the first form that has one.
const BlocksEditor = lazy(() => import('./BlocksEditor'));

/** Whether the field's zod schema refuses an empty value (the label then gets its " *"). */
export function isRequiredField(field: FieldConfig): boolean {
  return !!field.schema && refusesEmpty(field.schema);
}

/** Several images (or one), stored ones and new files, with thumbnails; the provider uploads the files. */
function ImagesInput({ field, label }: { field: FieldConfig; label: string }) {
  const single = field.type === 'image';
  const { field: input, fieldState } = useInput({ source: field.source });
  const raw = input.value as unknown;
  const value: PickedImage[] = Array.isArray(raw) ? raw : raw ? [raw as PickedImage] : [];
  const texts = field.picker ?? fr.generic.picker;
  // The images the server accepts: the settings' allowed types (Paramétrages → Sécurité).
  const { settings } = useSettings();
  const types = settings.allowedFileTypes.filter((type) => (IMAGE_FILE_TYPES as readonly string[]).includes(type));
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ padding: 0, marginBottom: 8, fontWeight: 500 }}>{label}</legend>
      <ImagePicker
        value={value}
        onChange={(next) => input.onChange(single ? (next[0] ?? null) : next)}
        label={texts.add}
        help={types.length ? `${texts.help} (${format(fr.generic.picker.types, { types: types.join(', ') })})` : texts.help}
        removeLabel={texts.remove}
        rejectedLabel={texts.rejected}
        single={single}
        error={fieldState.error?.message}
        types={types}
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

type CommonProps = {
  source: string;
  label: string;
  isRequired: boolean;
  fullWidth: true;
  helperText: string | false;
  placeholder?: string;
  defaultValue: unknown;
};
type HtmlProps = { slotProps: { htmlInput: Record<string, unknown> } };

/**
 * A text input whose value follows another field's (a slug from the title) while its switch is on;
 * read-only then. Off, it is typed by hand and the other field no longer changes it.
 */
function DerivedInput({ field, common, html }: { field: FieldConfig; common: CommonProps; html: HtmlProps }) {
  const { source, derive, switchLabel } = field.derivedFrom!;
  const { getValues, setValue } = useFormContext();
  const { isSubmitted } = useFormState();
  const parent = useWatch({ name: source });
  const [auto, setAuto] = useState(() => {
    const current = getValues(field.source);
    return !current || current === derive(String(getValues(source) ?? ''));
  });
  useEffect(() => {
    if (!auto) return;
    const next = derive(String(parent ?? ''));
    if (getValues(field.source) !== next) setValue(field.source, next, { shouldDirty: true, shouldValidate: isSubmitted });
  }, [auto, parent, derive, field.source, getValues, setValue, isSubmitted]);
  return (
    <>
      <TextInput {...common} slotProps={{ htmlInput: { ...html.slotProps.htmlInput, readOnly: auto } }} />
      <FormControlLabel sx={{ mt: -1, mb: 1 }} control={<Switch size="small" checked={auto} onChange={(e) => setAuto(e.target.checked)} />} label={switchLabel} />
    </>
  );
}

/** A text input with a live "n/max" under it. */
function CountedInput({ field, common, html, multiline }: { field: FieldConfig; common: CommonProps; html: HtmlProps; multiline: boolean }) {
  const value = useWatch({ name: field.source });
  const length = typeof value === 'string' ? value.length : 0;
  const max = field.counter!;
  return (
    <Box>
      <TextInput {...common} {...html} multiline={multiline} minRows={multiline ? 3 : undefined} />
      <Typography variant="caption" component="p" color={length > max ? 'error' : 'text.secondary'} sx={{ textAlign: 'right', mt: -0.5, mb: 1 }}>
        {`${length}/${max}`}
      </Typography>
    </Box>
  );
}

/**
 * The keyboard a phone shows for a type (its `type` attribute already asks for most; `inputMode` says it
 * to every phone). Numbers keep type="number" alone: its keyboard has the minus sign that `decimal` lacks
 * on some phones (the town's latitudes are negative).
 */
const INPUT_MODES: Partial<Record<FieldConfig['type'], Record<string, string>>> = {
  email: { inputMode: 'email', autoCapitalize: 'none', spellCheck: 'false' },
  phone: { inputMode: 'tel' },
  url: { inputMode: 'url', autoCapitalize: 'none', spellCheck: 'false' },
};

/** The form input of a field. Validation is the config's zod schema, run once at form level. */
export function FieldInput({ field }: { field: FieldConfig }) {
  const required = isRequiredField(field);
  const label = field.formLabel ?? field.label;
  // A computed default (now, today) is computed once, when the form opens.
  const [defaultValue] = useState(() => (typeof field.defaultValue === 'function' ? (field.defaultValue as () => unknown)() : field.defaultValue));
  const common: CommonProps = {
    source: field.source,
    label,
    isRequired: required,
    fullWidth: true,
    helperText: field.helperText ?? false,
    placeholder: field.placeholder,
    defaultValue,
  };
  // Required is said to assistive technologies too, not only by the visual " *"; a phone shows the keyboard of the type.
  const html: HtmlProps = { slotProps: { htmlInput: { ...INPUT_MODES[field.type], ...(field.inputProps ?? {}), ...(required ? { 'aria-required': true } : {}) } } };
  if (field.input) {
    const Input = field.input;
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={40} sx={{ my: 1 }} />}>
        <Input field={field} label={label} required={required} />
      </Suspense>
    );
  }
  if (field.derivedFrom) return <DerivedInput field={field} common={common} html={html} />;
  if (field.counter && (field.type === 'text' || field.type === 'longtext')) return <CountedInput field={field} common={common} html={html} multiline={field.type === 'longtext'} />;
  switch (field.type) {
    case 'longtext':
      return <TextInput {...common} {...html} multiline minRows={3} />;
    case 'blocks':
      return (
        <Suspense fallback={<Skeleton variant="rounded" height={200} aria-label={fr.richText.loading} sx={{ my: 1 }} />}>
          <BlocksEditor field={field} label={label} required={required} />
        </Suspense>
      );
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
      // Typed and shown in the town's time zone whatever the browser's; stored as a UTC instant.
      return (
        <TextInput
          {...common}
          type="datetime-local"
          format={toTownInput}
          parse={fromTownInput}
          slotProps={{ htmlInput: html.slotProps.htmlInput, inputLabel: { shrink: true } }}
        />
      );
    case 'time':
      // Strapi's time type wants HH:mm:ss.SSS; the input shows HH:mm.
      return (
        <TextInput
          {...common}
          slotProps={{ inputLabel: { shrink: true } }}
          type="time"
          format={fromStrapiTime}
          parse={toStrapiTime}
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
      return <TagsInput source={field.source} label={label} required={required} helperText={field.helperText} placeholder={field.placeholder} defaultValue={field.defaultValue} lines={field.lines} />;
    default:
      return <TextInput {...common} {...html} />;
  }
}
