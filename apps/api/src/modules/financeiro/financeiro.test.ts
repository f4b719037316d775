import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatBRL, lerPix, validarCodigoBarras, validarLinhaDigitavel } from '@portal/br';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import { BENEFICIARIO, CONTRATO, CPF, startApp, type Client, type TestApp } from '../../../test/helper';
import { loadConfig } from '../../config';

// The fixed clock of the API tests is 2026-03-10: the current competence is 03/2026, the list
// covers 04/2025..03/2026, the two open installments are 03/2026 and 02/2026 (Roberto also left
// 03/2025 open: twelve months back, always in the previous year), and the last finished year is 2025.
let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());
beforeEach(() => t.resetCounters());

type Perfil = { codigoSessao: number };
const membro = (cpf: string, contrato?: string) => t.membro(cpf, contrato);
const maria = () => membro(CPF.maria, CONTRATO.maria);

const call = <T = Record<string, unknown>>(c: Client, path: string, perfil: Perfil, body: object = {}) =>
  c.post<T>(`/api/Financeiro/${path}`, { PerfilAutenticado: perfil, ...body });

/** A PDF answer: bytes and headers, read as a browser would fetch it. */
async function pdf(c: Client, path: string, perfil: Perfil, body: object = {}) {
  const r = await fetch(`${c.baseUrl}/api/Financeiro/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${c.token}`,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': c.ip,
    },
    body: JSON.stringify({ PerfilAutenticado: perfil, ...body }),
  });
  const bytes = new Uint8Array(await r.arrayBuffer());
  return { status: r.status, headers: r.headers, bytes, json: () => JSON.parse(Buffer.from(bytes).toString()) };
}

/** Sum of what an installment charges, straight from the table (the answer must agree). */
async function somaDosItens(codigo: string): Promise<number> {
  const [row] = await t.db.query<{ s: number }>(
    'select sum(valor_centavos)::int as s from mensalidade_itens where codigo_mensalidade = $1',
    [codigo],
  );
  return row!.s;
}

const brl = (centavos: number) => formatBRL(centavos / 100).replace(/\u00a0/g, ' ');
const erro = (code: string, message: string) => ({ sucesso: false, code, message, erro: message });
const SO_FINANCEIRO = erro(
  'SEM_PERMISSAO',
  'Apenas o responsável financeiro do contrato pode ver faturas, boletos, recibos e declarações.',
);
const SEM_COPART = erro('SEM_PERMISSAO', 'Você não possui uma conta coparticipativa.');
const NAO_ENCONTRADA = erro('NAO_ENCONTRADO', 'Mensalidade não encontrada neste contrato.');
const ABERTA = '100234202603';
const PAGA = '100234202601';
/** The seed's installment paid late: 11/2025, due 10/11/2025, paid 19/11/2025 with 2 % + 1 % a.m. */
const PAGA_COM_ATRASO = '100234202511';
const DE_ROBERTO = '310077202603';
/** Maria's 02/2026, due 2026-02-10: 28 days late on the tests' 2026-03-10. */
const VENCIDA = '100234202602';
/** What it charges today, by the demo operator's rule (2 % once, 1 % a month pro rata die), worked out by hand. */
async function atualizada() {
  const original = await somaDosItens(VENCIDA);
  const multa = Math.round(original * 0.02);
  const juros = Math.round((original * 0.01 * 28) / 30);
  return { original, multa, juros, total: original + multa + juros };
}

describe('POST /api/Financeiro/ListarParcelas', () => {
  it('Maria: one installment a month for the last 12 months, newest first, the two most recent open', async () => {
    const { c, perfil } = await maria();
    const r = await call<Record<string, unknown>[]>(c, 'ListarParcelas', perfil);
    expect(r.status).toBe(200);
    expect(r.body.map((p) => p.competencia)).toEqual([
      '03/2026',
      '02/2026',
      '01/2026',
      '12/2025',
      '11/2025',
      '10/2025',
      '09/2025',
      '08/2025',
      '07/2025',
      '06/2025',
      '05/2025',
      '04/2025',
    ]);
    expect(r.body.map((p) => p.status)).toEqual(['Em Aberto', 'Em Aberto', ...Array(10).fill('Pago')]);
    expect(r.body[0]).toEqual({
      codigoMensalidade: ABERTA,
      valor: (await somaDosItens(ABERTA)) / 100,
      vencimento: '2026-03-10',
      status: 'Em Aberto',
      competencia: '03/2026',
      mescompetencia: 3,
      anocompetencia: 2026,
      dataPagamento: null,
      vencida: false,
      diasAtraso: 0,
    });
    for (const p of r.body) {
      expect(p.valor, String(p.competencia)).toBe((await somaDosItens(String(p.codigoMensalidade))) / 100);
      if (p.status === 'Pago' && p.codigoMensalidade !== PAGA_COM_ATRASO)
        expect(String(p.dataPagamento) <= String(p.vencimento)).toBe(true);
    }
  });

  it('tells which open installment is past due and by how many days (issue 15)', async () => {
    const { c, perfil } = await maria();
    const r = await call<Record<string, unknown>[]>(c, 'ListarParcelas', perfil);
    // 03/2026 is due today; 02/2026 was due on Tuesday 2026-02-10, 28 days ago; paid ones are not late.
    expect(r.body.map((p) => [p.competencia, p.vencida, p.diasAtraso]).slice(0, 3)).toEqual([
      ['03/2026', false, 0],
      ['02/2026', true, 28],
      ['01/2026', false, 0],
    ]);
    expect(r.body.filter((p) => p.vencida)).toHaveLength(1);
  });

  it('accepts the session in either spelling (docs/produto/financeiro.md, "Calls" finance calls spell it PerfilAutenticado)', async () => {
    const { c, perfil } = await maria();
    const r = await c.post<unknown[]>('/api/Financeiro/ListarParcelas', { perfilAutenticado: perfil });
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(12);
  });

  it('a non-financial profile (Carlos, DEPENDENTE) is refused; Maria’s cancelled contract has none', async () => {
    const carlos = await membro(CPF.carlos);
    const r = await call(carlos.c, 'ListarParcelas', carlos.perfil);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(SO_FINANCEIRO);
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    expect((await call(antigo.c, 'ListarParcelas', antigo.perfil)).body).toEqual([]);
  });
});

