import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, isShown, notificationFor, preferencesOf } from '@mamoudzou/domain/notifications';
import { relevance } from '../../../backend/src/api/search/services/search';
import { createRealtime, SOCKET_OPTIONS } from '../../../src/providers/realtime';
import { fakeSockets } from '../../support/fakeSocket';
import { QueryClient } from '@tanstack/react-query';
import { catchUpOnConnect } from '../../../src/custom/layout/catchUpOnConnect';

const report = { id: 'rep42', title: 'Lampadaire éteint', type: 'Éclairage public', priority: 'critique', description: 'Rue du Marché', location: 'Kawéni', status: 'nouveau' };

describe('socket payload → French notification', () => {
  it('new report: "Signalement {reference} : {title or type}", never the internal id; priority from the report, a link to it', () => {
    expect(notificationFor('new-report', report)).toMatchObject({
      title: 'Signalement : Lampadaire éteint',
      message: 'Rue du Marché',
      category: 'signalement',
      priority: 'urgent',
      data: { url: '/signalements/rep42', entityId: 'rep42', entityType: 'report', location: 'Kawéni' },
    });
    expect(notificationFor('new-report', { ...report, title: null, priority: 'haute' })).toMatchObject({ title: 'Signalement : Éclairage public', priority: 'high' });
    expect(notificationFor('new-report', { ...report, reference: 'MZ-2026-00042' }).title).toBe('Signalement MZ-2026-00042 : Lampadaire éteint');
    expect(notificationFor('new-report', report).title).not.toContain('rep42');
    // One scale: a « Basse » report's notification is « Basse » too.
    expect(notificationFor('new-report', { ...report, priority: 'basse' }).priority).toBe('low');
  });

  it('updated and resolved reports, new and updated events', () => {
    expect(notificationFor('report-updated', report)).toMatchObject({ title: 'Signalement mis à jour', type: 'info', data: { url: '/signalements/rep42' } });
    expect(notificationFor('report-resolved', report)).toMatchObject({ title: 'Signalement résolu', type: 'success', message: 'Le signalement « Lampadaire éteint » est résolu.' });
    expect(notificationFor('report-resolved', { ...report, reference: 'MZ-2026-00042' }).message).toBe('Le signalement MZ-2026-00042 « Lampadaire éteint » est résolu.');
    const event = { id: 'ev1', title: 'Fête de la musique', date: '2026-06-21', time: '18:30:00.000', location: 'Place Mariage' };
    // The day and time as French staff write them.
    expect(notificationFor('new-event', event)).toMatchObject({ title: 'Nouvel événement', category: 'event', message: '« Fête de la musique » le 21/06/2026 à 18:30, Place Mariage.', data: { url: '/evenements/ev1' } });
    expect(notificationFor('new-event', { ...event, time: null }).message).toBe('« Fête de la musique » le 21/06/2026, Place Mariage.');
    expect(notificationFor('event-updated', event)).toMatchObject({ title: 'Événement mis à jour', data: { url: '/evenements/ev1' } });
  });
});

describe('display rule: shown only if the category and the priority are on in the preferences', () => {
  it('shows a notification only with in-app on and its category and priority enabled', () => {
    const on = DEFAULT_NOTIFICATION_PREFERENCES;
    const n = { category: 'signalement', priority: 'urgent' };
    expect(isShown(on, n)).toBe(true);
    expect(isShown({ ...on, inApp: false }, n)).toBe(false);
    expect(isShown(preferencesOf({ categories: { signalement: false } }), n)).toBe(false);
    expect(isShown(preferencesOf({ priorities: { urgent: false } }), n)).toBe(false);
    expect(isShown(preferencesOf({ priorities: { low: false } }), n)).toBe(true);
  });

  it('stored preferences fill in over the defaults (all on)', () => {
    expect(preferencesOf(null)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(preferencesOf({ email: false, categories: { event: false } })).toMatchObject({ email: false, push: true, categories: { event: false, signalement: true } });
  });
});

describe('global search relevance', () => {
  it('puts the whole query opening the title first, then inside it, then all its words, then elsewhere', () => {
    const query = 'marche de kaweni';
    const titles = ['Route abîmée', 'Le marché de Kawéni rénové', 'Kawéni : le marché de nuit', 'Marché de Kawéni inondé', 'Marché couvert de Kawéni'];
    const ranked = [...titles].sort((a, b) => relevance(b, query) - relevance(a, query));
    expect(ranked).toEqual(['Marché de Kawéni inondé', 'Le marché de Kawéni rénové', 'Marché couvert de Kawéni', 'Kawéni : le marché de nuit', 'Route abîmée']);
  });
});

describe('real-time client', () => {
  it('connects with the token and the specified options, says its state, passes events on, and closes', () => {
    const sockets = fakeSockets();
    let token: string | null = 'jwt-1';
    const realtime = createRealtime({ url: 'http://api.test', getToken: () => token, io: sockets.factory });
    const states: string[] = [];
    realtime.subscribe((state) => states.push(state.status));
    const onReport = vi.fn();
    realtime.on('new-report', onReport);
    realtime.connect();
    realtime.connect(); // same token: same socket
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.last()!.options).toMatchObject({ ...SOCKET_OPTIONS, auth: { token: 'jwt-1' } });
    sockets.last()!.serverEmit('connect');
    sockets.last()!.serverEmit('connection-count', { count: 3 });
    sockets.last()!.serverEmit('new-report', { id: 'r1' });
    expect(realtime.getState()).toMatchObject({ status: 'connected', connectionCount: 3 });
    expect(onReport).toHaveBeenCalledWith({ id: 'r1' });
    token = 'jwt-2';
    realtime.connect(); // a new token: a new connection
    expect(sockets.sockets).toHaveLength(2);
    realtime.disconnect();
    expect(sockets.last()!.connected).toBe(false);
    expect(realtime.getState().status).toBe('idle');
    expect(states).toContain('connecting');
    token = null;
    realtime.connect();
    expect(sockets.sockets).toHaveLength(2);
  });
});

describe('catching up when the connection comes back', () => {
  it('marks the reports and notifications stale at each reconnection, only the notifications at the first connection, nothing on other state changes', async () => {
    const sockets = fakeSockets();
    const realtime = createRealtime({ url: 'http://api.test', getToken: () => 'jwt', io: sockets.factory });
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const fetched = (key: string) => queryClient.setQueryData([key, 'getList', {}], { data: [], total: 0 });
    const invalidated = (key: string) => queryClient.getQueryState([key, 'getList', {}])?.isInvalidated;
    fetched('signalements');
    fetched('notifications');
    fetched('actualites');
    catchUpOnConnect(realtime, queryClient, ['signalements', 'notifications'], ['notifications']);
    realtime.connect();
    await vi.waitFor(() => expect(realtime.getState().status).toBe('connected'));
    // The screens have just asked for their data: a cold load does not ask twice…
    expect(invalidated('signalements')).toBe(false);
    // …but the bell asks again: a reminder notified before the socket joined would stay unseen.
    expect(invalidated('notifications')).toBe(true);
    fetched('notifications');
    sockets.last()!.serverEmit('connection-count', { count: 2 });
    expect(invalidated('notifications')).toBe(false);
    expect(invalidated('signalements')).toBe(false);

    // Events sent while the socket is down are lost: back, the app asks again.
    sockets.last()!.serverEmit('disconnect');
    expect(invalidated('signalements')).toBe(false);
    sockets.last()!.serverEmit('connect');
    expect(invalidated('signalements')).toBe(true);
    expect(invalidated('notifications')).toBe(true);
    expect(invalidated('actualites')).toBe(false);
  });
});
