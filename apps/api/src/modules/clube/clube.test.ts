import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TERMO_CLUBE, textoTermoClube, formatarNumeroProtocolo } from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { loadConfig } from '../../config';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

const membro = (app: TestApp, cpf: string, contrato?: string) => app.membro(cpf, contrato);

interface Link {
  webSmartLink: string;
  expiraEm: string;
  protocolo: string;
  prazoResposta: string;
}
const smartLink = (c: Client, perfil: object, body: object = {}, chave?: string) =>
  c.post<Link>(
    '/api/Clube/SmartLinkLogin',
    { perfilAutenticado: perfil, ...body },
    chave ? { headers: { 'idempotency-key': chave } } : {},
  );

/** Nothing in the link reads as the member's CPF or name, however it is decoded (issue 13). */
function semDadosPessoais(link: string, token: string) {
  const formas = [link, decodeURIComponent(link), token, Buffer.from(token, 'base64url').toString('latin1')];
  for (const parte of token.split('.')) formas.push(Buffer.from(parte, 'base64url').toString('utf8'));
  const digitos = formas.map((f) => f.replace(/\D/g, '')).join(' ');
  for (const cpf of Object.values(CPF)) {
    expect(digitos).not.toContain(cpf);
    expect(digitos).not.toContain(cpf.slice(0, 9));
  }
  for (const f of formas) expect(f).not.toMatch(/maria|aparecida|souza|roberto|pereira/i);
  // One query parameter, and not a JWT/JWS/JWE (no dot-separated parts to decode).
  expect([...new URL(link).searchParams.keys()]).toEqual(['token']);
  expect(token).not.toContain('.');
}

/** The partner's server: Clube/ResgatarAcesso with its secret, no API token. */
const resgatar = (app: TestApp, token: string, secret: string | null) =>
  app
    .client()
    .post<{ nome: string; cpf: string; code: string; message: string }>(
      '/api/Clube/ResgatarAcesso',
      { token },
      { auth: false, headers: secret === null ? {} : { authorization: `Bearer ${secret}` } },
    );

const segredo = async (app: TestApp) =>
  (await app.db.query<{ value: string }>(`select value from server_secrets where name = 'clube_secret'`))[0]!.value;

