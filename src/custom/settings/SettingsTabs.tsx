import { useRef, type ComponentProps, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  PasswordInput,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
} from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { BACKUP_FREQUENCIES, MAP_PROVIDERS, SETTINGS_BOUNDS, UPLOADABLE_FILE_TYPES, type SettingsTabId } from '@mamoudzou/domain/settings';
import { REPORT_STATUS_LABELS, SERVICES, STAFF_REPORT_STATUSES } from '@mamoudzou/domain/vocabulary';
import { CATEGORY_ICON_LABELS, CATEGORY_ICONS } from '@mamoudzou/domain/citizen-page';
import { TagsInput } from '../../generic/fields/TagsInput';
import { messages as t } from './messages';
import { BackupsPanel } from './BackupsPanel';
import { AddItem, iteratorSx } from './ListInputs';
import { ReportTypeSelectInput, TypeRenamesFollower, useListedTypes } from './ReportTypeInputs';
import { ServiceLevelSettings } from './ServiceLevelSettings';
import { SettingsSection } from './SettingsSection';
import { SmsSwitch } from './SmsSwitch';

const f = t.fields;
const s = t.sections;
const wide = { width: '100%' } as const;
const bounded = (name: keyof typeof SETTINGS_BOUNDS) => ({ min: SETTINGS_BOUNDS[name].min, max: SETTINGS_BOUNDS[name].max, step: 1 });
const choices = (values: readonly string[], labels?: Record<string, string>) => values.map((value) => ({ id: value, name: labels?.[value] ?? value }));

/** Each tab's address below the page's (/parametrages/securite); the first tab is the page's own. */
export const SETTINGS_TAB_PATHS: Record<SettingsTabId, string> = {
  general: '',
  notifications: 'notifications',
  signalements: 'signalements',
  security: 'securite',
  integrations: 'integrations',
  maintenance: 'maintenance',
};
const p = SETTINGS_TAB_PATHS;

/** What the signed-in role may do with each tab (its module in the permission matrix, domain/settings.ts). */
export interface SettingsTabAccess {
  reads: (tab: SettingsTabId) => boolean;
  changes: (tab: SettingsTabId) => boolean;
}

/** A tab the role reads without changing: said at the top, every input disabled (a fieldset disables the native ones). */
function ReadOnlyTab({ children }: { children: ReactNode }) {
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t.readOnly}
      </Alert>
      <Box component="fieldset" disabled sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </>
  );
}

/**
 * A tab whose inputs are made the first time it is shown, and kept afterwards. react-admin's TabbedForm makes every
 * tab's inputs at once (hidden): a hundred inputs, lists and tables before the first tab shows, on a phone too.
 * The form's values and its check (the whole schema) do not need the inputs; a tab once visited keeps its inputs,
 * so its header still turns red while one of them is wrong.
 */
function SettingsTab({ children, hidden, ...props }: ComponentProps<typeof TabbedForm.Tab>) {
  const shown = useRef(false);
  if (!hidden) shown.current = true;
  return (
    <TabbedForm.Tab {...props} hidden={hidden}>
      {shown.current ? children : null}
    </TabbedForm.Tab>
  );
}

/**
 * The six tabs of Paramétrages (SETTINGS_TABS, domain/settings.ts), each a TabbedForm tab of sections: those the
 * role reads, read-only where it may not change them.
 */
