import { useQuery } from '@tanstack/react-query';
import { BooleanInput } from 'react-admin';
import { useCustomCalls } from '../../providers/customCalls';
import { messages as t } from './messages';

/** What /api/system-status says of text messages (the Intégrations page reads the same answer). */
interface SmsStatus {
  sms?: { configured: boolean; provider: string | null };
}

/**
 * « Notifications par SMS »: text messages need a gateway configured on the server, which the
 * product does not ship. Until the server names one the switch is disabled and says why (the backend
 * refuses it too), rather than a switch that sends nothing.
 */
export function SmsSwitch({ readOnly }: { readOnly: boolean }) {
  const calls = useCustomCalls();
  const status = useQuery({
    queryKey: ['integrations', 'status'],
    queryFn: ({ signal }) => calls.get<{ data: SmsStatus }>('/api/system-status', {}, signal).then((body) => body.data),
    retry: false,
  });
  const configured = status.data?.sms?.configured === true;
  const why = status.isPending ? t.smsChecking : configured ? false : t.smsUnavailable;
  return <BooleanInput source="smsNotifications" label={t.fields.smsNotifications} helperText={why} disabled={!configured} readOnly={readOnly} />;
}