describe('POST /api/Financeiro/CodigoBarras', () => {
  it('an open installment: a valid FEBRABAN barcode and typeable line for its amount and due date', async () => {
    const { c, perfil } = await maria();
    const r = await call<Record<string, string | number>>(c, 'CodigoBarras', perfil, { codigoMensalidade: ABERTA });
    expect(r.status).toBe(200);
    const { codigoBarras, linhaDigitavel, barras, valor, vencimento } = r.body as Record<string, string>;
    const centavos = await somaDosItens(ABERTA);
    expect(valor).toBe(centavos / 100);
    expect(vencimento).toBe('2026-03-10');
    expect(codigoBarras).toMatch(/^\d{47}$/);
    expect(validarLinhaDigitavel(codigoBarras!)).toBe(true);
    expect(validarCodigoBarras(barras!)).toBe(true);
    // Itaú (341), reais (9), factor 1381 (381 days after the 2025-02-22 reset), the amount, wallet 109.
    expect(barras!.slice(0, 4)).toBe('3419');
    expect(barras!.slice(5, 9)).toBe('1381');
    expect(barras!.slice(9, 19)).toBe(String(centavos).padStart(10, '0'));
    expect(barras!.slice(19, 30)).toBe('10902342603');
    expect(linhaDigitavel).toBe(
      `${codigoBarras!.slice(0, 5)}.${codigoBarras!.slice(5, 10)} ${codigoBarras!.slice(10, 15)}.${codigoBarras!.slice(15, 21)} ` +
        `${codigoBarras!.slice(21, 26)}.${codigoBarras!.slice(26, 32)} ${codigoBarras!.slice(32, 33)} ${codigoBarras!.slice(33)}`,
    );
    // The code may also come as a number.
    const n = await call(c, 'CodigoBarras', perfil, { codigoMensalidade: Number(ABERTA) });
    expect(n.body).toEqual(r.body);
  });

  it('an overdue installment: an updated boleto due today, with fine and interest, FEBRABAN-valid', async () => {
    const { c, perfil } = await maria();
    const r = await call<Record<string, unknown>>(c, 'CodigoBarras', perfil, { codigoMensalidade: VENCIDA });
    expect(r.status).toBe(200);
    const { original, multa, juros, total } = await atualizada();
    expect(r.body.valor).toBe(total / 100);
    expect(r.body.vencimento).toBe('2026-03-10');
    expect(r.body.atualizacao).toEqual({
      vencimentoOriginal: '2026-02-10',
      valorOriginal: original / 100,
      diasAtraso: 28,
      multaPercentual: 2,
      multa: multa / 100,
      jurosMensalPercentual: 1,
      juros: juros / 100,
    });
    expect(r.body.instrucaoAtraso).toBeNull();
    const linha = String(r.body.codigoBarras);
    const barras = String(r.body.barras);
    expect(validarLinhaDigitavel(linha)).toBe(true);
    expect(validarCodigoBarras(barras)).toBe(true);
    // Today's factor (1381) and the updated amount, not the original due date's (1353) and amount.
    expect(barras.slice(5, 9)).toBe('1381');
    expect(barras.slice(9, 19)).toBe(String(total).padStart(10, '0'));
    expect(linha.slice(33)).toBe(`1381${String(total).padStart(10, '0')}`);
    // Same bank, wallet and nosso número as the original boleto.
    expect(barras.slice(19, 30)).toBe('10902342602');
    // The installment due today is not late: its own amount and due date, no update.
    const hoje = await call<Record<string, unknown>>(c, 'CodigoBarras', perfil, { codigoMensalidade: ABERTA });
    expect(hoje.body).toMatchObject({ vencimento: '2026-03-10', atualizacao: null, instrucaoAtraso: null });
  });

  it('a paid installment has no boleto; another contract’s code or an unknown one is not found', async () => {
    const { c, perfil } = await maria();
    const paga = await call(c, 'CodigoBarras', perfil, { codigoMensalidade: PAGA });
    expect(paga.status).toBe(422);
    expect(paga.body).toEqual(
      erro('DOCUMENTO_INDISPONIVEL', 'A mensalidade de 01/2026 já foi paga em 09/01/2026: use "Ver Recibo".'),
    );
    for (const codigo of [DE_ROBERTO, '204518202603', '999', '0']) {
      const r = await call(c, 'CodigoBarras', perfil, { codigoMensalidade: codigo });
      expect(r.status, codigo).toBe(404);
      expect(r.body).toEqual(NAO_ENCONTRADA);
    }
    const antigo = await membro(CPF.maria, CONTRATO.mariaCancelado);
    expect((await call(antigo.c, 'CodigoBarras', antigo.perfil, { codigoMensalidade: ABERTA })).body).toEqual(
      NAO_ENCONTRADA,
    );
  });

  it('bad input gets a 400 with a Portuguese message; a dependant is refused', async () => {
    const { c, perfil } = await maria();
    for (const [codigo, message] of [
      [undefined, 'Informe a mensalidade.'],
      ['abc', 'Mensalidade inválida.'],
      ['', 'Mensalidade inválida.'],
      ['1'.repeat(21), 'Mensalidade inválida.'],
      [{ $ne: '' }, 'Informe a mensalidade.'],
      [1.5, 'Informe a mensalidade.'],
    ] as const) {
      const r = await call(c, 'CodigoBarras', perfil, { codigoMensalidade: codigo });
      expect(r.status, String(codigo)).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
    const carlos = await membro(CPF.carlos);
    expect((await call(carlos.c, 'CodigoBarras', carlos.perfil, { codigoMensalidade: '204518202603' })).body).toEqual(
      SO_FINANCEIRO,
    );
  });
});

describe('POST /api/Financeiro/BaixarBoleto', () => {
  it('a tagged PDF with the payer’s receipt, the ficha de compensação, the typeable line and the bars', async () => {
    const { c, perfil } = await maria();
    const digitos = (await call<Record<string, string>>(c, 'CodigoBarras', perfil, { codigoMensalidade: ABERTA })).body;
    const r = await pdf(c, 'BaixarBoleto', perfil, { codigoMensalidade: ABERTA });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toBe('inline; filename=boleto-2026-03-contrato-100234.pdf');
    const lido = await lerPdf(r.bytes);
    expect(lido.titulo).toBe('Boleto - mensalidade 03/2026 - Saúde Exemplo');
    expect(lido.idioma).toBe('pt-BR');
    expect(lido.marcado).toBe(true);
    expect(lido.papeis).toEqual(expect.arrayContaining(['Document', 'H1', 'Sect', 'H2', 'P', 'Figure', 'L', 'LI']));
    for (const trecho of [
      'Recibo do Pagador',
      'Ficha de Compensação',
      'Banco Itaú S.A.',
      '341-7',
      digitos.linhaDigitavel,
      'Maria Aparecida Souza - CPF 529.982.247-25',
      'Saúde Exemplo Operadora de Planos de Saúde Ltda. - CNPJ 29.309.127/0001-79',
      '109/02342603-',
      '1572/40318-4',
      '10/03/2026',
      brl(await somaDosItens(ABERTA)),
      'Mensalidade - João Pedro Souza',
      'Pague também com PIX',
    ])
      expect(lido.texto, trecho).toContain(trecho);
    expect(lido.alternativos).toContain(`Código de barras do boleto: ${digitos.barras}`);
    expect(lido.alternativos.some((a) => a.startsWith('QR Code PIX para pagar'))).toBe(true);
  });

  it('an overdue installment’s boleto is the updated one: payable until today, fine and interest itemised', async () => {
    const { c, perfil } = await maria();
    const digitos = (await call<Record<string, string>>(c, 'CodigoBarras', perfil, { codigoMensalidade: VENCIDA }))
      .body;
    const lido = await lerPdf((await pdf(c, 'BaixarBoleto', perfil, { codigoMensalidade: VENCIDA })).bytes);
    const { original, multa, juros, total } = await atualizada();
    for (const trecho of [
      digitos.linhaDigitavel,
      'Pagável em qualquer banco, correspondente ou aplicativo até 10/03/2026',
      'Multa por atraso (2%), vencimento original 10/02/2026',
      'Juros de mora (1% ao mês, 28 dias)',
      brl(multa),
      brl(juros),
      `Total atualizado ${brl(total)}`,
      `vencimento original 10/02/2026, valor original ${brl(original)}`,
      'Não receber após 10/03/2026',
    ])
      expect(lido.texto, trecho).toContain(trecho);
    expect(lido.texto).not.toContain('até o vencimento');
    expect(lido.alternativos).toContain(`Código de barras do boleto: ${digitos.barras}`);
    const qr = lido.alternativos.find((a) => a.startsWith('QR Code PIX para pagar'));
    expect(qr?.replace(/\u00a0/g, ' ')).toContain(`QR Code PIX para pagar ${brl(total)}:`);
    // A boleto not yet due keeps the usual wording and the operator's rule.
    const emDia = await lerPdf((await pdf(c, 'BaixarBoleto', perfil, { codigoMensalidade: ABERTA })).bytes);
    expect(emDia.texto).toContain('Pagável em qualquer banco, correspondente ou aplicativo até o vencimento');
    expect(emDia.texto).toContain('Após o vencimento, cobrar multa de 2% e juros de mora de 1% ao mês, pro rata die.');
  });

  it('refused for a paid installment, another contract’s code and a dependant', async () => {
    const { c, perfil } = await maria();
    expect((await pdf(c, 'BaixarBoleto', perfil, { codigoMensalidade: PAGA })).status).toBe(422);
    const outro = await pdf(c, 'BaixarBoleto', perfil, { codigoMensalidade: DE_ROBERTO });
    expect(outro.status).toBe(404);
    expect(outro.json()).toEqual(NAO_ENCONTRADA);
    const carlos = await membro(CPF.carlos);
    expect((await pdf(carlos.c, 'BaixarBoleto', carlos.perfil, { codigoMensalidade: '204518202603' })).json()).toEqual(
      SO_FINANCEIRO,
    );
  });
});

describe('POST /api/Financeiro/Pix', () => {
  it('a static BR Code for the installment: operator key, amount, identifier and a valid CRC; a QR image', async () => {
    const { c, perfil } = await maria();
    const r = await call<Record<string, string | number>>(c, 'Pix', perfil, { codigoMensalidade: ABERTA });
    expect(r.status).toBe(200);
    const centavos = await somaDosItens(ABERTA);
    expect(r.body.valor).toBe(centavos / 100);
    expect(r.body.txid).toBe('MENS100234202603');
    const lido = lerPix(String(r.body.copiaECola));
    expect(lido.crcValido).toBe(true);
    expect(lido.conta).toEqual({ '00': 'br.gov.bcb.pix', '01': '29309127000179' });
    expect(lido.campos['54']).toBe(`${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`);
    expect(lido.campos['59']).toBe('SAUDE EXEMPLO');
    expect(lido.campos['60']).toBe('SAO PAULO');
    expect(lido.adicionais['05']).toBe('MENS100234202603');
    expect(String(r.body.qrCodeSvg)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
  });

  it('an overdue installment: the BR Code carries the updated amount', async () => {
    const { c, perfil } = await maria();
    const r = await call<Record<string, unknown>>(c, 'Pix', perfil, { codigoMensalidade: VENCIDA });
    expect(r.status).toBe(200);
    const { total } = await atualizada();
    expect(r.body.valor).toBe(total / 100);
    expect(r.body.atualizacao).toMatchObject({ vencimentoOriginal: '2026-02-10', diasAtraso: 28 });
    const lido = lerPix(String(r.body.copiaECola));
    expect(lido.crcValido).toBe(true);
    expect(lido.campos['54']).toBe(`${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`);
    expect(lido.adicionais['05']).toBe('MENS100234202602');
  });

  it('refused for a paid installment, another contract’s code and a dependant', async () => {
    const { c, perfil } = await maria();
    expect((await call(c, 'Pix', perfil, { codigoMensalidade: PAGA })).status).toBe(422);
    expect((await call(c, 'Pix', perfil, { codigoMensalidade: DE_ROBERTO })).body).toEqual(NAO_ENCONTRADA);
    const carlos = await membro(CPF.carlos);
    expect((await call(carlos.c, 'Pix', carlos.perfil, { codigoMensalidade: '204518202603' })).body).toEqual(
      SO_FINANCEIRO,
    );
  });
});

describe('POST /api/Financeiro/Recibo', () => {
  it('a paid installment: who paid, when, item by item, the total', async () => {
    const { c, perfil } = await maria();
    const r = await pdf(c, 'Recibo', perfil, { codigoMensalidade: PAGA });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('inline; filename=recibo-2026-01-contrato-100234.pdf');
    const lido = await lerPdf(r.bytes);
    expect(lido.marcado).toBe(true);
    expect(lido.papeis).toEqual(expect.arrayContaining(['H1', 'H2', 'Table', 'TR', 'TH', 'TD']));
    for (const trecho of [
      'Saúde Exemplo Operadora de Planos de Saúde Ltda. · CNPJ 29.309.127/0001-79 · Registro ANS nº 417297',
      'Recibo de Pagamento - Mensalidade 01/2026',
      'Maria Aparecida Souza',
      'João Pedro Souza',
      'Ana Clara Souza',
      '529.982.247-25',
      'Contrato: 100234',
      'Pago em: 09/01/2026',
      `Total pago ${brl(await somaDosItens(PAGA))}`,
      'Página 1 de 1',
    ])
      expect(lido.texto, trecho).toContain(trecho);
  });

  it('an installment paid late: the billed amount, the fine and interest, and what was paid (issue 15)', async () => {
    const { c, perfil } = await maria();
    const r = await pdf(c, 'Recibo', perfil, { codigoMensalidade: PAGA_COM_ATRASO });
    expect(r.status).toBe(200);
    const valor = await somaDosItens(PAGA_COM_ATRASO);
    // 2 % once, 1 % a month for 9 days, each rounded to the centavo on its own.
    const encargos = Math.round((valor * 2) / 100) + Math.round((valor * 9) / 3000);
    const { texto } = await lerPdf(r.bytes);
    for (const trecho of [
      'Vencimento: 10/11/2025',
      'Pago em: 19/11/2025',
      `a importância de ${brl(valor + encargos)}`,
      `após o vencimento, com ${brl(encargos)} de multa e juros por atraso`,
      `Valor da mensalidade ${brl(valor)}`,
      `Multa e juros por atraso ${brl(encargos)}`,
      `Total pago ${brl(valor + encargos)}`,
    ])
      expect(texto, trecho).toContain(trecho);
    // One paid on time says nothing of the kind.
    const emDia = await lerPdf((await pdf(c, 'Recibo', perfil, { codigoMensalidade: PAGA })).bytes);
    expect(emDia.texto).not.toContain('Multa e juros');
  });

  it('refused for an open installment, another contract’s code and a dependant', async () => {
    const { c, perfil } = await maria();
    const aberta = await pdf(c, 'Recibo', perfil, { codigoMensalidade: ABERTA });
    expect(aberta.status).toBe(422);
    expect(aberta.json()).toEqual(
      erro(
        'DOCUMENTO_INDISPONIVEL',
        'A mensalidade de 03/2026 ainda está em aberto: o recibo fica disponível depois do pagamento.',
      ),
    );
    expect((await pdf(c, 'Recibo', perfil, { codigoMensalidade: '310077202601' })).json()).toEqual(NAO_ENCONTRADA);
    const carlos = await membro(CPF.carlos);
    expect((await pdf(carlos.c, 'Recibo', carlos.perfil, { codigoMensalidade: '204518202601' })).status).toBe(403);
  });
});

interface Competencia {
  competencia: string;
  total: number;
  itens: { data: string; beneficiario: string; descricao: string; prestador: string; valor: number }[];
}

describe('POST /api/Financeiro/ListarExtratoCoParticipacao', () => {
  it('Maria: the last 12 competences with the family’s lines; 02/2026 has none', async () => {
    const { c, perfil } = await maria();
    const r = await call<{ dados: Competencia[] }>(c, 'ListarExtratoCoParticipacao', perfil);
    expect(r.status).toBe(200);
    const dados = r.body.dados;
    expect(dados).toHaveLength(12);
    expect(dados[0]).toMatchObject({ anoCompetencia: 2026, mesCompetencia: 3, competencia: '03/2026' });
    expect(dados[11]).toMatchObject({ competencia: '04/2025' });
    expect(dados[1]).toEqual({ anoCompetencia: 2026, mesCompetencia: 2, competencia: '02/2026', total: 0, itens: [] });
    const nomes = new Set(dados[0]!.itens.map((i) => i.beneficiario));
    expect(nomes).toContain('Maria Aparecida Souza');
    expect(nomes).toContain('João Pedro Souza');
    for (const d of dados) {
      expect(d.total).toBeCloseTo(
        d.itens.reduce((s, i) => s + i.valor, 0),
        2,
      );
      for (const i of d.itens) expect(`${i.data.slice(5, 7)}/${i.data.slice(0, 4)}`).toBe(d.competencia);
    }
    // Nothing after today in the current competence.
    for (const i of dados[0]!.itens) expect(i.data <= '2026-03-10').toBe(true);
  });

  it('a dependant (Carlos) sees only his own lines, though his father has some', async () => {
    const carlos = await membro(CPF.carlos);
    const r = await call<{ dados: Competencia[] }>(carlos.c, 'ListarExtratoCoParticipacao', carlos.perfil);
    expect(r.status).toBe(200);
    const itens = r.body.dados.flatMap((d) => d.itens);
    expect(r.body.dados[0]!.itens.length).toBeGreaterThan(0);
    expect(new Set(itens.map((i) => i.beneficiario))).toEqual(new Set(['Carlos Eduardo Lima']));
    const [doPai] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from coparticipacoes where codigo_beneficiario = $1',
      [BENEFICIARIO.marcos],
    );
    expect(doPai!.n).toBeGreaterThan(0);
  });

  it('a profile that is not co-participative (Roberto) is refused with the message of docs/produto/financeiro.md', async () => {
    const roberto = await membro(CPF.roberto);
    const r = await call(roberto.c, 'ListarExtratoCoParticipacao', roberto.perfil);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(SEM_COPART);
  });
});

describe('POST /api/Financeiro/ExtratoCoParticipacao', () => {
  it('one competence as a tagged PDF with its lines and total; an empty one says so', async () => {
    const { c, perfil } = await maria();
    const lista = (await call<{ dados: Competencia[] }>(c, 'ListarExtratoCoParticipacao', perfil)).body.dados;
    const r = await pdf(c, 'ExtratoCoParticipacao', perfil, { anoCompetencia: 2026, mesCompetencia: 3 });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('inline; filename=extrato-coparticipacao-2026-03.pdf');
    const lido = await lerPdf(r.bytes);
    expect(lido.marcado).toBe(true);
    expect(lido.texto).toContain('Extrato de Coparticipação - Competência 03/2026');
    for (const i of lista[0]!.itens) {
      expect(lido.texto).toContain(i.descricao.slice(0, 20));
      expect(lido.texto).toContain(i.beneficiario);
    }
    expect(lido.texto).toContain(`Total ${lista[0]!.itens.length} itens ${brl(Math.round(lista[0]!.total * 100))}`);
    const vazio = await lerPdf(
      (await pdf(c, 'ExtratoCoParticipacao', perfil, { anoCompetencia: '2026', mesCompetencia: '2' })).bytes,
    );
    expect(vazio.texto).toContain('Nenhum item encontrado.');
  });

  it('a dependant’s statement holds only his lines; Roberto is refused', async () => {
    const carlos = await membro(CPF.carlos);
    const lido = await lerPdf(
      (await pdf(carlos.c, 'ExtratoCoParticipacao', carlos.perfil, { anoCompetencia: 2026, mesCompetencia: 3 })).bytes,
    );
    expect(lido.texto).toContain('Carlos Eduardo Lima');
    expect(lido.texto).not.toContain('Marcos Antônio Lima');
    const roberto = await membro(CPF.roberto);
    const r = await pdf(roberto.c, 'ExtratoCoParticipacao', roberto.perfil, {
      anoCompetencia: 2026,
      mesCompetencia: 3,
    });
    expect(r.status).toBe(403);
    expect(r.json()).toEqual(SEM_COPART);
  });

  it('bad input gets a 400 with a Portuguese message', async () => {
    const { c, perfil } = await maria();
    for (const [body, message] of [
      [{ mesCompetencia: 3 }, 'Informe o ano.'],
      [{ anoCompetencia: 2026 }, 'Informe o mês.'],
      [{ anoCompetencia: 2026, mesCompetencia: 13 }, 'Mês inválido.'],
      [{ anoCompetencia: 2026, mesCompetencia: 0 }, 'Mês inválido.'],
      [{ anoCompetencia: 2026, mesCompetencia: 2.5 }, 'Mês inválido.'],
      [{ anoCompetencia: 'abcd', mesCompetencia: 3 }, 'Ano inválido.'],
      [{ anoCompetencia: 1999, mesCompetencia: 3 }, 'Ano inválido.'],
    ] as const) {
      const r = await call(c, 'ExtratoCoParticipacao', perfil, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message });
    }
  });
});

