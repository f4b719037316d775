import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { lerPdf } from '../../../../../test/pdf-text';

/**
 * Pentest defect 12: with another operator, nothing a member receives may carry the demo's name
 * ('Saúde Exemplo') or its domain (saudeexemplo.com.br) — SMS, e-mail (sender, subject, body),
 * PDFs, the manifest, the page. The operator folder is the demo's with every demo name replaced (the
 * registration number kept, so the seeded demo people are there); the plans' names, which are demo
 * *data*, are renamed in the database too. Whatever is left came from the code.
 */

const DEMO = /sa(?:ú|=C3=BA|%C3%BA)de[ _]exemplo|saudeexemplo|SAUDE EXEMPLO/i;
const NOME = 'Operadora Teste Sul';

/** An SMTP server on the loopback that keeps each message as sent (headers and body). */
function servidorSmtp(): { server: Server; mensagens: string[] } {
  const mensagens: string[] = [];
  const server = createServer((s) => {
    s.setEncoding('utf8');
    s.on('error', () => undefined);
    let buf = '';
    let dados = false;
    let atual = '';
    s.write('220 teste ESMTP\r\n');
    s.on('data', (chunk: string) => {
      buf += chunk;
      for (let i = buf.indexOf('\r\n'); i >= 0; i = buf.indexOf('\r\n')) {
        const linha = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (dados) {
          if (linha === '.') {
            dados = false;
            mensagens.push(atual);
            atual = '';
            s.write('250 ok\r\n');
          } else atual += `${linha.startsWith('..') ? linha.slice(1) : linha}\r\n`;
          continue;
        }
        const cmd = linha.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') s.write('250 teste\r\n');
        else if (cmd === 'DATA') {
          dados = true;
          s.write('354 continue\r\n');
        } else if (cmd === 'QUIT') s.end('221 tchau\r\n');
        else s.write('250 ok\r\n');
      }
    });
  });
  return { server, mensagens };
}

let t: TestApp;
let dir: string;
const smtp = servidorSmtp();

beforeAll(async () => {
  await new Promise<void>((r) => smtp.server.listen(0, '127.0.0.1', r));
  const addr = smtp.server.address();
  const porta = typeof addr === 'object' && addr ? addr.port : 0;
  dir = await mkdtemp(join(tmpdir(), 'operadora-teste-'));
  await cp(fileURLToPath(new URL('../../../../../operadora/demo/', import.meta.url)), dir, { recursive: true });
  const json = (await readFile(join(dir, 'operadora.json'), 'utf8'))
    .replaceAll('Saúde Exemplo', NOME)
    .replaceAll('SAUDE EXEMPLO', 'TESTE SUL')
    .replaceAll('saudeexemplo', 'testesul');
  expect(json).not.toMatch(DEMO);
  await writeFile(join(dir, 'operadora.json'), json);
  t = await startApp({ env: { OPERADORA_DIR: dir, SMTP_URL: `smtp://127.0.0.1:${porta}` } });
  await t.db.query(`update planos set nome = replace(nome, 'Saúde Exemplo', 'Teste Sul')`);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => smtp.server.close(r));
  await rm(dir, { recursive: true, force: true });
});

/** A member call answering a file, as the browser downloads it. */
async function baixar(c: Client, caminho: string, body: object) {
  const r = await fetch(`${c.baseUrl}${caminho}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token ?? (await c.newToken())}`,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify(body),
  });
  expect(r.status, caminho).toBe(200);
  expect(r.headers.get('content-type'), caminho).toBe('application/pdf');
  return new Uint8Array(await r.arrayBuffer());
}