export function settingsTabs(access: SettingsTabAccess) {
  const fixed = (tab: SettingsTabId) => !access.changes(tab);
  const tab = (id: SettingsTabId, content: ReactNode) =>
    access.reads(id) ? (
      <SettingsTab key={id} path={p[id]} label={t.tabs[id]}>
        {fixed(id) ? <ReadOnlyTab>{content}</ReadOnlyTab> : content}
      </SettingsTab>
    ) : null;
  return [
    tab('general', <>
      <SettingsSection id="identity" title={s.identity.title} help={s.identity.help}>
        <TextInput source="siteName" label={f.siteName} sx={wide} />
        <TextInput source="siteDescription" label={f.siteDescription} multiline minRows={2} sx={wide} />
      </SettingsSection>
      <SettingsSection id="contact" title={s.contact.title} help={s.contact.help}>
        <TextInput source="contactEmail" label={f.contactEmail} type="email" sx={wide} />
        <TextInput source="contactPhone" label={f.contactPhone} type="tel" sx={wide} />
        <TextInput source="address" label={f.address} sx={wide} />
      </SettingsSection>
    </>),

    tab('notifications', <>
      <SettingsSection id="channels" title={s.channels.title} help={s.channels.help}>
        <BooleanInput source="emailNotifications" label={f.emailNotifications} helperText={false} />
        <SmsSwitch readOnly={fixed('notifications')} />
        <BooleanInput source="pushNotifications" label={f.pushNotifications} helperText={f.pushNotificationsHelp} />
      </SettingsSection>
      <SettingsSection id="retention" title={s.retention.title} help={s.retention.help}>
        <NumberInput source="notificationRetentionDays" label={f.notificationRetentionDays} {...bounded('notificationRetentionDays')} sx={wide} />
      </SettingsSection>
    </>),

    tab('signalements', <>
      <SettingsSection id="intake" title={s.intake.title} help={s.intake.help}>
        <BooleanInput source="signalementApprovalRequired" label={f.signalementApprovalRequired} helperText={false} />
        <NumberInput
          source="maxSignalementsPerUser"
          label={f.maxSignalementsPerUser}
          helperText={f.maxSignalementsPerUserHelp}
          {...bounded('maxSignalementsPerUser')}
          sx={wide}
        />
      </SettingsSection>
      <SettingsSection id="citizen-page" title={s.citizenPage.title} help={s.citizenPage.help}>
        <NumberInput source="citizenMaxPhotos" label={f.citizenMaxPhotos} {...bounded('citizenMaxPhotos')} sx={wide} />
        <NumberInput source="citizenDataRetentionDays" label={f.citizenDataRetentionDays} {...bounded('citizenDataRetentionDays')} sx={wide} />
      </SettingsSection>
      <SettingsSection id="moderation" title={s.moderation.title} help={s.moderation.help}>
        <TagsInput source="signalementRejectionReasons" label={f.signalementRejectionReasons} helperText={f.signalementRejectionReasonsHelp} readOnly={fixed('signalements')} lines />
        <NumberInput source="duplicateRadiusMeters" label={f.duplicateRadiusMeters} {...bounded('duplicateRadiusMeters')} sx={wide} />
      </SettingsSection>
      <SettingsSection id="assignment" title={s.assignment.title} help={s.assignment.help}>
        <BooleanInput source="autoAssignSignalements" label={f.autoAssignSignalements} helperText={false} />
        <ReportTypeServiceInputs readOnly={fixed('signalements')} />
      </SettingsSection>
      <SettingsSection id="categories" title={s.categories.title} help={s.categories.help}>
        {fixed('signalements') ? null : <TypeRenamesFollower />}
        <ArrayInput source="signalementCategories" label={f.signalementCategories}>
          <SimpleFormIterator inline disableClear sx={iteratorSx} addButton={<AddItem label={t.addCategory} item={{ name: '', subTypes: [] }} />}>
            <TextInput source="name" label={f.category} helperText={false} />
            <TagsInput source="subTypes" label={f.subTypes} helperText={f.subTypesHelp} fullWidth={false} readOnly={fixed('signalements')} />
            <SelectInput source="icon" label={f.categoryIcon} choices={choices(CATEGORY_ICONS, CATEGORY_ICON_LABELS)} emptyText={f.categoryIconDefault} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </SettingsSection>
      <SettingsSection id="templates" title={s.templates.title} help={s.templates.help}>
        <ArrayInput source="responseTemplates" label={f.responseTemplates}>
          <SimpleFormIterator disableClear sx={iteratorSx} addButton={<AddItem label={t.addTemplate} item={{ title: '', text: '', type: null, status: null }} />}>
            <TextInput source="title" label={f.templateTitle} helperText={false} sx={wide} />
            <TextInput source="text" label={f.templateText} helperText={false} multiline minRows={2} sx={wide} />
            <ReportTypeSelectInput source="type" label={f.templateType} emptyText={f.anyTemplateValue} helperText={false} sx={wide} />
            <SelectInput source="status" label={f.templateStatus} choices={choices(STAFF_REPORT_STATUSES, REPORT_STATUS_LABELS)} emptyText={f.anyTemplateValue} helperText={false} sx={wide} />
          </SimpleFormIterator>
        </ArrayInput>
      </SettingsSection>
      <ServiceLevelSettings readOnly={fixed('signalements')} />
      <SettingsSection id="approval" title={s.approval.title} help={s.approval.help}>
        <BooleanInput source="articleApprovalRequired" label={f.articleApprovalRequired} helperText={false} />
        <BooleanInput source="eventApprovalRequired" label={f.eventApprovalRequired} helperText={false} />
      </SettingsSection>
    </>),

    tab('security', <>
      <SettingsSection id="uploads" title={s.uploads.title} help={s.uploads.help}>
        <NumberInput source="maxFileUploadSize" label={f.maxFileUploadSize} {...bounded('maxFileUploadSize')} sx={wide} />
        <NumberInput source="maxUploadsPerHour" label={f.maxUploadsPerHour} {...bounded('maxUploadsPerHour')} sx={wide} />
        <NumberInput source="maxUploadVolumePerDay" label={f.maxUploadVolumePerDay} {...bounded('maxUploadVolumePerDay')} sx={wide} />
        <CheckboxGroupInput source="allowedFileTypes" label={f.allowedFileTypes} choices={choices(UPLOADABLE_FILE_TYPES)} row />
      </SettingsSection>
      <SettingsSection id="logins" title={s.logins.title} help={s.logins.help}>
        <NumberInput source="maxLoginAttempts" label={f.maxLoginAttempts} {...bounded('maxLoginAttempts')} sx={wide} />
        <NumberInput source="sessionTimeout" label={f.sessionTimeout} {...bounded('sessionTimeout')} sx={wide} />
        <BooleanInput source="allowPublicRegistration" label={f.allowPublicRegistration} helperText={f.allowPublicRegistrationHelp} />
        <BooleanInput source="twoFactorAuthRequired" label={f.twoFactorAuthRequired} helperText={f.twoFactorAuthHelp} />
      </SettingsSection>
      <SettingsSection id="passwords" title={s.passwords.title} help={s.passwords.help}>
        <NumberInput source="passwordMinLength" label={f.passwordMinLength} {...bounded('passwordMinLength')} sx={wide} />
        <BooleanInput source="requirePasswordComplexity" label={f.requirePasswordComplexity} helperText={false} />
      </SettingsSection>
    </>),

    tab('integrations', <>
      <SettingsSection id="servers" title={s.servers.title} help={s.servers.help}>
        <TextInput source="strapiUrl" label={f.strapiUrl} type="url" sx={wide} />
        <TextInput source="websocketUrl" label={f.websocketUrl} type="url" sx={wide} />
      </SettingsSection>
      <SettingsSection id="map" title={s.map.title} help={s.map.help}>
        <SelectInput source="mapProvider" label={f.mapProvider} choices={choices(MAP_PROVIDERS, t.mapProviders)} readOnly={fixed('integrations')} sx={wide} />
        <MapApiKeyInput />
      </SettingsSection>
      <SettingsSection id="open311" title={s.open311.title} help={s.open311.help}>
        <NumberInput source="open311RateLimit" label={f.open311RateLimit} {...bounded('open311RateLimit')} sx={wide} />
      </SettingsSection>
    </>),

    tab('maintenance', <>
      <SettingsSection id="maintenance" title={s.maintenance.title} help={s.maintenance.help}>
        <BooleanInput source="maintenanceMode" label={f.maintenanceMode} helperText={false} />
        <MaintenanceMessageInput />
      </SettingsSection>
      <SettingsSection id="backups" title={s.backups.title} help={s.backups.help}>
        <SelectInput source="backupFrequency" label={f.backupFrequency} choices={choices(BACKUP_FREQUENCIES, t.backupFrequencies)} readOnly={fixed('maintenance')} sx={wide} />
        <BackupsPanel />
      </SettingsSection>
      <SettingsSection id="logs" title={s.logs.title} help={s.logs.help}>
        <NumberInput source="logRetentionDays" label={f.logRetentionDays} {...bounded('logRetentionDays')} sx={wide} />
      </SettingsSection>
    </>),
  ].filter((element) => element !== null);
}