describe('POST /api/Financeiro/ListarExtratoIRPF', () => {
  it('by default the previous calendar year: one line per beneficiary, adding up to what was paid', async () => {
    const { c, perfil } = await maria();
    const r = await call<{ dados: { descricao: string; ano: number; valor: number }[]; anos: number[] }>(
      c,
      'ListarExtratoIRPF',
      perfil,
    );
    expect(r.status).toBe(200);
    expect(r.body.anos).toEqual([2025, 2024, 2023]);
    expect(r.body.dados.map((d) => d.descricao)).toEqual([
      'Plano de saúde - Maria Aparecida Souza (titular)',
      'Plano de saúde - João Pedro Souza (dependente - filho(a))',
      'Plano de saúde - Ana Clara Souza (dependente - filho(a))',
    ]);
    expect(r.body.dados.every((d) => d.ano === 2025)).toBe(true);
    const [pago] = await t.db.query<{ s: number }>(
      `select sum(i.valor_centavos)::int as s from mensalidade_itens i join mensalidades m using (codigo_mensalidade)
        where m.codigo_contrato = '100234' and extract(year from m.pago_em) = 2025`,
    );
    expect(Math.round(r.body.dados.reduce((s, d) => s + d.valor, 0) * 100)).toBe(pago!.s);
  });

  it('another year on request; a year without payments is an empty list', async () => {
    const { c, perfil } = await maria();
    const r = await call<{ dados: { ano: number }[] }>(c, 'ListarExtratoIRPF', perfil, { ano: 2024 });
    expect(r.body.dados.length).toBe(3);
    expect(r.body.dados.every((d) => d.ano === 2024)).toBe(true);
    expect((await call(c, 'ListarExtratoIRPF', perfil, { ano: 2019 })).body).toEqual({
      dados: [],
      anos: [2025, 2024, 2023],
    });
    expect((await call(c, 'ListarExtratoIRPF', perfil, { ano: 'x' })).status).toBe(400);
  });

  it('a non-financial profile is refused', async () => {
    const carlos = await membro(CPF.carlos);
    const r = await call(carlos.c, 'ListarExtratoIRPF', carlos.perfil);
    expect(r.status).toBe(403);
    expect(r.body).toEqual(
      erro('SEM_PERMISSAO', 'O informe de IRPF é emitido para o responsável financeiro do contrato.'),
    );
  });
});

