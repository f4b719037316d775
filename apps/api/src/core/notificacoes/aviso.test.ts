import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from './repository';
import { avisoAoMembro, type Mensagem, Notifier } from './service';

// Issue 31, "Protocol numbers written one way everywhere" (decision 0067): the subject and the body
// of a member's notice, e-mail or SMS, write the protocol number grouped, as the screens do.
describe("a member's notice", () => {
  it('the subject: the operator first, the protocol number grouped', () => {
    const aviso = avisoAoMembro(
      'Saúde Exemplo',
      'pedido de reembolso, protocolo 41729720260310000001',
      'Protocolo 41729720260310000001.',
    );
    expect(aviso.assunto).toBe('Saúde Exemplo: pedido de reembolso, protocolo 417297 20260310 000001');
  });

  it('the body: the operator first, every protocol number grouped', () => {
    const aviso = avisoAoMembro(
      'Saúde Exemplo',
      'consentimento revogado',
      'consentimento do protocolo 41729720260310000001 revogado. Protocolo 41729720260311000002.',
    );
    expect(aviso.texto).toBe(
      'Saúde Exemplo: consentimento do protocolo 417297 20260310 000001 revogado. Protocolo 417297 20260311 000002.',
    );
  });

  it('the body: other numbers (amounts, dates, a CPF) as written', () => {
    const texto = 'recebemos o pedido de R$ 350,00 de 111.444.777-35; prazo 09/04/2026. Cartão 00012345000123456.';
    expect(avisoAoMembro('Saúde Exemplo', 'aviso', texto).texto).toBe(`Saúde Exemplo: ${texto}`);
  });
});

/** A notifier over an outbox that keeps the rows in memory (no database, no delivery configured). */
function notifierEmMemoria() {
  const linhas: { mensagem: string; assunto: string; codigo: string | null }[] = [];
  const outbox = {
    com: () => outbox,
    insert: (l: (typeof linhas)[number]) => {
      linhas.push(l);
      return Promise.resolve(String(linhas.length));
    },
  } as unknown as OutboxRepository;
  const notifier = new Notifier({
    outbox,
    opts: { keepCodes: true },
    operadora: { nome: 'Saúde Exemplo', site: 'https://www.saudeexemplo.com.br' },
    clock: { now: () => Date.parse('2026-03-10T12:00:00Z') } as never,
    log: {} as FastifyBaseLogger,
  });
  return { notifier, linhas };
}

describe('what the outbox keeps and sends', () => {
  const sms = (texto: string): Mensagem => ({ canal: 'sms', destino: '11987654321', assunto: 'Saúde Exemplo', texto });

  it('an SMS body written by an area (not through avisoAoMembro): the number grouped', async () => {
    const { notifier, linhas } = notifierEmMemoria();
    const entrega = await notifier.registrar(
      {} as never,
      sms('Saúde Exemplo: seu plano foi cancelado. Protocolo 41729720260310000001.'),
    );
    expect(entrega.texto).toBe('Saúde Exemplo: seu plano foi cancelado. Protocolo 417297 20260310 000001.');
    expect(linhas[0]?.mensagem).toBe(entrega.texto);
  });

  it('an e-mail body with the number on a line of its own: grouped, the line kept', async () => {
    const { notifier, linhas } = notifierEmMemoria();
    await notifier.registrar({} as never, {
      canal: 'email',
      destino: 'maria@example.com',
      assunto: 'Saúde Exemplo: comprovante de cancelamento, protocolo 41729720260310000001',
      texto: 'Comprovante de cancelamento\nProtocolo: 41729720260310000001\nData: 10/03/2026',
    });
    expect(linhas[0]).toMatchObject({
      assunto: 'Saúde Exemplo: comprovante de cancelamento, protocolo 417297 20260310 000001',
      mensagem: 'Comprovante de cancelamento\nProtocolo: 417297 20260310 000001\nData: 10/03/2026',
    });
  });

  it('a verification code is kept as it is', async () => {
    const { notifier, linhas } = notifierEmMemoria();
    await notifier.sendCode('sms', '11987654321', '482913');
    expect(linhas[0]).toMatchObject({ codigo: '482913', mensagem: expect.stringContaining(' 482913. ') as string });
  });
});
