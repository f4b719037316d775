import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';
import { calcularPrevia, estimativaEmPalavras, type PartesDaPrevia } from './estimativa';

// Issue 31, "the estimate in plain words": the server writes each part of the sum and why; a
// request keeps the parts it was shown (migration 0043) for its detail and Meus Protocolos.

/** formatBRL writes a no-break space after 'R$'. */
const espacos = <T>(v: T): T => JSON.parse(JSON.stringify(v).replace(/\u00a0/g, ' ')) as T;

const CONSULTA = {
  tipo: 'consulta' as const,
  codigoTuss: '',
  descricao: 'Consulta (tabela geral)',
  valorCentavos: 15_000,
  coparticipacaoPercentual: 20,
};

describe('estimativaEmPalavras', () => {
  it('says what the table pays, what the multiple does and why co-participation is subtracted', () => {
    const e = espacos(estimativaEmPalavras(calcularPrevia(CONSULTA, { multiplo: 2, coparticipativo: true }, 50_000)));
    expect(e.partes).toEqual([
      {
        parte: 'tabela',
        titulo: 'O que a tabela paga',
        valor: 'R$ 150,00',
        explicacao:
          'A tabela de reembolso da operadora paga R$ 150,00 por este tipo de atendimento, seja qual for o preço cobrado pelo prestador. Linha da tabela: Consulta (tabela geral).',
      },
      {
        parte: 'multiplo',
        titulo: 'Múltiplo do seu plano',
        valor: '× 2',
        explicacao: 'Seu plano reembolsa 2 vezes o valor da tabela: R$ 150,00 × 2 = R$ 300,00.',
      },
      {
        parte: 'coparticipacao',
        titulo: 'Coparticipação',
        valor: '− R$ 60,00',
        explicacao:
          'Seu plano é coparticipativo: você paga 20% de cada atendimento, e essa parte é descontada do reembolso (20% de R$ 300,00).',
      },
    ]);
    expect(e).toMatchObject({ valorEstimado: 240, coparticipacao: 60, coparticipacaoPercentual: 20 });
  });

  it('a plan of multiple 1 without co-participation subtracts nothing and says so', () => {
    const e = espacos(estimativaEmPalavras(calcularPrevia(CONSULTA, { multiplo: 1, coparticipativo: false }, 50_000)));
    expect(e.partes.map((p) => [p.valor, p.explicacao])).toEqual([
      ['R$ 150,00', expect.any(String)],
      ['× 1', 'Seu plano reembolsa o próprio valor da tabela (múltiplo 1): R$ 150,00.'],
      ['R$ 0,00', 'Seu plano não tem coparticipação neste atendimento: nada é descontado.'],
    ]);
    expect(e).toMatchObject({ valorEstimado: 150, coparticipacaoPercentual: 0 });
  });

  it('a cap by the amount paid is a part of its own, with the figure it replaced', () => {
    const e = espacos(estimativaEmPalavras(calcularPrevia(CONSULTA, { multiplo: 2, coparticipativo: true }, 10_000)));
    expect(e.partes.at(-1)).toEqual({
      parte: 'limite',
      titulo: 'Limite do valor pago',
      valor: 'R$ 100,00',
      explicacao:
        'O reembolso nunca passa do que você pagou: por isso a estimativa fica em R$ 100,00, e não em R$ 240,00.',
    });
    expect(e).toMatchObject({ valorEstimado: 100, limitadoAoValorPago: true });
  });

  it('writes a fractional multiple and share the Brazilian way', () => {
    const partes: PartesDaPrevia = {
      ...calcularPrevia({ ...CONSULTA, coparticipacaoPercentual: 12.5 }, { multiplo: 1.5, coparticipativo: true }, 1e6),
    };
    const e = espacos(estimativaEmPalavras(partes));
    expect(e.partes[1]?.valor).toBe('× 1,5');
    expect(e.partes[2]?.explicacao).toContain('você paga 12,5% de cada atendimento');
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

type Perfil = { codigoSessao: number };
type Json = Record<string, unknown>;

/** Maria asks for Ana Clara's consultation (R$ 350,00 paid): its protocol and the Previa she saw. */
async function pedidoDaMaria(): Promise<{ c: Client; perfil: Perfil; protocolo: string; previa: Json }> {
  const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
  const anexo = await enviarAnexo(c, perfil, pdfCru(`recibo ${randomUUID()}`), { nome: 'recibo.pdf' });
  expect(anexo.status, JSON.stringify(anexo.body)).toBe(200);
  const previa = await c.post<Json>('/api/Reembolso/Previa', {
    perfilAutenticado: perfil,
    tipo: 'consulta',
    valorPago: 350,
  });
  expect(previa.status).toBe(200);
  const r = await c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: perfil,
    ...pedidoDeReembolso([anexo.body.id as string], { numeroRecibo: `RS-${randomUUID().slice(0, 8)}` }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { c, perfil, protocolo: r.body.protocolo as string, previa: previa.body };
}

/** The Previa's answer without what only a form needs: what a request keeps of it. */
const comoGuardada = ({ estimativa: _e, mensagem: _m, ...resto }: Json) => resto;

describe('a request keeps the estimate it was shown, in words', () => {
  it('the detail explains the same figure the Previa did, even after the table changed', async () => {
    const { c, perfil, protocolo, previa } = await pedidoDaMaria();
    await t.db.query(`update reembolso_tabela set valor_centavos = 99900 where tipo = 'consulta' and codigo_tuss = ''`);
    try {
      const detalhe = await c.post<Json>('/api/Reembolso/Detalhe', { perfilAutenticado: perfil, protocolo });
      expect(detalhe.status).toBe(200);
      expect(detalhe.body.valorPrevia).toBe(240);
      expect(detalhe.body.estimativa).toEqual(comoGuardada(previa));
    } finally {
      await t.db.query(
        `update reembolso_tabela set valor_centavos = 15000 where tipo = 'consulta' and codigo_tuss = ''`,
      );
    }
  });

  it("Meus Protocolos' detail of the request has its status in Reembolso's words and the same estimate", async () => {
    const { c, perfil, protocolo, previa } = await pedidoDaMaria();
    const r = await c.post<Json>('/api/Protocolos/Detalhe', { perfilAutenticado: perfil, protocolo });
    expect(r.status).toBe(200);
    expect(r.body.reembolso).toEqual({ situacao: 'recebido', estimativa: comoGuardada(previa), documentosPedidos: [] });
  });

  it('any other kind of protocol has no reimbursement', async () => {
    const { c, perfil } = await t.membro(CPF.maria, CONTRATO.maria);
    const r = await c.post<Json>('/api/Protocolos/Detalhe', {
      perfilAutenticado: perfil,
      protocolo: '41729720260306000001',
    });
    expect(r.status).toBe(200);
    expect(r.body.reembolso).toBeNull();
  });

  it("another member asking for Maria's request gets not found, with no estimate", async () => {
    const { protocolo } = await pedidoDaMaria();
    const { c, perfil } = await t.membro(CPF.roberto);
    for (const caminho of ['/api/Reembolso/Detalhe', '/api/Protocolos/Detalhe']) {
      const r = await c.post<Json>(caminho, { perfilAutenticado: perfil, protocolo });
      expect(r.status, caminho).toBe(404);
      expect(r.body).not.toHaveProperty('estimativa');
      expect(r.body).not.toHaveProperty('reembolso');
    }
  });

  it("Maria's session code without her cookie gets a 401", async () => {
    const { perfil, protocolo } = await pedidoDaMaria();
    const semCookie = t.client();
    semCookie.token = await semCookie.newToken();
    for (const caminho of ['/api/Reembolso/Detalhe', '/api/Protocolos/Detalhe']) {
      expect((await semCookie.post(caminho, { perfilAutenticado: perfil, protocolo })).status, caminho).toBe(401);
    }
  });
});
