import { useEffect, useState } from 'react';
import MuiTextField from '@mui/material/TextField';
import { useInput } from 'react-admin';

/** Items separated by commas (tags), or one per line (sentences that may hold a comma: notes, reasons). */
const separatorOf = (lines: boolean) => (lines ? { split: /\n/, join: '\n' } : { split: /,/, join: ', ' });
const tagsOf = (text: string, lines = false) => text.split(separatorOf(lines).split).map((s) => s.trim()).filter(Boolean);
const tagsText = (value: unknown, lines = false) => (Array.isArray(value) ? value.join(separatorOf(lines).join) : typeof value === 'string' ? value : '');

export interface TagsInputProps {
  source: string;
  label: string;
  required?: boolean;
  helperText?: string;
  placeholder?: string;
  defaultValue?: unknown;
  fullWidth?: boolean;
  readOnly?: boolean;
  /** One item per line (a multi-line input) instead of commas. */
  lines?: boolean;
}

/**
 * A list typed as text separated by commas. The text is kept as typed (a parse/format round trip
 * on every key would swallow the comma just typed) and the form holds the list.
 */
export function TagsInput({ source, label, required = false, helperText, placeholder, defaultValue, fullWidth = true, readOnly, lines = false }: TagsInputProps) {
  const { field: input, fieldState } = useInput({ source, defaultValue });
  const [text, setText] = useState(() => tagsText(input.value, lines));
  // A value set from outside (a reset, a loaded record) replaces the text.
  useEffect(() => {
    if (JSON.stringify(tagsOf(text, lines)) !== JSON.stringify(Array.isArray(input.value) ? input.value : tagsOf(tagsText(input.value, lines), lines))) setText(tagsText(input.value, lines));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input.value]);
  return (
    <MuiTextField
      label={label}
      required={required}
      fullWidth={fullWidth}
      margin="dense"
      value={text}
      name={input.name}
      onBlur={input.onBlur}
      onChange={(e) => {
        setText(e.target.value);
        input.onChange(tagsOf(e.target.value, lines));
      }}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ?? helperText ?? ' '}
      placeholder={placeholder}
      multiline={lines}
      minRows={lines ? 3 : undefined}
      slotProps={readOnly ? { htmlInput: { readOnly: true } } : undefined}
    />
  );
}