describe('POST /api/Clube/SmartLinkLogin', () => {
  it('records the consent (who, when, text version and hash, purpose) and answers a 5-minute link with an opaque code', async () => {
    const { c, perfil } = await membro(t, CPF.maria, CONTRATO.maria);
    const r = await smartLink(c, perfil, { cpf: '529.982.247-25', versaoTermo: TERMO_CLUBE.versao });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      webSmartLink: expect.stringMatching(/^https:\/\/clube\.saudeexemplo\.com\.br\/acesso\?token=[\w-]{43}$/),
      expiraEm: '2026-03-10T12:05:00.000Z',
      protocolo: expect.stringMatching(/^41729720260310\d{6}$/),
      prazoResposta: '2026-03-19',
    });
    const token = new URL(r.body.webSmartLink).searchParams.get('token')!;
    semDadosPessoais(r.body.webSmartLink, token);
    const [consent] = await t.db.query<Record<string, unknown>>(
      `select cpf, codigo_contrato, finalidade, parceiro, dados_compartilhados, texto_versao, texto_hash,
              concedido_em, revogado_em, link_codigo_hash, link_expira_em, link_resgatado_em
         from consentimentos where protocolo = $1`,
      [r.body.protocolo],
    );
    expect(consent).toEqual({
      cpf: CPF.maria,
      codigo_contrato: CONTRATO.maria,
      finalidade: 'Acesso ao clube de benefícios do parceiro',
      parceiro: 'Clube Vantagens Saúde Exemplo',
      dados_compartilhados: ['nome completo', 'CPF'],
      texto_versao: '2025-07-01',
      texto_hash: createHash('sha256')
        .update(textoTermoClube('Clube Vantagens Saúde Exemplo').join('\n'))
        .digest('hex'),
      concedido_em: new Date('2026-03-10T12:00:00.000Z'),
      revogado_em: null,
      // Only the code's hash is kept.
      link_codigo_hash: createHash('sha256').update(token).digest('hex'),
      link_expira_em: new Date('2026-03-10T12:05:00.000Z'),
      link_resgatado_em: null,
    });
    const [p] = await t.db.query('select tipo, situacao from protocolos where numero = $1', [r.body.protocolo]);
    expect(p).toEqual({ tipo: 'CONSENTIMENTO_CLUBE', situacao: 'CONCLUIDO' });
    const [aviso] = await t.db.query<{ destino: string; mensagem: string }>(
      'select destino, mensagem from outbox order by id desc limit 1',
    );
    expect(aviso).toEqual({
      destino: 'maria.souza@exemplo.com.br',
      mensagem: `Saúde Exemplo: em 10/03/2026 você autorizou o compartilhamento do seu nome e CPF com Clube Vantagens Saúde Exemplo para acessar o clube de benefícios. Protocolo ${formatarNumeroProtocolo(r.body.protocolo as string)}. Para revogar, fale com nossos canais de atendimento.`,
    });
  });

  it('a retry with the same key gets the same link; 20 at once record one consent', async () => {
    const { c, perfil } = await membro(t, CPF.carlos);
    const chave = randomUUID();
    const rs = await Promise.all(Array.from({ length: 20 }, () => smartLink(c, perfil, { cpf: CPF.carlos }, chave)));
    expect(rs.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(rs.map((r) => r.body.webSmartLink)).size).toBe(1);
    const [{ n }] = (await t.db.query<{ n: number }>('select count(*)::int as n from consentimentos where cpf = $1', [
      CPF.carlos,
    ])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("only for the member's own CPF; an outdated text must be read again", async () => {
    const { c, perfil } = await membro(t, CPF.maria, CONTRATO.maria);
    const r = await smartLink(c, perfil, { cpf: CPF.roberto });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({
      code: 'ACESSO_RESTRITO',
      message: 'O CPF informado não é o do usuário autenticado.',
    });
    const velho = await smartLink(c, perfil, { cpf: CPF.maria, versaoTermo: '2020-01-01' });
    expect(velho.status).toBe(422);
    expect(velho.body).toMatchObject({
      code: 'TERMO_NAO_ACEITO',
      message: 'O termo de ciência foi atualizado. Leia o novo texto e confirme novamente.',
    });
    for (const [body, message] of [
      [{}, 'Informe o CPF.'],
      [{ cpf: '123.456.789-00' }, 'CPF inválido.'],
      [{ cpf: CPF.maria, versaoTermo: 'x'.repeat(41) }, 'Versão do termo inválida.'],
    ] as const) {
      const bad = await smartLink(c, perfil, body);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });

  it('another browser holding the session code, or no cookie, gets 401 and records nothing', async () => {
    const maria = await membro(t, CPF.maria, CONTRATO.maria);
    const roberto = await membro(t, CPF.roberto);
    for (const c of [roberto.c, t.client()]) {
      const r = await smartLink(c, maria.perfil, { cpf: CPF.maria });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
    }
  });
});

describe('POST /api/Clube/ResgatarAcesso (the partner, server to server)', () => {
  const link = async (cpf: string, contrato?: string) => {
    const { c, perfil } = await membro(t, cpf, contrato);
    const r = await smartLink(c, perfil, { cpf });
    expect(r.status).toBe(200);
    return { c, perfil, token: new URL(r.body.webSmartLink).searchParams.get('token')!, protocolo: r.body.protocolo };
  };

  it('the code answers name and CPF once; a second redemption, even at once, gets nothing', async () => {
    const { token } = await link(CPF.maria, CONTRATO.maria);
    const rs = await Promise.all(Array.from({ length: 5 }, async () => resgatar(t, token, await segredo(t))));
    const ok = rs.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body).toEqual({ nome: 'Maria Aparecida Souza', cpf: CPF.maria });
    for (const r of rs.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: 'CODIGO_INVALIDO', message: 'Código de acesso inválido ou já utilizado.' });
    }
    const again = await resgatar(t, token, await segredo(t));
    expect(again.status).toBe(404);
    const validar = await t.client().post<{ situacao: string }>('/api/Clube/ValidarLink', { token });
    expect(validar.body.situacao).toBe('RESGATADO');
    const [audit] = await t.db.query<{ cpf: string; detail: unknown }>(
      `select cpf, detail from audit_log where event = 'link_clube_resgatado' and cpf is not null order by id desc limit 1`,
    );
    expect(audit).toEqual({ cpf: CPF.maria, detail: { situacao: 'RESGATADO' } });
  });

  it('expires after 5 minutes', async () => {
    const { token } = await link(CPF.carlos);
    t.clock.advance(300_000);
    const r = await resgatar(t, token, await segredo(t));
    expect(r.status).toBe(410);
    expect(r.body).toMatchObject({ code: 'CODIGO_EXPIRADO', message: 'O código de acesso expirou.' });
    t.clock.advance(-300_000);
  });

  it('a wrong or missing partner secret, or the API token, is refused (401) and the code stays unspent', async () => {
    const { c, token } = await link(CPF.roberto);
    const apiToken = await c.newToken();
    for (const secret of [null, 'x', `${await segredo(t)}x`, apiToken]) {
      const r = await resgatar(t, token, secret);
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ code: 'TOKEN_INVALIDO', message: 'Credencial do parceiro inválida.' });
    }
    const [{ n }] = (await t.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where event = 'link_clube_parceiro_recusado'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(4);
    expect((await resgatar(t, token, await segredo(t))).status).toBe(200);
  });

  it('a code whose consent was revoked in Meus dados gives nothing; an unknown code neither', async () => {
    const { token, protocolo } = await link(CPF.maria, CONTRATO.maria);
    await t.db.query('update consentimentos set revogado_em = now() where protocolo = $1', [protocolo]);
    const r = await resgatar(t, token, await segredo(t));
    expect(r.status).toBe(410);
    expect(r.body).toMatchObject({ code: 'JA_REVOGADO' });
    const unknown = await resgatar(t, 'A'.repeat(43), await segredo(t));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'CODIGO_INVALIDO' });
  });
});