describe('POST /api/Financeiro/ExtratoIRPF', () => {
  it('the informe of 2025: payer, each beneficiary with CPF, 12 payments, the total', async () => {
    const { c, perfil } = await maria();
    const r = await pdf(c, 'ExtratoIRPF', perfil, { ano: 2025 });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('inline; filename=informe-irpf-2025-contrato-100234.pdf');
    const lido = await lerPdf(r.bytes);
    expect(lido.marcado).toBe(true);
    expect(lido.titulo).toBe('Informe de pagamentos para o IRPF - ano-calendário 2025 - Saúde Exemplo');
    const [pago] = await t.db.query<{ s: number }>(
      `select sum(i.valor_centavos)::int as s from mensalidade_itens i join mensalidades m using (codigo_mensalidade)
        where m.codigo_contrato = '100234' and extract(year from m.pago_em) = 2025`,
    );
    for (const trecho of [
      'Informe de Pagamentos para o Imposto de Renda - Ano-calendário 2025',
      'Responsável financeiro: Maria Aparecida Souza',
      'CPF: 529.982.247-25',
      'João Pedro Souza 384.716.250-08',
      'Ana Clara Souza 384.716.251-99',
      '12 pagamentos',
      brl(pago!.s),
      'Lei nº 9.250/1995',
    ])
      expect(lido.texto, trecho).toContain(trecho);
    // No amount wraps inside its cell ('R$ 13.597,1' then '2' on the next line).
    const valores = lido.paginas.join('\n').match(/R\$\s?[\d.]+(,\d*)?/g) ?? [];
    expect(valores.length).toBeGreaterThan(10);
    for (const v of valores) expect(v).toMatch(/^R\$\s?\d{1,3}(\.\d{3})*,\d{2}$/);
  });

  it('the current year is not finished, a year without payments is not found, a dependant is refused', async () => {
    const { c, perfil } = await maria();
    const atual = await pdf(c, 'ExtratoIRPF', perfil, { ano: 2026 });
    expect(atual.status).toBe(422);
    expect(atual.json()).toEqual(
      erro('DOCUMENTO_INDISPONIVEL', 'O informe de IRPF de 2026 fica disponível depois que o ano terminar.'),
    );
    const antes = await pdf(c, 'ExtratoIRPF', perfil, { ano: 2019 });
    expect(antes.status).toBe(404);
    expect(antes.json()).toEqual(
      erro('NAO_ENCONTRADO', 'Não há pagamentos de 2019 neste contrato para o informe de IRPF.'),
    );
    expect((await call(c, 'ExtratoIRPF', perfil, {})).body).toMatchObject({
      code: 'DADOS_INVALIDOS',
      message: 'Informe o ano.',
    });
    const carlos = await membro(CPF.carlos);
    expect((await pdf(carlos.c, 'ExtratoIRPF', carlos.perfil, { ano: 2025 })).status).toBe(403);
  });

  it('each member gets their own contract’s informe', async () => {
    const roberto = await membro(CPF.roberto);
    const lido = await lerPdf((await pdf(roberto.c, 'ExtratoIRPF', roberto.perfil, { ano: 2025 })).bytes);
    expect(lido.texto).toContain('Roberto Alves Pereira');
    expect(lido.texto).not.toContain('Maria');
    // December 2025 was not paid: 11 payments.
    expect(lido.texto).toContain('11 pagamentos');
  });
});

