import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from '../../../src/common/lazyWithPreload';
import { resources } from '../../../src/resources';
import type { ActionDialogProps, ResourceConfig } from '../../../src/generic/types';
import { renderScreen } from '../renderApp';
import { meetingsBackend, reunions } from './meetings';

/**
 * What a tap on a record opens is on the device before the tap: once the list is shown and the page idle, the
 * detail's body and the row and detail actions' dialogs are loaded; an action the list does not offer is not.
 */
const chunk = <P,>(name: string) => vi.fn(async () => ({ default: (() => <p>{name}</p>) as unknown as React.ComponentType<P> }));

describe('the list loads what a tap opens once the page is idle', () => {
  it('the detail’s body and the offered actions’ dialogs, nothing else', async () => {
    const body = chunk<{ record: Record<string, unknown> }>('Corps');
    const rowDialog = chunk<ActionDialogProps>('Déplacer');
    const unused = chunk<ActionDialogProps>('Jamais proposé');
    const config: ResourceConfig = {
      ...reunions,
      detail: { body: lazyWithPreload(body) },
      actions: {
        ...reunions.actions,
        row: [...(reunions.actions?.row ?? []), 'move'],
        custom: [
          ...(reunions.actions?.custom ?? []),
          { id: 'move', label: 'Déplacer', access: 'edit', dialog: lazyWithPreload(rowDialog) },
          { id: 'unused', label: 'Jamais proposé', access: 'edit', dialog: lazyWithPreload(unused) },
        ],
      },
    };
    const { backend } = meetingsBackend();
    backend.sessionStorageFor('editeur');
    renderScreen('/reunions', { fetch: backend.fetch, registry: [...resources, config] });
    expect(await screen.findByText('3 réunion(s) trouvée(s)')).toBeInTheDocument();
    await waitFor(() => expect(body).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(rowDialog).toHaveBeenCalledTimes(1));
    expect(unused).not.toHaveBeenCalled();
    // Nothing of it is shown: loaded, not opened.
    expect(screen.queryByText('Corps')).not.toBeInTheDocument();
  });
});
