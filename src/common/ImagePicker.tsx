import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { format } from '../i18n/fr';

/** An image already stored by the backend (normalised by the provider). */
export interface StoredImage {
  id?: number | string;
  url: string;
  name?: string;
}
export type PickedImage = File | StoredImage;

export interface ImagePickerProps {
  /** Stored images and new files, in order. */
  value: PickedImage[];
  onChange: (value: PickedImage[]) => void;
  /** The button's text and the file input's accessible name ("Ajouter des photos"). */
  label: string;
  help: string;
  /** "Retirer la photo {name}" */
  removeLabel: string;
  /** "Fichiers refusés (images uniquement) : {names}" */
  rejectedLabel: string;
  /** One image (a cover): a new pick replaces it. */
  single?: boolean;
  disabled?: boolean;
  /** Error under the picker (a server refusal of the field). */
  error?: string;
  /** The image extensions the server accepts (the settings' allowed types): others are refused at selection. */
  types?: readonly string[];
}

export const isImage = (file: File) => file.type.startsWith('image/');
const extensionOf = (name: string) => (name.match(/\.[^.]+$/)?.[0] ?? '').toLowerCase();
const isFile = (value: PickedImage): value is File => typeof File !== 'undefined' && value instanceof File;
const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined);

/** Image files with a thumbnail and a remove button each; other files are refused at selection. */
export function ImagePicker({ value, onChange, label, help, removeLabel, rejectedLabel, single, disabled, error, types }: ImagePickerProps) {
  const accepted = (file: File) => isImage(file) && (!types || types.includes(extensionOf(file.name)));
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<string[]>([]);
  const previews = useMemo(
    () => value.map((item, index) => (isFile(item) ? { name: item.name, url: objectUrl(item), local: true } : { name: item.name ?? String(index + 1), url: item.url, local: false })),
    [value],
  );
  useEffect(() => () => previews.forEach((p) => p.local && p.url && URL.revokeObjectURL(p.url)), [previews]);

  const add = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const images = picked.filter(accepted);
    setRejected(picked.filter((f) => !accepted(f)).map((f) => f.name));
    if (images.length) onChange(single ? images.slice(0, 1) : [...value, ...images]);
    if (input.current) input.current.value = '';
  };

  return (
    <Box>
      {/* Visually replaced by the button, but labelled for assistive technologies. */}
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept={types ? types.join(',') : 'image/*'}
        multiple={!single}
        hidden
        aria-label={label}
        aria-describedby={`${id}-help`}
        onChange={(e) => add(e.target.files)}
      />
      <Button variant="outlined" startIcon={<AddPhotoIcon />} onClick={() => input.current?.click()} disabled={disabled}>
        {label}
      </Button>
      <FormHelperText id={`${id}-help`}>{help}</FormHelperText>
      {rejected.length > 0 && (
        <FormHelperText error role="alert">
          {format(rejectedLabel, { names: rejected.join(', ') })}
        </FormHelperText>
      )}
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
      {previews.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
          {previews.map(({ name, url }, index) => (
            <Box component="li" key={`${url}-${index}`} sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
              <Box component="img" src={url} alt={name} sx={{ width: '100%', height: 80, objectFit: 'cover', display: 'block' }} />
              <Typography variant="caption" noWrap component="p" sx={{ px: 0.5 }} title={name}>
                {name}
              </Typography>
              <IconButton
                size="small"
                aria-label={format(removeLabel, { name })}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                disabled={disabled}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
