import { FieldCell } from '../../generic/fields/FieldCell';
import { fieldOf } from '../../generic/values';
import { signalements } from './index';

/** A report's status badge outside the reports screen (the dashboard), read from the config like the list's. */
export function StatusBadge({ record }: { record: Record<string, unknown> }) {
  return <FieldCell field={fieldOf(signalements, 'report_status')} record={record} />;
}
