import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { messages as t } from './messages';

/**
 * The settings' bar: the badge "Modifications non sauvegardées" while the form differs from the
 * saved settings, "Réinitialiser" (after a confirmation) and "Sauvegarder" ("Sauvegarde..." while
 * saving; disabled without changes or while saving). No « Réinitialiser » for a role that may not
 * reset every setting (the matrix's delete of parametrages).
 */
export function SettingsToolbar({ onReset, resetting }: { onReset?: () => Promise<void>; resetting: boolean }) {
  const { dirtyFields, isSubmitting, errors } = useFormState();
  const dirty = Object.keys(dirtyFields).length > 0;
  const [confirming, setConfirming] = useState(false);
  const invalid = Object.keys(errors).some((key) => key !== 'root');
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Box role="status" sx={{ flex: 1, minWidth: 0 }}>
        {/* The warning's orange for the outline only: as text it is 3:1 on white, under the 4.5:1 small text needs. */}
        {dirty && <Chip color="warning" variant="outlined" label={t.unsaved} sx={{ color: 'text.primary' }} />}
        {invalid && (
          <Box component="span" sx={{ ml: 1, color: 'error.main', fontSize: 14 }}>
            {t.fixErrors}
          </Box>
        )}
      </Box>
      {onReset && (
        <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={() => setConfirming(true)} disabled={isSubmitting || resetting}>
          {t.reset}
        </Button>
      )}
      <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!dirty || isSubmitting || resetting}>
        {isSubmitting ? t.saving : t.save}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t.resetConfirmTitle}
        message={t.resetConfirmMessage}
        confirmLabel={t.resetConfirm}
        cancelLabel={t.cancel}
        destructive
        busy={resetting}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await onReset?.();
          setConfirming(false);
        }}
      />
    </Box>
  );
}
