import { beforeAll, bench, describe, inject } from 'vitest';

const url = inject('benchUrl');
let token = '';
let someIds: string[] = [];

async function get(path: string) {
  const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

beforeAll(async () => {
  const login = await fetch(`${url}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: 'admin@mairie.test', password: 'Admin123!' }),
  });
  token = (await login.json()).jwt;
  const page = await get('/api/reports?pagination[pageSize]=25&fields[0]=documentId');
  someIds = page.data.map((r: { documentId: string }) => r.documentId);
  const total = page.meta.pagination.total;
  console.log(`bench: ${total} reports behind ${url}`);
});

const options = { time: 2_000, warmupTime: 300 };

describe(`API latency at ${inject('benchReports')} reports`, () => {
  bench('list: 25 newest, list fields, photos', () => get('/api/reports?pagination[page]=1&pagination[pageSize]=25&sort[0]=createdAt:desc&populate[photos][fields][0]=url&fields[0]=title&fields[1]=type&fields[2]=report_status&fields[3]=priority&fields[4]=zone&fields[5]=slaTarget&fields[6]=slaStatus&fields[7]=assignedTo&fields[8]=createdAt'), options);
  bench('list: filtered by status, zone and priority', () => get('/api/reports?pagination[pageSize]=25&sort[0]=createdAt:desc&filters[report_status][$eq]=en_cours&filters[zone][$eq]=Kaw%C3%A9ni&filters[priority][$in][0]=haute&filters[priority][$in][1]=critique'), options);
  bench('list: text search ($or of $containsi)', () => get('/api/reports?pagination[pageSize]=25&sort[0]=createdAt:desc&filters[$or][0][title][$containsi]=lampadaire&filters[$or][1][description][$containsi]=lampadaire&filters[$or][2][type][$containsi]=lampadaire'), options);
  bench('list: page 1,000 of 25', () => get('/api/reports?pagination[page]=1000&pagination[pageSize]=25&sort[0]=createdAt:desc'), options);
  bench('getMany: 25 by documentId', () => get(`/api/reports?pagination[pageSize]=25&${someIds.map((id, i) => `filters[documentId][$in][${i}]=${id}`).join('&')}`), options);
  bench('stats over all reports', () => get('/api/reports/stats'), options);
});
