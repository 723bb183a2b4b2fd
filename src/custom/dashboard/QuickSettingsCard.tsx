import { useState } from 'react';
import { useUpdate } from 'ra-core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { mayChangeSetting } from '@mamoudzou/domain/settings';
import { Badge } from '../../common/Badge';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { messages } from './messages';
import { SETTINGS_RESOURCE, useSettings } from '../../providers/settings';
import { useAccess, usePermissionsNow } from '../../common/access/useAccess';

const q = messages.quickSettings;
type Key = 'maintenanceMode' | 'emailNotifications' | 'signalementApprovalRequired';

/** The dashboard's quick-settings card: compact (warning, « activé » / « désactivé » badges) or expanded (three switches). */
export function QuickSettingsCard() {
  const { settings } = useSettings();
  const { canAccess: canEdit } = useAccess({ resource: SETTINGS_RESOURCE, action: 'edit' });
  // Each switch follows its settings tab's module, as the Paramétrages page and the backend do (maintenance is an administrator's).
  const { permissions } = usePermissionsNow();
  const mayChange = (key: Key) => !!canEdit && mayChangeSetting(permissions?.role, key);
  // react-admin's mutation: the query client refreshes the settings after the write.
  const [update] = useUpdate();
  const toast = useToast();
  const [expanded, setExpanded] = useState(false);
  const [saving, setSaving] = useState<Key | null>(null);

  const toggle = async (key: Key, value: boolean) => {
    setSaving(key);
    try {
      await update(SETTINGS_RESOURCE, { id: SETTINGS_RESOURCE, data: { [key]: value }, previousData: {} }, { mutationMode: 'pessimistic', returnPromise: true });
      toast({ title: q.savedTitle, description: q.savedMessage, variant: 'success' });
    } catch (error) {
      toast({ title: q.errorTitle, description: `${q.errorMessage} ${frenchErrorMessage(error)}`, variant: 'destructive' });
    } finally {
      setSaving(null);
    }
  };

  const switches: [Key, string][] = [
    ['maintenanceMode', q.maintenance],
    ['emailNotifications', q.emailNotifications],
    ['signalementApprovalRequired', q.approval],
  ];

  return (
    <Card variant="outlined" component="section" aria-labelledby="quick-settings-title">
      <CardContent>
        <Typography id="quick-settings-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {q.title}
        </Typography>
        {!expanded ? (
          <>
            {settings.maintenanceMode && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {q.maintenanceActive}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
              <Badge label={settings.emailNotifications ? q.emailOn : q.emailOff} tone={settings.emailNotifications ? 'green' : 'grey'} />
              <Badge label={settings.signalementApprovalRequired ? q.approvalOn : q.approvalOff} tone={settings.signalementApprovalRequired ? 'green' : 'grey'} />
            </Stack>
            <Button size="small" onClick={() => setExpanded(true)} aria-expanded={false}>
              {q.more}
            </Button>
          </>
        ) : (
          <>
            <Stack>
              {switches.map(([key, label]) => (
                <FormControlLabel
                  key={key}
                  control={
                    <Switch
                      checked={!!settings[key]}
                      disabled={!mayChange(key) || saving !== null}
                      onChange={(e) => toggle(key, e.target.checked)}
                    />
                  }
                  label={label}
                />
              ))}
            </Stack>
            {settings.maintenanceMode && (
              <Box sx={{ mt: 1 }}>
                <Alert severity="warning">{settings.maintenanceMessage}</Alert>
              </Box>
            )}
            <Button size="small" onClick={() => setExpanded(false)} aria-expanded sx={{ mt: 1 }}>
              {q.less}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