describe('operator configuration of the club', () => {
  it('CLUBE_SECRET is the partner secret when set; an operator without a club answers 404', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'operadora-sem-clube-'));
    const demo = loadConfig({}).operadoraDir;
    cpSync(demo, dir, { recursive: true });
    const json = JSON.parse(readFileSync(join(dir, 'operadora.json'), 'utf8'));
    writeFileSync(join(dir, 'operadora.json'), JSON.stringify({ ...json, clube: null }));
    const secret = 'segredo-compartilhado-com-o-parceiro-0123456789';
    const comSegredo = await startApp({
      env: { CLUBE_SECRET: secret, OPERADORA_CLUBE_URL: 'https://parceiro.example.com/entrar' },
    });
    const semClube = await startApp({ env: { OPERADORA_DIR: dir } });
    try {
      const a = await membro(comSegredo, CPF.roberto);
      const r = await smartLink(a.c, a.perfil, { cpf: CPF.roberto });
      expect(r.body.webSmartLink).toMatch(/^https:\/\/parceiro\.example\.com\/entrar\?token=[\w-]{43}$/);
      const token = new URL(r.body.webSmartLink).searchParams.get('token')!;
      expect((await resgatar(comSegredo, token, 'outro-segredo-qualquer-0123456789abcdef')).status).toBe(401);
      const ok = await resgatar(comSegredo, token, secret);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ nome: 'Roberto Alves Pereira', cpf: CPF.roberto });

      const b = await membro(semClube, CPF.roberto);
      const r2 = await smartLink(b.c, b.perfil, { cpf: CPF.roberto });
      expect(r2.status).toBe(404);
      expect(r2.body).toMatchObject({ code: 'NAO_ENCONTRADO', message: 'O clube de benefícios não está disponível.' });
    } finally {
      await comSegredo.close();
      await semClube.close();
    }
  });
});
