import type { Operadora } from '@portal/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppShell } from './app/app';
import { usarOperadora } from './lib/operadora';

/**
 * The first screen of /login (the CPF step) as HTML, rendered at build time (decision 0040) by
 * scripts/prerender.mjs from the same tree the browser hydrates. The operator's fields the screen
 * shows are the placeholders the server fills on every response, so the page is the configured
 * operator's and re-branding still needs no rebuild.
 */
export function prerenderLogin(): string {
  const campos: Record<string, string> = { nome: '__OPERADORA_NOME__', logo: '__OPERADORA_LOGO__' };
  // Any other field the first screen starts to read has no placeholder yet: fail the build.
  usarOperadora(
    new Proxy(campos, {
      get(alvo, campo) {
        if (typeof campo === 'string' && campo in alvo) return alvo[campo];
        throw new Error(`prerender de /login: operadora().${String(campo)} não tem marcador (paginaComOperadora)`);
      },
    }) as unknown as Operadora,
  );
  return renderToString(
    <StrictMode>
      <StaticRouter location="/login">
        <AppShell />
      </StaticRouter>
    </StrictMode>,
  );
}
