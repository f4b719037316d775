import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPF, startApp, type TestApp } from '../../../test/helper';

let sms: Server;
let received: { body: unknown; contentType: string | undefined }[] = [];
let status = 200;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  sms = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (d) => (data += d));
    req.on('end', () => {
      received.push({ body: JSON.parse(data), contentType: req.headers['content-type'] });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((r) => sms.listen(0, '127.0.0.1', r));
  const addr = sms.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  t = await startApp({
    env: { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` },
    logStream: { write: (s: string) => void lines.push(s) },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => sms.close(r));
});

describe('SMS webhook', () => {
  it('POSTs {to, message} and marks the outbox row sent', async () => {
    received = [];
    status = 200;
    const r = await t.client().post('/api/Login/RecuperarSenha', { cpf: CPF.maria, tipoSolicitacao: 'celular' });
    expect(r.status).toBe(200);
    await t.app.services.notifier.drain();
    const codigo = await t.lastCode('11987654321');
    expect(received).toEqual([
      {
        contentType: 'application/json',
        body: {
          to: '11987654321',
          message: `Saúde Exemplo: seu código de verificação é ${codigo}. Ele vale por 10 minutos. Não compartilhe este código.`,
        },
      },
    ]);
    const [row] = await t.db.query<{ enviado_em: Date | null; erro: string | null }>(
      'select enviado_em, erro from outbox order by id desc limit 1',
    );
    expect(row?.enviado_em).not.toBeNull();
    expect(row?.erro).toBeNull();
  });

  it('a failing webhook is logged and recorded, not fatal: the member still gets 200 and the outbox row', async () => {
    await t.resetCounters();
    status = 502;
    const r = await t.client().post('/api/Login/RecuperarSenha', { cpf: CPF.roberto, tipoSolicitacao: 'celular' });
    expect(r.status).toBe(200);
    await t.app.services.notifier.drain();
    const [row] = await t.db.query<{ destino: string; enviado_em: Date | null; erro: string | null }>(
      'select destino, enviado_em, erro from outbox order by id desc limit 1',
    );
    expect(row).toEqual({ destino: '31991234567', enviado_em: null, erro: 'SMS webhook answered 502' });
    expect(lines.some((l) => l.includes('notification delivery failed') && l.includes('"level":40'))).toBe(true);
  });

  it('e-mails stay in the outbox when no SMTP_URL is set', async () => {
    await t.resetCounters();
    received = [];
    await t.client().post('/api/Login/RecuperarSenha', { cpf: CPF.carlos, tipoSolicitacao: 'email' });
    await t.app.services.notifier.drain();
    expect(received).toEqual([]);
    const outbox = await t.client().get<{ canal: string; destino: string }[]>('/api/dev/outbox', { auth: false });
    expect(outbox.body[0]).toMatchObject({ canal: 'email', destino: 'carlos.lima@exemplo.com.br' });
    expect(outbox.body.map((o) => o.destino)).toEqual(['carlos.lima@exemplo.com.br', '31991234567', '11987654321']);
  });
});

describe('per-IP limits on codes', () => {
  it('30 code checks per 10 minutes per IP', async () => {
    await t.resetCounters();
    const c = t.client();
    for (let i = 0; i < 30; i++) {
      expect((await c.post('/api/Registro/ConfirmarEmail', { cpf: CPF.fernanda, tokenEmail: '123456' })).status).toBe(
        422,
      );
    }
    const r = await c.post('/api/Registro/ConfirmarEmail', { cpf: CPF.fernanda, tokenEmail: '123456' });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({
      code: 'MUITAS_TENTATIVAS',
      message: 'Muitas tentativas. Tente novamente em 10 minutos.',
      aguardarSegundos: 600,
    });
  });

  it('30 code sends per hour per IP', async () => {
    await t.resetCounters();
    const c = t.client();
    for (let i = 0; i < 30; i++) {
      const cpf = await t.addBeneficiario(String(600000000 + i), { email: `p${i}@exemplo.com.br` });
      expect((await c.post('/api/Registro/CadastrarEmail', { cpf, email: `p${i}@exemplo.com.br` })).status).toBe(200);
    }
    const cpf = await t.addBeneficiario('600000099', { email: 'p99@exemplo.com.br' });
    const r = await c.post('/api/Registro/CadastrarEmail', { cpf, email: 'p99@exemplo.com.br' });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ code: 'MUITAS_TENTATIVAS', aguardarSegundos: 3600 });
    // A refused send starts no wait for the CPF (0005): from another network the member gets the code.
    expect((await t.client().post('/api/Registro/CadastrarEmail', { cpf, email: 'p99@exemplo.com.br' })).status).toBe(
      200,
    );
  });
});
