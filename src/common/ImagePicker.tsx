import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { format } from '../i18n/fr';

export interface ImagePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  label: string;
  help: string;
  /** "Retirer la photo {name}" */
  removeLabel: string;
  /** "Fichiers refusés (images uniquement) : {names}" */
  rejectedLabel: string;
  disabled?: boolean;
}

const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined);

export const isImage = (file: File) => file.type.startsWith('image/');

/** Several image files, each with a thumbnail and a remove button; other files are refused at selection. */
export function ImagePicker({ files, onChange, label, help, removeLabel, rejectedLabel, disabled }: ImagePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rejected, setRejected] = useState<string[]>([]);
  const previews = useMemo(() => files.map((file) => ({ file, url: objectUrl(file) })), [files]);
  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL(p.url)), [previews]);

  const add = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    const images = picked.filter(isImage);
    setRejected(picked.filter((f) => !isImage(f)).map((f) => f.name));
    if (images.length) onChange([...files, ...images]);
    if (input.current) input.current.value = '';
  };

  return (
    <Box>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-describedby={`${id}-help`}
        onChange={(e) => add(e.target.files)}
        data-testid="image-picker-input"
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
      {previews.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
          {previews.map(({ file, url }, index) => (
            <Box component="li" key={`${file.name}-${index}`} sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
              <Box component="img" src={url} alt={file.name} sx={{ width: '100%', height: 80, objectFit: 'cover', display: 'block' }} />
              <Typography variant="caption" noWrap component="p" sx={{ px: 0.5 }} title={file.name}>
                {file.name}
              </Typography>
              <IconButton
                size="small"
                aria-label={format(removeLabel, { name: file.name })}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
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
