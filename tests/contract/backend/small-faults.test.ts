import { describe, expect, it } from 'vitest';
import { call, PNG_1PX, tokenOf, unique, upload } from '../support/api';

/** Faults a hostile probe found: each answers a 400 in French, and what is refused is recorded. */

describe('pagination out of range', () => {
  it.each([
    'pagination[start]=99999999999999999999',
    'pagination[start]=-1',
    'pagination[limit]=1e30',
    'pagination[page]=99999999999999999999',
    'pagination[page]=50000000&pagination[pageSize]=100',
  ])('%s is a 400, not a 500', async (query) => {
    const res = await call('GET', `/api/reports?${query}`, { token: await tokenOf('operator') });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^Pagination invalide : /);
  });

  it('the users list, which reads start and limit at the top, refuses them out of range too', async () => {
    const admin = await tokenOf('admin');
    for (const query of ['start=99999999999999999999', 'limit=1e30', 'start=-5']) {
      const res = await call('GET', `/api/users?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.error.message).toMatch(/^Pagination invalide : /);
    }
    expect((await call('GET', '/api/users?start=0&limit=2', { token: admin })).body).toHaveLength(2);
  });

  it('a deep but possible page is still served', async () => {
    const res = await call('GET', '/api/reports?pagination[start]=2147483647&pagination[limit]=1', { token: await tokenOf('operator') });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

/** Files that start like a PNG and are not one, damaged in different places. */
function corruptPngs(count: number): Buffer[] {
  const files: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 4;
    if (kind === 0) files.push(Buffer.concat([PNG_1PX.subarray(0, 8), Buffer.from(`pas une image ${i}`.repeat(20))]));
    else if (kind === 1) files.push(PNG_1PX.subarray(0, 33 + (i % 20)));
    else if (kind === 2) {
      // A valid header and chunk layout, garbage in the pixel data.
      const damaged = Buffer.from(PNG_1PX);
      for (let b = 41; b < 54; b++) damaged[b] = (damaged[b] + 17 * (i + 1)) & 0xff;
      files.push(damaged);
    } else files.push(Buffer.concat([PNG_1PX.subarray(0, 16), Buffer.alloc(200, i)]));
  }
  return files;
}

describe('damaged images', () => {
  it('twenty damaged PNGs sent at once are each refused with a 400 in French, and each refusal is audited', async () => {
    const author = await tokenOf('author');
    const batch = unique('abime');
    const names = corruptPngs(20).map((_, i) => `${batch}-${i}.png`);
    const results = await Promise.all(corruptPngs(20).map((content, i) => upload(author, names[i], content, 'image/png')));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 400));
    for (const [i, res] of results.entries()) expect(res.body.error.message).toBe(`Type de fichier non autorisé : ${names[i]} n'est pas une image valide`);

    const audit = await call('GET', `/api/audit-logs?filters[action][$eq]=upload_refused&filters[resourceLabel][$contains]=${batch}&pagination[pageSize]=50`, {
      token: await tokenOf('admin'),
    });
    expect(audit.status).toBe(200);
    expect(audit.body.data).toHaveLength(20);
    expect(audit.body.data[0]).toMatchObject({ module: 'medias', userName: expect.any(String), role: 'Author' });
    expect(audit.body.data.map((e: { resourceLabel: string }) => e.resourceLabel.split(' — ')[0]).sort()).toEqual([...names].sort());
  });

  it('a refused type is audited with its reason', async () => {
    const name = `${unique('page')}.html`;
    const res = await upload(await tokenOf('operator'), name, Buffer.from('<script>alert(1)</script>'), 'text/html');
    expect(res.status).toBe(400);
    const audit = await call('GET', `/api/audit-logs?filters[action][$eq]=upload_refused&filters[resourceLabel][$contains]=${name}`, { token: await tokenOf('admin') });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data[0].resourceLabel).toMatch(new RegExp(`^${name.replace('.', '\\.')} — Type de fichier non autorisé : ${name.replace('.', '\\.')} \\(types acceptés : `));
    expect(audit.body.data[0].role).toBe('Operator');
  });

  it('a good image is still stored', async () => {
    const res = await upload(await tokenOf('author'), `${unique('bonne')}.png`, PNG_1PX, 'image/png');
    expect(res.status).toBe(201);
  });
});
