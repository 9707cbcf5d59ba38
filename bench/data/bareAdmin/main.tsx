// The loginjs floor (bench/measures/loginJs.ts): a bare react-admin app as its getting-started guide writes
// it — <Admin> with a data provider, an auth provider that wants a login, one <Resource> listed by ListGuesser,
// react-admin's own login page and MUI's default theme. Built by vite with the app's vite and React plugin.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type AuthProvider, type DataProvider } from 'react-admin';

const posts = [{ id: 1, title: 'Hello' }];

const dataProvider = {
  getList: async () => ({ data: posts, total: posts.length }),
  getOne: async (_resource: string, { id }: { id: unknown }) => ({ data: posts.find((p) => p.id === Number(id))! }),
  getMany: async () => ({ data: posts }),
  getManyReference: async () => ({ data: posts, total: posts.length }),
  create: async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 2 } }),
  update: async (_resource: string, { data }: { data: object }) => ({ data }),
  updateMany: async () => ({ data: [] }),
  delete: async (_resource: string, { previousData }: { previousData?: object }) => ({ data: previousData }),
  deleteMany: async () => ({ data: [] }),
} as unknown as DataProvider;

const authProvider: AuthProvider = {
  login: async ({ username }) => localStorage.setItem('user', username),
  logout: async () => localStorage.removeItem('user'),
  checkAuth: async () => (localStorage.getItem('user') ? undefined : Promise.reject(new Error('login'))),
  checkError: async () => undefined,
  getPermissions: async () => undefined,
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Admin dataProvider={dataProvider} authProvider={authProvider}>
      <Resource name="posts" list={ListGuesser} />
    </Admin>
  </StrictMode>,
);