describe('POST /api/Financeiro/DeclaracaoQuitacao', () => {
  it('a year all paid: the Lei 12.007/2009 letter with every installment', async () => {
    const { c, perfil } = await maria();
    const r = await pdf(c, 'DeclaracaoQuitacao', perfil, { ano: 2025 });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('inline; filename=declaracao-quitacao-2025-contrato-100234.pdf');
    const lido = await lerPdf(r.bytes);
    expect(lido.marcado).toBe(true);
    for (const trecho of [
      'Declaração Anual de Quitação de Débitos - 2025',
      'Lei nº 12.007, de 29 de julho de 2009',
      'Maria Aparecida Souza, CPF 529.982.247-25',
      'contrato nº 100234',
      'de janeiro a dezembro de 2025',
      '12 mensalidades',
      'art. 4º',
      'Emitida em 10 de março de 2026.',
    ])
      expect(lido.texto, trecho).toContain(trecho);
    // The first year of the history covers its months only.
    const parcial = await lerPdf((await pdf(c, 'DeclaracaoQuitacao', perfil, { ano: 2023 })).bytes);
    expect(parcial.texto).toContain('de 04/2023 a 12/2023');
  });

  it('a year with an open installment names it and makes no letter', async () => {
    const roberto = await membro(CPF.roberto);
    const r = await pdf(roberto.c, 'DeclaracaoQuitacao', roberto.perfil, { ano: 2025 });
    expect(r.status).toBe(422);
    const valor = formatBRL((await somaDosItens('310077202503')) / 100);
    expect(r.json()).toEqual(
      erro(
        'DEBITO_EM_ABERTO',
        `Não é possível emitir a declaração de quitação de 2025: a mensalidade de competência 03/2025 (vencimento 10/03/2025, ${valor}) está em aberto.`,
      ),
    );
    expect((await pdf(roberto.c, 'DeclaracaoQuitacao', roberto.perfil, { ano: 2024 })).status).toBe(200);
  });

  it('the current year, a year before the history, a dependant and bad input are refused', async () => {
    const { c, perfil } = await maria();
    expect((await pdf(c, 'DeclaracaoQuitacao', perfil, { ano: 2026 })).json()).toEqual(
      erro('DOCUMENTO_INDISPONIVEL', 'A declaração de quitação de 2026 só pode ser emitida depois que o ano terminar.'),
    );
    expect((await pdf(c, 'DeclaracaoQuitacao', perfil, { ano: 2020 })).json()).toEqual(
      erro('NAO_ENCONTRADO', 'Não há mensalidades de 2020 neste contrato.'),
    );
    const carlos = await membro(CPF.carlos);
    expect((await pdf(carlos.c, 'DeclaracaoQuitacao', carlos.perfil, { ano: 2025 })).json()).toEqual(SO_FINANCEIRO);
    for (const ano of [undefined, '20x5', 2101, 25.5, [2025]]) {
      const r = await call(c, 'DeclaracaoQuitacao', perfil, { ano });
      expect(r.status, String(ano)).toBe(400);
      expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS' });
    }
  });
});

