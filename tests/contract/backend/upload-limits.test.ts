import { afterEach, describe, expect, it } from 'vitest';
import { encodePng } from '../../../backend/src/seed/png';
import { backendUrl, call, logIn, newAccount, PNG_1PX, tokenOf, unique, upload } from '../support/api';

/**
 * Uploads cannot stall the server: each person sends at most the settings' maxUploadsPerHour files an hour and
 * maxUploadVolumePerDay megabytes a day (Sécurité), and images are decoded and resized in a bounded queue, their sizes
 * made after the upload is answered.
 */
async function setSettings(data: Record<string, unknown>) {
  const res = await call('PUT', '/api/setting', { token: await tokenOf('admin'), body: { data } });
  expect(res.status).toBe(200);
}
afterEach(async () => setSettings({ maxUploadsPerHour: 30, maxUploadVolumePerDay: 500 }));

async function personOf(role: string) {
  const account = await newAccount(role);
  return { ...account, token: await logIn(account.email, account.password) };
}
const pdf = (megabytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.round(megabytes * 1024 * 1024), 0x20)]);

describe('upload limits per person (settings, Sécurité)', () => {
  it('maxUploadsPerHour files an hour, then a 429 in French, audited; someone else still uploads', async () => {
    await setSettings({ maxUploadsPerHour: 3 });
    const author = await personOf('Author');
    for (let i = 0; i < 3; i++) expect((await upload(author.token, `${unique('photo')}.png`, PNG_1PX, 'image/png')).status).toBe(201);
    const name = `${unique('une-de-trop')}.png`;
    const refused = await upload(author.token, name, PNG_1PX, 'image/png');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Limite d'envoi atteinte : au plus 3 fichiers par heure et par personne\. Réessayez après \d\d:\d\d\.$/);
    const audit = await call('GET', `/api/audit-logs?filters[action][$eq]=upload_refused&filters[resourceLabel][$contains]=${name}`, { token: await tokenOf('admin') });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0].resourceLabel).toMatch(/ — Limite d'envoi atteinte/);

    const other = await personOf('Author');
    expect((await upload(other.token, `${unique('photo')}.png`, PNG_1PX, 'image/png')).status).toBe(201);
  });

  it('maxUploadVolumePerDay megabytes in 24 hours, then a 429 in French', async () => {
    await setSettings({ maxUploadVolumePerDay: 10 });
    const operator = await personOf('Operator');
    expect((await upload(operator.token, `${unique('arrete')}.pdf`, pdf(4), 'application/pdf')).status).toBe(201);
    expect((await upload(operator.token, `${unique('arrete')}.pdf`, pdf(4), 'application/pdf')).status).toBe(201);
    const refused = await upload(operator.token, `${unique('arrete')}.pdf`, pdf(4), 'application/pdf');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      "Volume d'envoi atteint : au plus 10 Mo par personne sur 24 heures. Réessayez plus tard ou demandez à un administrateur de relever la limite.",
    );
    // A small file still fits.
    expect((await upload(operator.token, `${unique('note')}.pdf`, pdf(1), 'application/pdf')).status).toBe(201);
  });
});

describe('an upload flood', () => {
  it('images are decoded and resized one at a time, their sizes made after the answer; lists are served meanwhile', { timeout: 180_000 }, async () => {
    await setSettings({ maxUploadsPerHour: 1000 });
    const people = await Promise.all(['Author', 'Author', 'Operator'].map(personOf));
    // Wider than the « small » size (500 px), so that every size is made; no bigger: the test process encodes them.
    const picture = (seed: number) => encodePng(640, 480, (x, y) => [(x + seed * 13) % 256, (y * 2 + seed) % 256, (x * y + seed) % 256]);
    const operator = await tokenOf('operator');

    let flooding = true;
    const listStatuses: number[] = [];
    const lists = (async () => {
      while (flooding) listStatuses.push((await call('GET', '/api/reports?pagination[pageSize]=25&sort[0]=createdAt:desc', { token: operator })).status);
    })();
    const uploads = await Promise.all(
      people.flatMap((person, p) => Array.from({ length: 8 }, (_, i) => upload(person.token, `${unique('flot')}.png`, picture(p * 8 + i), 'image/png'))),
    );
    flooding = false;
    await lists;

    expect(uploads.map((res) => res.status)).toEqual(uploads.map(() => 201));
    // Answered before any size was made.
    for (const res of uploads) expect(res.body[0].formats ?? null).toBeNull();
    expect(listStatuses.length).toBeGreaterThan(0);
    expect(new Set(listStatuses)).toEqual(new Set([200]));

    const admin = await tokenOf('admin');
    let work: { concurrency: number; running: number; queued: number; peak: number; failed: number } | undefined;
    const deadline = Date.now() + 150_000;
    do {
      await new Promise((r) => setTimeout(r, 500));
      work = (await call('GET', '/api/system-status', { token: admin })).body.data.uploads.imageWork;
    } while ((work!.running > 0 || work!.queued > 0) && Date.now() < deadline);
    expect(work).toMatchObject({ concurrency: 1, running: 0, queued: 0, failed: 0 });
    // Never more than one image decoded or resized at once, whatever came in.
    expect(work!.peak).toBe(1);

    for (const res of uploads) {
      const file = (await call('GET', `/api/upload/files/${res.body[0].id}`, { token: admin })).body;
      expect(file.formats.thumbnail).toMatchObject({ width: expect.any(Number), mime: 'image/png' });
      expect(file.formats.thumbnail.width).toBeLessThanOrEqual(245);
      expect(file.formats.small.width).toBe(500);
      const thumbnail = await fetch(new URL(file.formats.thumbnail.url, backendUrl()));
      expect(thumbnail.status).toBe(200);
    }
  });
});
