import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { PapelEquipe } from '@portal/contract';
import type { Client, TestApp } from './helper';

/** What the console sends with each call: its marker header, no member session. */
export const EQUIPE = { headers: { 'x-portal-equipe': '1' }, auth: false } as const;

let n = 0;

/**
 * A new staff account with `papel`, signed in as a person does it the first time: the CLI's one-time
 * password, the TOTP code, then a password of their own (decision 0033). `grupo` names the accounts
 * of one test file (their e-mails). Its client, id and name.
 */
export async function equipeLogada(
  t: TestApp,
  papel: PapelEquipe,
  grupo: string,
): Promise<{ c: Client; id: string; nome: string }> {
  n++;
  const email = `${grupo}${n}.${papel}@operadora.exemplo`;
  const nome = `Equipe ${n} (${papel})`;
  const r = await t.app.services.equipe.criarConta({ email, nome, papel });
  if (!r) throw new Error('account not created');
  const c = t.client();
  t.clock.advance(30_000);
  expect((await c.post('/api/atendimento/entrar', { email, senha: r.senha }, EQUIPE)).status).toBe(200);
  const codigo = new TOTP({ secret: Secret.fromBase32(r.segredo), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: t.clock.now(),
  });
  expect((await c.post('/api/atendimento/totp', { codigo }, EQUIPE)).body).toEqual({ etapa: 'trocar-senha' });
  const d = await c.post('/api/atendimento/senha', { senha: `a senha propria da equipe ${grupo} ${n}` }, EQUIPE);
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  return { c, id: r.conta.id, nome };
}