describe('every finance call, another browser or no cookie', () => {
  const CHAMADAS: [string, object][] = [
    ['ListarParcelas', {}],
    ['CodigoBarras', { codigoMensalidade: ABERTA }],
    ['BaixarBoleto', { codigoMensalidade: ABERTA }],
    ['Pix', { codigoMensalidade: ABERTA }],
    ['Recibo', { codigoMensalidade: PAGA }],
    ['ListarExtratoCoParticipacao', {}],
    ['ExtratoCoParticipacao', { anoCompetencia: 2026, mesCompetencia: 3 }],
    ['ListarExtratoIRPF', {}],
    ['ExtratoIRPF', { ano: 2025 }],
    ['DeclaracaoQuitacao', { ano: 2025 }],
  ];

  it("Maria's session code is refused from Roberto's browser and from a browser without the cookie", async () => {
    const { perfil } = await maria();
    const roberto = await membro(CPF.roberto);
    const semCookie = t.client();
    for (const [path, body] of CHAMADAS) {
      for (const c of [roberto.c, semCookie]) {
        const r = await call(c, path, perfil, body);
        expect(r.status, path).toBe(401);
        expect(r.body).toMatchObject({ code: 'SESSAO_INVALIDA' });
        expect(r.text).not.toContain('Maria');
      }
    }
  });
});

