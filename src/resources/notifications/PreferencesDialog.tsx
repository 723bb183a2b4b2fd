import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES, type NotificationPreferences } from '@mamoudzou/domain/notifications';
import { NOTIFICATION_PRIORITIES } from '@mamoudzou/domain/vocabulary';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { fr } from '../../i18n/fr';
import { useNotificationPreferences, useSavePreferences } from './useNotifications';

const p = fr.notifications.preferences;
const n = fr.notifications;

function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0, mb: 0.5 }}>
        {legend}
      </Typography>
      <FormGroup>{children}</FormGroup>
    </Box>
  );
}

/** The preferences form: channels, categories, priorities; Annuler restores the saved ones, Sauvegarder stores them. */
export function PreferencesForm({ onDone }: { onDone?: () => void }) {
  const toast = useToast();
  const saved = useNotificationPreferences();
  const save = useSavePreferences();
  const [draft, setDraft] = useState<NotificationPreferences>(saved.data ?? DEFAULT_NOTIFICATION_PREFERENCES);
  useEffect(() => {
    if (saved.data && !saved.isPlaceholderData) setDraft(saved.data);
  }, [saved.data, saved.isPlaceholderData]);

  const channel = (key: 'email' | 'push' | 'inApp') => (
    <FormControlLabel key={key} control={<Switch checked={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })} />} label={p[key]} />
  );
  const submit = () =>
    save.mutate(draft, {
      onSuccess: () => {
        toast({ title: p.savedTitle, description: p.savedMessage, variant: 'success' });
        onDone?.();
      },
      onError: (error) => toast({ title: p.errorTitle, description: `${p.errorMessage} ${frenchErrorMessage(error)}`, variant: 'destructive' }),
    });

  return (
    <>
      <Group legend={p.channels}>{(['email', 'push', 'inApp'] as const).map(channel)}</Group>
      <Group legend={p.categories}>
        {NOTIFICATION_CATEGORIES.map((category) => (
          <FormControlLabel
            key={category}
            control={<Switch checked={draft.categories[category]} onChange={(e) => setDraft({ ...draft, categories: { ...draft.categories, [category]: e.target.checked } })} />}
            label={n.categories[category]}
          />
        ))}
      </Group>
      <Group legend={p.priorities}>
        {NOTIFICATION_PRIORITIES.map((priority) => (
          <FormControlLabel
            key={priority}
            control={<Switch checked={draft.priorities[priority]} onChange={(e) => setDraft({ ...draft, priorities: { ...draft.priorities, [priority]: e.target.checked } })} />}
            label={n.priorities[priority]}
          />
        ))}
      </Group>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button
          onClick={() => {
            setDraft(saved.data ?? DEFAULT_NOTIFICATION_PREFERENCES);
            onDone?.();
          }}
          disabled={save.isPending}
        >
          {p.cancel}
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {save.isPending ? p.saving : p.save}
        </Button>
      </Box>
    </>
  );
}

/** The preferences dialog (from the user menu). */
export function PreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>{p.title}</DialogTitle>
      <DialogContent>{open && <PreferencesForm onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}
