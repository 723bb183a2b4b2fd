import { Fragment, useEffect, useId, useState } from 'react';
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
import { useSettings } from '../../providers/settings';
import { askBrowserPermission, browserPermission, type BrowserPermission } from './browserNotifications';
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

/** What the push channel needs to work in this browser, said under its switch. */
function PushNote({ globallyOff, wanted, permission, onAsk }: { globallyOff: boolean; wanted: boolean; permission: BrowserPermission; onAsk: () => void }) {
  const note = (text: string) => (
    <Typography variant="body2" color="text.secondary" sx={{ ml: 6, mb: 1 }}>
      {text}
    </Typography>
  );
  if (globallyOff) return note(p.pushOffForAll);
  if (!wanted) return null;
  if (permission === 'unsupported') return note(p.pushUnsupported);
  if (permission === 'denied') return note(p.pushDenied);
  if (permission === 'granted') return note(p.pushGranted);
  return (
    <Box sx={{ ml: 6, mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {p.pushAsk}
      </Typography>
      <Button size="small" onClick={onAsk}>
        {p.pushAllow}
      </Button>
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

  const { settings } = useSettings();
  const [permission, setPermission] = useState<BrowserPermission>(browserPermission);
  const askPermission = () => void askBrowserPermission().then(setPermission);
  const channel = (key: 'email' | 'push' | 'inApp') => {
    const pushOff = key === 'push' && !settings.pushNotifications;
    return (
      <Fragment key={key}>
        <FormControlLabel
          control={
            <Switch
              checked={draft[key] && !pushOff}
              disabled={pushOff}
              onChange={(e) => {
                setDraft({ ...draft, [key]: e.target.checked });
                // Turning push on is the click the browser's prompt needs.
                if (key === 'push' && e.target.checked && permission === 'default') askPermission();
              }}
            />
          }
          label={p[key]}
        />
        {key === 'push' && <PushNote globallyOff={pushOff} wanted={draft.push} permission={permission} onAsk={askPermission} />}
      </Fragment>
    );
  };
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
