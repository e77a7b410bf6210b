// Renders a piece of the app inside the same providers as main.tsx, on a memory router.
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers, createQueryClient } from '../app/Providers';

export function renderApp(element: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>andere pagina</p> },
    ],
    { initialEntries: [route] },
  );
  const queryClient = createQueryClient();
  return {
    router,
    ...render(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    ),
  };
}

const b64url = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** An unsigned JWT with the claims the client reads (sub, exp). */
/**
 * For a check that something did NOT happen: a few turns of the event loop, each flushing React, so
 * that every promise, zero-delay timer (react-query hands its updates over with one) and render
 * already on its way has happened. No wall-clock wait.
 */
export async function settle(turns = 3) {
  for (let i = 0; i < turns; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

export const fakeJwt = (expInSeconds = 3600, sub = '1') =>
  `${b64url({ alg: 'HS256' })}.${b64url({ sub, exp: Math.floor(Date.now() / 1000) + expInSeconds })}.sig`;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const demoUser = (role: 0 | 1 | 2 = 0) => ({
  user_id: 1,
  email: 'klant@example.nl',
  first_name: 'Ahmed',
  last_name: 'Yilmaz',
  date_of_birth: '1990-03-15',
  nationality: 'Nederlandse',
  phone_number: '0612345678',
  address: 'Damrak 1',
  zip: '1012 LG',
  city: 'Amsterdam',
  country: 'Nederland',
  role,
});
