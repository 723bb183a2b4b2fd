import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { RaRecord } from 'ra-core';
import { fillTemplate, templatesFor } from '@mamoudzou/domain/response-templates';
import { useSettings } from '../../providers/settings';
import { messages } from './messages';

const l = messages.templates;

/**
 * « Modèle de réponse »: the settings' replies that fit this report's type and the status it is
 * given, most specific first; choosing one fills the reply with the report's reference, type,
 * address and service, and the picker keeps its name shown. Nothing when no template fits.
 * Without a status (the Suivi's reply, which changes none), every template of the type is offered,
 * those of the report's current status (`current`) first.
 */
export function ReplyTemplatePicker({
  record,
  status,
  current,
  onPick,
}: {
  record: RaRecord;
  status?: string | null;
  current?: string | null;
  onPick: (text: string) => void;
}) {
  const { settings } = useSettings();
  const fitting = templatesFor(settings.responseTemplates ?? [], record.type as string, status);
  const templates = current ? [...fitting.filter((t) => t.status === current), ...fitting.filter((t) => t.status !== current)] : fitting;
  const [chosen, setChosen] = useState('');
  if (templates.length === 0) return null;
  return (
    <TextField
      select
      fullWidth
      label={l.label}
      helperText={l.help}
      value={templates[Number(chosen)] ? chosen : ''}
      onChange={(e) => {
        const template = templates[Number(e.target.value)];
        setChosen(e.target.value);
        if (template) onPick(fillTemplate(template.text, { reference: record.reference as string, type: record.type as string, address: record.address as string, service: record.service as string, zone: record.zone as string }));
      }}
      sx={{ mt: 2 }}
    >
      {templates.map((template, index) => (
        <MenuItem key={`${template.title}-${index}`} value={String(index)}>
          {template.title}
        </MenuItem>
      ))}
    </TextField>
  );
}