/** The map API key: masked, and only asked for a provider other than OpenStreetMap. */
function MapApiKeyInput() {
  const provider = useWatch({ name: 'mapProvider' });
  if (!provider || provider === 'openstreetmap') return null;
  return <PasswordInput source="mapApiKey" label={f.mapApiKey} helperText={f.mapApiKeyHelp} autoComplete="off" sx={wide} />;
}

/** The maintenance message and the notice, only while maintenance is on. */
function MaintenanceMessageInput() {
  const on = useWatch({ name: 'maintenanceMode' });
  if (!on) return null;
  return (
    <>
      <Alert severity="warning" sx={{ mb: 1.5 }}>
        {t.maintenanceNotice}
      </Alert>
      <TextInput source="maintenanceMessage" label={f.maintenanceMessage} multiline minRows={2} sx={wide} />
    </>
  );
}

/** The service of each report type the form lists now (a type added above gets its row at once). */
function ReportTypeServiceInputs({ readOnly }: { readOnly: boolean }) {
  const names = useListedTypes();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
      {names.map((name) => (
        <SelectInput
          key={name}
          source={`reportTypeServices.${name}`}
          label={name}
          choices={choices(SERVICES)}
          readOnly={readOnly}
          helperText={false}
          sx={{ mb: 1 }}
        />
      ))}
    </Box>
  );
}