describe('the OpenAPI document', () => {
  it('documents the PDF answers as application/pdf and every body with its fields', async () => {
    const doc = (
      await t
        .client()
        .get<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('/api/openapi.json', { auth: false })
    ).body;
    for (const path of ['BaixarBoleto', 'Recibo', 'ExtratoCoParticipacao', 'ExtratoIRPF', 'DeclaracaoQuitacao']) {
      const op = doc.paths[`/api/Financeiro/${path}`]!.post! as {
        responses: Record<string, { content: Record<string, { schema: Record<string, string> }> }>;
      };
      expect(op.responses['200']!.content['application/pdf']!.schema, path).toMatchObject({
        type: 'string',
        format: 'binary',
      });
      expect(op.responses['403'], path).toBeDefined();
    }
    const boleto = doc.paths['/api/Financeiro/BaixarBoleto']!.post! as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(boleto.requestBody.content['application/json'].schema.properties)).toEqual([
      'PerfilAutenticado',
      'perfilAutenticado',
      'codigoMensalidade',
    ]);
  });
});

describe('an operator without a PIX key', () => {
  let semPix: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'operadora-sem-pix-'));
    const demo = loadConfig({}).operadoraDir;
    cpSync(demo, dir, { recursive: true });
    const json = JSON.parse(readFileSync(join(demo, 'operadora.json'), 'utf8'));
    writeFileSync(join(dir, 'operadora.json'), JSON.stringify({ ...json, pix: null }));
    semPix = await startApp({ env: { OPERADORA_DIR: dir } });
  });
  afterAll(() => semPix.close());

  it('answers that PIX is coming soon, and its boletos carry no QR code', async () => {
    const c = semPix.client();
    const { codigoSessao } = await c.login(CPF.maria, undefined, CONTRATO.maria);
    const perfil = { codigoSessao };
    const r = await call(c, 'Pix', perfil, { codigoMensalidade: ABERTA });
    expect(r.status).toBe(422);
    expect(r.body).toEqual(erro('DOCUMENTO_INDISPONIVEL', 'O pagamento por PIX estará disponível em breve.'));
    const lido = await lerPdf((await pdf(c, 'BaixarBoleto', perfil, { codigoMensalidade: ABERTA })).bytes);
    expect(lido.texto).toContain('Ficha de Compensação');
    expect(lido.texto).not.toContain('PIX');
    expect(lido.alternativos.some((a) => a.includes('PIX'))).toBe(false);
  });
});