describe('another operator (pentest defect 12)', () => {
  it("every code, notice, e-mail, PDF and the manifest carry the operator's name, never the demo's", async () => {
    // Codes: registration by e-mail, recovery by SMS and e-mail, the SOS contracting by SMS.
    const registro = t.client();
    expect(
      (
        await registro.post('/api/Registro/CadastrarEmail', {
          cpf: CPF.fernanda,
          email: 'fernanda.ribeiro@exemplo.com.br',
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.client().post('/api/Login/RecuperarSenha', { cpf: CPF.maria, tipoSolicitacao: 'celular' })).status,
    ).toBe(200);
    expect(
      (await t.client().post('/api/Login/RecuperarSenha', { cpf: CPF.carlos, tipoSolicitacao: 'email' })).status,
    ).toBe(200);
    const maria = await t.membro(CPF.maria, CONTRATO.maria);
    const sos = '/api/Servicos/Sos';
    expect(
      (
        await maria.c.post(`${sos}/AceiteTermoAdesao`, {
          perfilAutenticado: maria.perfil,
          codigoMatriculasBeneficiariosAlvo: [BENEFICIARIO.anaClara],
        })
      ).status,
    ).toBe(200);
    expect((await maria.c.post(`${sos}/EnviarSms`, { perfilAutenticado: maria.perfil })).status).toBe(200);
    const codigo = await t.lastCode('11987654321');
    const contratado = await maria.c.post(`${sos}/ConfirmarContratacao`, {
      perfilAutenticado: maria.perfil,
      codigoToken: codigo,
    });
    expect(contratado.status, JSON.stringify(contratado.body)).toBe(200);
    await t.app.services.notifier.drain();

    const outbox = await t.db.query<{ canal: string; mensagem: string }>('select canal, mensagem from outbox');
    expect(outbox.length).toBeGreaterThanOrEqual(4);
    for (const m of outbox) expect(m.mensagem, m.mensagem).not.toMatch(DEMO);
    expect(outbox.filter((m) => m.mensagem.includes(`${NOME}: seu código de verificação é`))).toHaveLength(3);

    // What left through SMTP: sender, subject and body (quoted-printable soft breaks joined).
    await expect.poll(() => smtp.mensagens.length).toBeGreaterThanOrEqual(2);
    for (const bruta of smtp.mensagens) {
      const m = bruta.replace(/=\r\n/g, '');
      expect(m).not.toMatch(DEMO);
      expect(m).toMatch(/^From: .*Operadora Teste Sul.*<nao-responda@testesul\.com\.br>/m);
      expect(m).toMatch(/^Subject: .*Operadora[ _]Teste[ _]Sul/m);
    }

    // PDFs: finance documents, the card, 'Meus dados'.
    const perfil = { perfilAutenticado: maria.perfil };
    const pdfs = [
      ['/api/Financeiro/BaixarBoleto', { ...perfil, codigoMensalidade: '100234202603' }],
      ['/api/Financeiro/Recibo', { ...perfil, codigoMensalidade: '100234202601' }],
      ['/api/Financeiro/ExtratoIRPF', { ...perfil, ano: 2025 }],
      ['/api/Financeiro/DeclaracaoQuitacao', { ...perfil, ano: 2025 }],
      ['/api/Financeiro/ExtratoCoParticipacao', { ...perfil, anoCompetencia: 2026, mesCompetencia: 3 }],
      ['/api/CarteirinhaDigital/BaixarPdf', { ...perfil, numeroCarteirinha: BENEFICIARIO.maria }],
      ['/api/MeusDados/ExportarPdf', perfil],
    ] as const;
    for (const [caminho, body] of pdfs) {
      const lido = await lerPdf(await baixar(maria.c, caminho, body));
      expect(`${lido.titulo} ${lido.texto}`, caminho).not.toMatch(DEMO);
      expect(`${lido.titulo} ${lido.texto}`, caminho).toContain(NOME);
    }

    // The installable app's manifest and the operator's public configuration.
    const manifesto = await fetch(`${t.url}/manifest.webmanifest`);
    expect(manifesto.status).toBe(200);
    const textoManifesto = await manifesto.text();
    expect(textoManifesto).not.toMatch(DEMO);
    expect(textoManifesto).toContain(NOME);
    const configuracao = await t.client().get('/api/Operadora/Configuracao');
    expect(JSON.stringify(configuracao.body)).not.toMatch(DEMO);
  });
});
