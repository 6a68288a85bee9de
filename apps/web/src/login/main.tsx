import './login.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginShell } from './login-shell.tsx';
import { hasLiveSession } from './session-check.ts';

// Signed in on this subdomain already: to the dashboard (replacing the login page in the history).
void hasLiveSession().then((live) => {
  if (live) window.location.replace('/dashboard');
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from login.html');

createRoot(root).render(
  <StrictMode>
    <LoginShell />
  </StrictMode>,
);
