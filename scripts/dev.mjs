// `npm run dev`: the API with reload on :3000 and Vite with HMR on :5173. Open
// http://localhost:5173 (and http://demo.localhost:5173). The server is told APP_DOMAIN=localhost:5173
// so the links and redirects it makes point at Vite, which proxies /api and /schema to it.
import { spawn } from 'node:child_process';

const env = { ...process.env, APP_DOMAIN: process.env.APP_DOMAIN ?? 'localhost:5173', LOG_PRETTY: 'true' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@excursio/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@excursio/web'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
