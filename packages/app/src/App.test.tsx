import { render, screen } from '@testing-library/react';
import App from './App';

describe('App', () => {
  it('opens on the sign-in page, offering the Kargo SSO provider and the guest', async () => {
    process.env = {
      NODE_ENV: 'test',
      APP_CONFIG: [
        {
          data: {
            app: { title: 'Test' },
            backend: { baseUrl: 'http://localhost:7007' },
            auth: { environment: 'development' },
            techdocs: {
              storageUrl: 'http://localhost:7007/api/techdocs/static/docs',
            },
          },
          context: 'test',
        },
      ] as any,
    };

    render(App.createRoot());

    expect(
      await screen.findByText('Kargo SSO (sandbox)', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Sign in as alice \(password alice/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Enter' })).toBeEnabled();
    // The whole app's first render; findByText above already waits 20 s.
  }, 60_000);
});
