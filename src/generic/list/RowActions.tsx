import type { RaRecord } from 'ra-core';
import { fr, format } from '../../i18n/fr';
import { useResourceScreen } from '../screen';
import { recordTitle } from '../values';
import { ActionMenu } from './ActionMenu';

/** A row's menu: the config's row actions this user may run on this record. */
export function RowActions({ record }: { record: RaRecord }) {
  const { config, lists, available, run } = useResourceScreen();
  return (
    <ActionMenu
      actions={available(lists.row, record)}
      iconLabel={format(fr.generic.rowActions, { title: recordTitle(config, record) })}
      onPick={(action) => run(action.id, [record.id], record)}
    />
  );
}
