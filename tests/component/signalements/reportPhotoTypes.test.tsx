import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../renderApp';
import { makeReports, reportsBackend } from './reportsBackend';

/** The photos a report takes are the image types Paramétrages allows, as the server accepts them: nothing more. */
describe('report photos follow the allowed file types', { timeout: 60_000 }, () => {
  it('offers and takes only the allowed image types (a .webp is refused while unchecked in the settings)', async () => {
    const backend = reportsBackend(makeReports(1));
    backend.on('GET', '/api/setting', { body: { data: { id: 1, documentId: 'settings', allowedFileTypes: ['.jpg', '.png', '.pdf'] } } });
    backend.sessionStorageFor('operateur');
    renderApp('/signalements/create', { fetch: backend.fetch });
    const form = await screen.findByRole('dialog', { name: 'Nouveau signalement' }, { timeout: 20_000 });
    const input = form.querySelector('input[type=file]') as HTMLInputElement;
    // The types follow the settings once they are there (a form opened by its address may come first).
    await waitFor(() => expect(input).toHaveAttribute('accept', '.jpg,.png'));
    expect(within(form).getByText('Images uniquement, plusieurs fichiers possibles (types acceptés : .jpg, .png)')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['w'], 'photo.webp', { type: 'image/webp' }), new File(['p'], 'photo.png', { type: 'image/png' })] } });
    expect(await within(form).findByText('Fichiers refusés (images uniquement) : photo.webp')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: /Retirer la photo photo\.png/ })).toBeInTheDocument();
  });
});
