import { afterAll, beforeAll, expect, it } from 'vitest';
import { CPF, SENHA, startApp, type TestApp } from '../../test/helper';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startApp({ logStream: { write: (s: string) => void lines.push(s) } });
});
afterAll(() => t.close());

it('no CPF, password, code, token or cookie reaches the logs', async () => {
  const c = t.client();
  await c.post('/api/Login/VerificarCPF', { cpf: '529.982.247-25' });
  await c.post('/api/Login/PerfisDaConta', { cpf: CPF.maria, senha: 'senha-errada-xyz' });
  const { codigoSessao } = await c.login(CPF.maria);
  await c.post('/api/Registro/CadastrarCelular', { cpf: CPF.fernanda, celular: '21998765432' });
  const codigo = await t.lastCode('21998765432');
  await c.post('/api/Registro/ConfirmarCelular', { cpf: CPF.fernanda, tokenSMS: codigo });
  await c.post('/api/Registro/CadastrarSenha', { cpf: CPF.fernanda, senha: 'segredo-da-fernanda' });
  await c.post('/api/Login/VerificarCPF', undefined, {
    raw: `{"cpf":"${CPF.maria}"`,
    headers: { 'content-type': 'application/json' },
  });
  await c.post('/api/Login/Sair', { perfilAutenticado: { codigoSessao } });

  const log = lines.join('');
  expect(lines.length).toBeGreaterThan(10); // the requests were logged…
  expect(log).toContain('/api/Login/Autenticar');
  const secrets = [
    CPF.maria,
    '529.982.247-25',
    CPF.fernanda,
    SENHA,
    'senha-errada-xyz',
    'segredo-da-fernanda',
    codigo,
    String(codigoSessao),
    c.token!,
    c.cookies.get('pb_fluxo') ?? 'fluxo-cleared',
    '21998765432',
    'maria.souza@exemplo.com.br',
  ];
  for (const s of secrets) expect(log, `log contains ${s}`).not.toContain(s);
});
