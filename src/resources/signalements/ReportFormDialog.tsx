import { useEffect, useId, useState, type ReactNode } from 'react';
import { useDataProvider, type RaRecord } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { REPORT_PRIORITIES, REPORT_PRIORITY_LABELS, REPORT_TYPES, ZONES } from '@mamoudzou/domain/vocabulary';
import { ImagePicker } from '../../common/ImagePicker';
import { useToast } from '../../custom/toast';
import { fr, format } from '../../i18n/fr';
import {
  emptyReportForm,
  formValuesOf,
  reportPayload,
  subTypesOf,
  validateReportForm,
  type ReportFormErrors,
  type ReportFormValues,
} from './reportForm';
import { reportPhotos } from './reportRecord';
import { errorDetail, RESOURCE } from './useReportActions';

const l = fr.resources.signalements.form;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

export interface ReportFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The report to edit ("Modifier"); none to create ("Nouveau signalement"). */
  record?: RaRecord;
  onSaved?: (record: RaRecord) => void;
}

type ExistingPhoto = { id?: string | number; url: string; name?: string };

/**
 * "Nouveau signalement" and "Modifier le signalement": four sections, French messages on the
 * required fields, sub-type only for types that have some, several photos (images only) uploaded
 * before the report is written. A failure keeps the dialog open with every value and photo.
 */
export function ReportFormDialog({ open, onClose, record, onSaved }: ReportFormDialogProps) {
  const id = useId();
  const editing = !!record;
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<ReportFormValues>(emptyReportForm);
  const [errors, setErrors] = useState<ReportFormErrors>({});
  const [files, setFiles] = useState<File[]>([]);
  const [existing, setExisting] = useState<ExistingPhoto[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(record ? formValuesOf(record) : emptyReportForm());
    setExisting(record ? reportPhotos(record) : []);
    setFiles([]);
    setErrors({});
  }, [open, record]);

  const set = (key: keyof ReportFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => (key === 'type' ? { ...v, type: value, subType: '' } : { ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const field = (key: keyof ReportFormValues, label: string, props: Record<string, unknown> = {}) => ({
    id: `${id}-${key}`,
    name: key,
    label,
    value: values[key],
    onChange: set(key),
    error: !!errors[key],
    helperText: errors[key],
    fullWidth: true,
    disabled: busy,
    ...props,
  });

  const close = () => {
    if (busy) return;
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateReportForm(values);
    setErrors(found);
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const body = reportPayload(values, editing);
      let saved: RaRecord;
      if (record) {
        const photos = [...existing, ...files];
        const previous = reportPhotos(record);
        const photosChanged = files.length > 0 || previous.length !== existing.length;
        const { data } = await dataProvider.update(RESOURCE, {
          id: record.id,
          data: photosChanged ? { ...body, photos } : body,
          previousData: {},
        });
        saved = data;
        toast({ title: l.updatedTitle, description: l.updatedMessage, variant: 'success' });
      } else {
        const { data } = await dataProvider.create(RESOURCE, {
          data: { ...body, report_status: 'nouveau', ...(files.length ? { photos: files } : {}) },
        });
        saved = data;
        toast({ title: l.createdTitle, description: l.createdMessage, variant: 'success' });
        setValues(emptyReportForm());
        setFiles([]);
      }
      await queryClient.invalidateQueries({ queryKey: [RESOURCE] });
      setBusy(false);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setBusy(false);
      toast({
        title: editing ? l.updateErrorTitle : l.createErrorTitle,
        description: (editing ? l.updateErrorMessage : l.createErrorMessage) + errorDetail(error),
        variant: 'destructive',
      });
    }
  };

  const subTypes = subTypesOf(values.type);

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-dialog-title`} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={`${id}-dialog-title`} sx={{ pr: 6 }}>
        {editing ? l.editTitle : l.createTitle}
        <IconButton aria-label={fr.resources.signalements.detail.close} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }} disabled={busy}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Section title={l.general}>
            <TextField {...field('title', l.title)} sx={{ gridColumn: '1 / -1' }} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <TextField {...field('description', l.description)} multiline minRows={3} sx={{ gridColumn: '1 / -1' }} />
            <TextField {...field('type', l.type)} select>
              {REPORT_TYPES.map((t) => (
                <MenuItem key={t.value} value={t.value}>
                  {t.label}
                </MenuItem>
              ))}
            </TextField>
            {subTypes.length > 0 ? (
              <TextField {...field('subType', l.subType)} select>
                {subTypes.map((s) => (
                  <MenuItem key={s} value={s}>
                    {s}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Box aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
            )}
            <TextField {...field('priority', l.priority)} select>
              {REPORT_PRIORITIES.map((p) => (
                <MenuItem key={p} value={p}>
                  {REPORT_PRIORITY_LABELS[p]}
                </MenuItem>
              ))}
            </TextField>
          </Section>
          <Section title={l.location}>
            <TextField {...field('zone', l.zone)} select>
              {ZONES.map((z) => (
                <MenuItem key={z} value={z}>
                  {z}
                </MenuItem>
              ))}
            </TextField>
            <TextField {...field('address', l.address)} />
            <TextField {...field('latitude', l.latitude)} type="number" slotProps={{ htmlInput: { step: 'any', min: -90, max: 90 } }} />
            <TextField {...field('longitude', l.longitude)} type="number" slotProps={{ htmlInput: { step: 'any', min: -180, max: 180 } }} />
          </Section>
          <Section title={l.citizen}>
            <TextField {...field('citizenName', l.citizenName)} autoComplete="off" />
            <TextField {...field('citizenEmail', l.citizenEmail)} type="email" autoComplete="off" />
            <TextField {...field('citizenPhone', l.citizenPhone)} type="tel" placeholder={l.phonePlaceholder} autoComplete="off" />
          </Section>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5, p: 0 }}>
              {l.photos}
            </Typography>
            {existing.length > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
                {existing.map((photo, index) => (
                  <Box component="li" key={`${photo.url}-${index}`} sx={{ position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
                    <Box component="img" src={photo.url} alt={photo.name ?? format(fr.resources.signalements.detail.photoAlt, { n: index + 1 })} sx={{ width: '100%', height: 80, objectFit: 'cover', display: 'block' }} />
                    <IconButton
                      size="small"
                      aria-label={format(l.removePhoto, { name: photo.name ?? String(index + 1) })}
                      onClick={() => setExisting((list) => list.filter((_, i) => i !== index))}
                      disabled={busy}
                      sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Box>
            )}
            <ImagePicker files={files} onChange={setFiles} label={l.addPhotos} help={l.photosHelp} removeLabel={l.removePhoto} rejectedLabel={l.notImages} disabled={busy} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {l.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? l.submitting : editing ? l.submitEdit : l.submitCreate}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
