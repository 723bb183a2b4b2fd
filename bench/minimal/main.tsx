import { createRoot } from 'react-dom/client';
import { Admin, Datagrid, DateField, List, Resource, TextField, type AuthProvider, type DataProvider } from 'react-admin';

/**
 * The bench's yardstick (bench/support/minimal.ts): the smallest react-admin app of the same
 * versions as the back-office, built by the project's own vite in one bundle. react-admin's <Admin>
 * with its default layout, login page and English messages, one list of 25 reports read from the
 * same backend with the same session token. Its scores are printed beside ours.
 */
const API_URL = import.meta.env.VITE_API_URL as string;
const TOKEN_KEY = 'minimal.token';

const authProvider: AuthProvider = {
  async login({ username, password }) {
    const res = await fetch(`${API_URL}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ identifier: username, password }) });
    if (!res.ok) throw new Error('Identifiants invalides');
    localStorage.setItem(TOKEN_KEY, (await res.json()).jwt);
  },
  async logout() {
    localStorage.removeItem(TOKEN_KEY);
  },
  async checkAuth() {
    if (!localStorage.getItem(TOKEN_KEY)) throw new Error('not logged in');
  },
  async checkError(error) {
    if (error?.status === 401) throw error;
  },
};

const notSupported = () => Promise.reject(new Error('not supported'));
const dataProvider = {
  async getList(resource, { pagination = { page: 1, perPage: 25 }, sort = { field: 'createdAt', order: 'DESC' } }) {
    const query = `pagination[page]=${pagination.page}&pagination[pageSize]=${pagination.perPage}&sort[0]=${sort.field}:${sort.order.toLowerCase()}`;
    const res = await fetch(`${API_URL}/api/${resource}?${query}`, { headers: { Authorization: `Bearer ${localStorage.getItem(TOKEN_KEY)}` } });
    if (!res.ok) throw Object.assign(new Error(res.statusText), { status: res.status });
    const body = await res.json();
    return { data: body.data.map((row: { documentId: string }) => ({ ...row, id: row.documentId })), total: body.meta.pagination.total };
  },
  getOne: notSupported,
  getMany: notSupported,
  getManyReference: notSupported,
  create: notSupported,
  update: notSupported,
  updateMany: notSupported,
  delete: notSupported,
  deleteMany: notSupported,
} as DataProvider;

const ReportList = () => (
  <List sort={{ field: 'createdAt', order: 'DESC' }} perPage={25}>
    <Datagrid rowClick={false} bulkActionButtons={false}>
      <TextField source="reference" />
      <TextField source="title" />
      <TextField source="report_status" />
      <TextField source="zone" />
      <DateField source="createdAt" showTime />
    </Datagrid>
  </List>
);

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} authProvider={authProvider} requireAuth>
    <Resource name="reports" list={ReportList} />
  </Admin>,
);
