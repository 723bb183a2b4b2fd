import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend } from '../../support/fakeBackend';
import { renderScreen } from '../renderApp';

/**
 * « Renvoyer » in the outbox: offered for a failed mail, and for one the SMTP server took without confirming it
 * (the administrator is told it may arrive twice); never for a mail that was sent.
 */
const mail = (id: number, subject: string, state: string, lastError: string | null) => ({
  id,
  documentId: `mail-${id}`,
  createdAt: '2026-11-20T07:30:00.000Z',
  to: `citoyen${id}@exemple.test`,
  subject,
  template: 'report-acknowledgement',
  state,
  attempts: 1,
  lastError,
});

function outboxBackend() {
  const backend = fakeBackend({
    'email-outbox': [
      mail(1, 'Refusé', 'failed', 'Adresse refusée par le serveur'),
      mail(2, 'Non confirmé', 'sent', 'Envoi non confirmé, non renouvelé pour ne pas arriver en double : délai dépassé'),
      mail(3, 'Arrivé', 'sent', null),
    ],
  });
  backend.sessionStorageFor('admin');
  backend.on('POST', '/api/email-outbox/mail-2/resend', { body: { data: { ...mail(2, 'Non confirmé', 'queued', null), attempts: 0 } } });
  return backend;
}

describe('the outbox’s « Renvoyer »', () => {
  it('is offered for a failed mail and an unconfirmed one, saying the latter may arrive twice; never for a sent mail', async () => {
    const user = userEvent.setup();
    const backend = outboxBackend();
    renderScreen('/courriels', { fetch: backend.fetch });
    const table = await screen.findByRole('table', { name: 'E-mails de la file d’envoi' });
    await within(table).findByText('Arrivé');
    expect(screen.queryByRole('button', { name: 'Actions pour « Arrivé »' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions pour « Refusé »' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions pour « Non confirmé »' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Renvoyer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Renvoyer l’e-mail' }));
    expect(dialog.getByText('Le serveur d’envoi a reçu l’e-mail « Non confirmé » sans confirmer l’avoir pris en charge : il est peut-être déjà arrivé. Renvoyé, il pourrait arriver deux fois.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Renvoyer' }));
    expect(await screen.findByText('L’e-mail est de nouveau dans la file d’envoi.')).toBeInTheDocument();
    expect(backend.calls.filter((c) => c.method === 'POST' && c.path === '/api/email-outbox/mail-2/resend')).toHaveLength(1);
  });
});
