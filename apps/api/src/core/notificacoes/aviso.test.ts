import { describe, expect, it } from 'vitest';
import { avisoAoMembro } from './service';

// Issue 31, "Protocol numbers written one way everywhere": the e-mail subject of a member's notice
// writes the protocol number grouped, as the screens do; the text keeps what the area wrote.
describe("a member's notice", () => {
  it('the subject: the operator first, the protocol number grouped', () => {
    const aviso = avisoAoMembro(
      'Saúde Exemplo',
      'pedido de reembolso, protocolo 41729720260310000001',
      'Protocolo 41729720260310000001.',
    );
    expect(aviso.assunto).toBe('Saúde Exemplo: pedido de reembolso, protocolo 417297 20260310 000001');
  });

  it('the text: the operator first, the rest as written', () => {
    const aviso = avisoAoMembro(
      'Saúde Exemplo',
      'reembolso 41729720260310000001: pago',
      'Protocolo 41729720260310000001.',
    );
    expect(aviso.texto).toBe('Saúde Exemplo: Protocolo 41729720260310000001.');
  });
});