describe('an operator that gives an instruction for overdue installments (atraso.modo = instrucao)', () => {
  const INSTRUCAO =
    'Mensalidade vencida: ligue para a Central de Atendimento 0800 770 4172 e peça o boleto atualizado.';
  let comInstrucao: TestApp;
  beforeAll(async () => {
    comInstrucao = await startApp({
      env: { OPERADORA_ATRASO_MODO: 'instrucao', OPERADORA_ATRASO_INSTRUCAO: INSTRUCAO },
    });
  });
  afterAll(() => comInstrucao.close());

  it('the overdue one keeps its boleto and says what to do; no PIX for an amount that is not due any more', async () => {
    const c = comInstrucao.client();
    const { codigoSessao } = await c.login(CPF.maria, undefined, CONTRATO.maria);
    const perfil = { codigoSessao };
    const r = await call<Record<string, unknown>>(c, 'CodigoBarras', perfil, { codigoMensalidade: VENCIDA });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      vencimento: '2026-02-10',
      valor: (await somaDosItens(VENCIDA)) / 100,
      atualizacao: null,
      instrucaoAtraso: INSTRUCAO,
    });
    const pix = await call(c, 'Pix', perfil, { codigoMensalidade: VENCIDA });
    expect(pix.status).toBe(422);
    expect(pix.body).toEqual(erro('DOCUMENTO_INDISPONIVEL', INSTRUCAO));
    const lido = await lerPdf((await pdf(c, 'BaixarBoleto', perfil, { codigoMensalidade: VENCIDA })).bytes);
    expect(lido.texto.replace(/\s+/g, ' ')).toContain(INSTRUCAO);
    expect(lido.texto).not.toContain('Pague também com PIX');
    // Not yet due: as usual.
    expect((await call(c, 'Pix', perfil, { codigoMensalidade: ABERTA })).status).toBe(200);
  });
});
