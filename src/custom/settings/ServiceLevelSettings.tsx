import { useGetList } from 'ra-core';
import { ArrayInput, BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import { roleLabelOf } from '@mamoudzou/domain/permissions';
import { SLA_BOUNDS } from '@mamoudzou/domain/sla';
import { REPORT_PRIORITIES, REPORT_PRIORITY_LABELS } from '@mamoudzou/domain/vocabulary';
import { format } from '../../i18n/fr';
import { staffRoles } from '../../resources/utilisateurs/staffRoles';
import { AddItem, iteratorSx } from './ListInputs';
import { ReportTypeSelectInput } from './ReportTypeInputs';
import { ROLES_QUERY } from './settingsForm';
import { SettingsSection } from './SettingsSection';
import { serviceLevelTexts as t } from './serviceLevelTexts';

const hours = { min: SLA_BOUNDS.hours.min, max: SLA_BOUNDS.hours.max, step: 1 };
const percent = { min: SLA_BOUNDS.reminderPercent.min, max: SLA_BOUNDS.reminderPercent.max, step: 1 };
/** Most urgent first, as staff think of them. */
const PRIORITIES = [...REPORT_PRIORITIES].reverse();
const priorityChoices = PRIORITIES.map((p) => ({ id: p, name: REPORT_PRIORITY_LABELS[p] }));

/**
 * The service levels in Paramétrages → Signalements: a delay per priority, overrides per type, calendar
 * or working hours (the town hall's hours and holidays), the reminder's share, the escalation's delay and
 * who is told. Bounds come from the schema the backend applies too (domain/settings-schema.ts).
 */
export function ServiceLevelSettings({ readOnly }: { readOnly: boolean }) {
  return (
    <>
      <SettingsSection id="sla" title={t.targets.title} help={t.targets.help}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, columnGap: 2 }}>
          {PRIORITIES.map((p) => (
            <NumberInput key={p} source={`slaHours.${p}`} label={format(t.hours, { priority: REPORT_PRIORITY_LABELS[p] })} {...hours} helperText={false} />
          ))}
        </Box>
        <TypeOverrides readOnly={readOnly} />
        <BooleanInput source="slaWorkingHoursOnly" label={t.workingHoursOnly} helperText={t.workingHoursOnlyHelp} />
        <WorkingCalendar />
      </SettingsSection>
      <SettingsSection id="sla-reminders" title={t.reminders.title} help={t.reminders.help}>
        <NumberInput source="slaReminderPercent" label={t.reminderPercent} {...percent} />
        <NumberInput source="slaEscalationHours" label={t.escalationHours} {...hours} />
        <EscalationRoles />
      </SettingsSection>
    </>
  );
}

/** A delay for a type and a priority: the types are those the form lists now. */
function TypeOverrides({ readOnly }: { readOnly: boolean }) {
  return (
    <ArrayInput source="slaTypeOverrides" label={t.overrides} helperText={t.overridesHelp}>
      <SimpleFormIterator inline disableClear disableReordering sx={iteratorSx} addButton={<AddItem label={t.addOverride} item={{ type: '', priority: 'haute', hours: 24 }} />}>
        <ReportTypeSelectInput source="type" label={t.overrideType} readOnly={readOnly} helperText={false} />
        <SelectInput source="priority" label={t.overridePriority} choices={priorityChoices} readOnly={readOnly} helperText={false} />
        <NumberInput source="hours" label={t.overrideHours} {...hours} helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The town hall's hours and holidays, asked only when delays count in working hours. */
function WorkingCalendar() {
  const on = useWatch({ name: 'slaWorkingHoursOnly' });
  if (!on) return null;
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, columnGap: 2 }}>
        <TextInput source="workingHours.start" label={t.opening} type="time" helperText={false} />
        <TextInput source="workingHours.end" label={t.closing} type="time" helperText={false} />
      </Box>
      <ArrayInput source="publicHolidays" label={t.holidays} helperText={t.holidaysHelp}>
        <SimpleFormIterator inline disableClear disableReordering sx={iteratorSx} addButton={<AddItem label={t.addHoliday} item="" />}>
          <TextInput source="" label={t.holiday} type="date" helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

/**
 * The roles told of a late report besides the administrators, by their French names; a role that no
 * longer exists (kept from before) is refused by the form's check (settingsForm.ts, withKnownRoles).
 */
function EscalationRoles() {
  const { data } = useGetList('roles', ROLES_QUERY);
  const roles = staffRoles(data ?? []).filter((role) => !['administrator', 'super_admin'].includes(String(role.type)));
  const choices = roles.map((role) => ({ id: String(role.name), name: roleLabelOf(String(role.name)) }));
  return <CheckboxGroupInput source="slaEscalationRoles" label={t.escalationRoles} choices={choices} row />;
}
