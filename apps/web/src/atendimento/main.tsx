// First: Zod must read its CSP-safe setting before any schema is made (lib/zod-sem-eval.ts).
import '../lib/zod-sem-eval';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app';
import '../index.css';

// The staff console (issue 17): its own page and bundle, nothing of it loads on member routes.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

const root = document.getElementById('root');
if (!root) throw new Error('#root not found');
createRoot(root).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
