import { useCallback, useMemo, useRef } from 'react';
import { useFormContext, type UseFormSetError } from 'react-hook-form';
import { ResourceContextProvider, TabbedForm, useGetList, useGetOne, useSplatPathBase, useUpdate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { can } from '@mamoudzou/domain/permissions';
import { SETTINGS_TABS, type Settings, type SettingsTabId } from '@mamoudzou/domain/settings';
import { settingsSchema } from '@mamoudzou/domain/settings-schema';
import { frenchErrorMessage } from '../../common/serverErrors';
import { useToast } from '../../common/toast';
import { zodResolver } from '../../generic/validation';
import { messages as t } from './messages';
import { useCustomCalls } from '../../providers/customCalls';
import { mergeSettings, SETTINGS_RESOURCE } from '../../providers/settings';
import { ROLES_QUERY, settingsPayload, withKnownRoles, withoutUntouchedRowErrors, type SettingsFormValues } from './settingsForm';
import { SettingsToolbar } from './SettingsToolbar';
import { SETTINGS_TAB_PATHS, settingsTabs, type SettingsTabAccess } from './SettingsTabs';
import { PageTitle } from '../../common/PageTitle';
import { AccessDenied } from '../../common/access/AccessDenied';
import { AuthChecking } from '../../common/access/AuthChecking';
import { requiredRolesOf } from '../../common/access/RequireAccess';
import { usePermissionsNow } from '../../common/access/useAccess';

/** The one settings schema, shared with the backend (domain/settings-schema.ts), over the form's values. */
const resolver = zodResolver<SettingsFormValues>(settingsSchema, settingsPayload);

/** Hands the form's setError to the page (a failed save marks the form as not saved). */
function FormErrorBridge({ target, submitted }: { target: { current: UseFormSetError<SettingsFormValues> | null }; submitted: { current: () => boolean } }) {
  const form = useFormContext<SettingsFormValues>();
  target.current = form.setError;
  submitted.current = () => form.formState.submitCount > 0;
  return null;
}

/**
 * /parametrages (those who change settings: administrators, Editors): six tabs (docs/ecrans.md,
 * « Paramétrages »), each at its address (/parametrages/securite), one react-admin form over the
 * settings single type, validated by the schema the backend applies. Each tab follows its module in
 * the permission matrix (domain/settings.ts): shown to those who read it, read-only to those who
 * may not change it (an Editor reads Intégrations), absent otherwise (an Editor has no Sécurité nor
 * Maintenance; their address says who may). A save sends what changed (PUT /api/setting); a failed
 * save keeps the edits and the badge; leaving with unsaved changes asks first (react-admin's
 * warnWhenUnsavedChanges), moving between tabs does not.
 */
export default function SettingsPage() {
  // The tab's address is react-admin's TabbedForm's (its `path`); an unknown one is the first tab.
  const path = useParams()['*'] ?? '';
  const root = useSplatPathBase();
  const { permissions, isPending } = usePermissionsNow();
  const tab = (Object.keys(SETTINGS_TAB_PATHS) as SettingsTabId[]).find((id) => SETTINGS_TAB_PATHS[id] === path);
  if (!tab) return <Navigate to={root} replace />;
  if (isPending) return <AuthChecking />;
  const moduleOf = (id: SettingsTabId) => SETTINGS_TABS.find((t) => t.id === id)!.module;
  const access: SettingsTabAccess = {
    reads: (id) => can(permissions?.role, moduleOf(id), 'read'),
    changes: (id) => can(permissions?.role, moduleOf(id), 'edit'),
  };
  if (!access.reads(tab)) return <AccessDenied requiredRole={requiredRolesOf({ module: moduleOf(tab) })} />;
  return <SettingsForm root={root} access={access} mayReset={can(permissions?.role, 'parametrages', 'delete')} />;
}

function SettingsForm({ root, access, mayReset }: { root: string; access: SettingsTabAccess; mayReset: boolean }) {
  const { data, isPending, error } = useGetOne<Partial<Settings> & { id: string }>(SETTINGS_RESOURCE, { id: SETTINGS_RESOURCE }, { retry: false });
  // One record per answer: the form resets only when the saved settings change.
  const record = useMemo<SettingsFormValues | undefined>(() => (data ? { ...mergeSettings(data), id: SETTINGS_RESOURCE } : undefined), [data]);
  // The escalation roles must exist: the form knows them from the roles list (the same call its checkboxes make).
  const roles = useGetList('roles', ROLES_QUERY);
  // Whether a save was tried: only then does a row just added say what it lacks.
  const submitted = useRef<() => boolean>(() => false);
  const checked = useMemo(
    () => withoutUntouchedRowErrors(withKnownRoles(resolver, roles.data?.map((role) => String(role.name))), () => submitted.current()),
    [roles.data],
  );
  const [update] = useUpdate();
  const calls = useCustomCalls();
  const toast = useToast();
  const setErrorRef = useRef<UseFormSetError<SettingsFormValues> | null>(null);

  const reset = useMutation({
    mutationKey: [SETTINGS_RESOURCE, 'reset'],
    mutationFn: () => calls.send('POST', '/api/setting/reset'),
  });

  const save = useCallback(
    async (values: Partial<SettingsFormValues>) => {
      try {
        await update(
          SETTINGS_RESOURCE,
          { id: SETTINGS_RESOURCE, data: settingsPayload(values), previousData: record },
          { mutationMode: 'pessimistic', returnPromise: true },
        );
        toast({ title: t.savedTitle, description: t.savedMessage, variant: 'success' });
      } catch (err) {
        // The edits and the badge stay; the form is not "submitted successfully", so leaving still asks.
        setErrorRef.current?.('root.server', { type: 'server', message: frenchErrorMessage(err) });
        toast({ title: t.saveErrorTitle, description: `${t.saveErrorMessage} ${frenchErrorMessage(err)}`, variant: 'destructive' });
      }
    },
    [update, record, toast],
  );

  const onReset = useCallback(async () => {
    try {
      await reset.mutateAsync();
      toast({ title: t.resetTitle, description: t.resetMessage, variant: 'success' });
    } catch (err) {
      toast({ title: t.resetErrorTitle, description: `${t.resetErrorMessage} ${frenchErrorMessage(err)}`, variant: 'destructive' });
    }
  }, [reset, toast]);

  return (
    <Box component="section" sx={{ maxWidth: 1000, pb: 2 }}>
      <PageTitle title={t.title} />
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {t.title}
        </Typography>
        <Typography color="text.secondary">{t.subtitle}</Typography>
      </Box>
      {isPending ? (
        <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 4 }}>
          <CircularProgress size={28} aria-hidden /> {t.loading}
        </Box>
      ) : error || !record ? (
        <Alert severity="error">
          {t.error} : {frenchErrorMessage(error)}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'visible' }}>
          <ResourceContextProvider value={SETTINGS_RESOURCE}>
          <TabbedForm
            record={record}
            resolver={checked}
            onSubmit={save}
            // Moving between tabs stays in the form: no warning about unsaved changes.
            formRootPathname={root}
            warnWhenUnsavedChanges
            mode="onChange"
            reValidateMode="onChange"
            toolbar={
              <>
                <FormErrorBridge target={setErrorRef} submitted={submitted} />
                <SettingsToolbar onReset={mayReset ? onReset : undefined} resetting={reset.isPending} />
              </>
            }
            sx={{ '& .MuiTabs-root': { px: 1 }, '& .MuiTabs-flexContainer': { flexWrap: 'wrap' } }}
          >
            {settingsTabs(access)}
          </TabbedForm>
          </ResourceContextProvider>
        </Paper>
      )}
    </Box>
  );
}
