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
 * address and service. Nothing when no template fits.
 */
export function ReplyTemplatePicker({ record, status, onPick }: { record: RaRecord; status?: string | null; onPick: (text: string) => void }) {
  const { settings } = useSettings();
  const templates = templatesFor(settings.responseTemplates ?? [], record.type as string, status);
  if (templates.length === 0) return null;
  return (
    <TextField
      select
      fullWidth
      label={l.label}
      helperText={l.help}
      value=""
      onChange={(e) => {
        const chosen = templates[Number(e.target.value)];
        if (chosen) onPick(fillTemplate(chosen.text, { reference: record.reference as string, type: record.type as string, address: record.address as string, service: record.service as string }));
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
