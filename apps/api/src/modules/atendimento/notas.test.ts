import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lerPdf } from '../../../../../test/pdf-text';
import { EQUIPE, equipeLogada } from '../../../test/equipe';
import { CONTRATO, CPF, HOJE, startApp, type Client, type TestApp } from '../../../test/helper';
import { enviarAnexo, pdfCru, pedidoDeReembolso } from '../../../test/reembolso';

// Internal notes (issue 31, decision 0056), over real HTTP on PGlite: a staff member writes a note on
// Maria's reimbursement (its protocol); the staff read it with author and time, audited; then the
// staff deny the request, which tells the member and the webhooks. No member answer, PDF or webhook
// payload carries the note's text.

type Json = Record<string, unknown>;
const NOTA = 'NOTA-INTERNA-7731: recibo com rasura, conferir com a clínica antes de pagar.';

let t: TestApp;
let maria: { c: Client; perfil: { codigoSessao: number } };
let staff: { c: Client; id: string; nome: string };
let protocolo = '';
let escrita: { status: number; body: Json };
let escritaEm = '';

beforeAll(async () => {
  t = await startApp();
  t.clock.set(HOJE);
  maria = await t.membro(CPF.maria, CONTRATO.maria);
  const anexo = await enviarAnexo(maria.c, maria.perfil, pdfCru('recibo das notas'));
  const r = await maria.c.post<Json>('/api/Reembolso/Solicitar', {
    perfilAutenticado: maria.perfil,
    ...pedidoDeReembolso([anexo.body.id as string], { cpfBeneficiario: CPF.maria, numeroRecibo: 'RS-NOTAS-1' }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  protocolo = r.body.protocolo as string;
  staff = await equipeLogada(t, 'atendente', 'notas');
  escritaEm = new Date(t.clock.now()).toISOString();
  escrita = await staff.c.post<Json>(`/api/atendimento/protocolos/${protocolo}/notas`, { texto: NOTA }, EQUIPE);
  const negado = await staff.c.post<Json>(
    `/api/atendimento/reembolsos/${protocolo}/negativa`,
    { motivo: 'Recibo ilegível.' },
    EQUIPE,
  );
  expect(negado.status, JSON.stringify(negado.body)).toBe(200);
});
afterAll(() => t.close());

async function pdfDoMembro(caminho: string): Promise<string> {
  const r = await fetch(maria.c.baseUrl + caminho, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${maria.c.token ?? (await maria.c.newToken())}`,
      cookie: [...maria.c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-forwarded-for': maria.c.ip,
    },
    body: JSON.stringify({ perfilAutenticado: maria.perfil, protocolo }),
  });
  expect(r.status).toBe(200);
  return (await lerPdf(new Uint8Array(await r.arrayBuffer()))).texto;
}

const doMembro = async (caminho: string, corpo: Json = {}) => {
  const r = await maria.c.post<Json>(caminho, { perfilAutenticado: maria.perfil, ...corpo });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return JSON.stringify(r.body);
};

describe('/api/atendimento/protocolos/:numero/notas', () => {
  it('writes the note with its author and time (201)', () => {
    expect(escrita.status, JSON.stringify(escrita.body)).toBe(201);
    expect(escrita.body).toEqual({
      id: expect.any(String),
      texto: NOTA,
      autor: { id: staff.id, nome: staff.nome },
      em: escritaEm,
    });
  });

  it("lists the protocol's notes for another staff member", async () => {
    const outra = await equipeLogada(t, 'supervisor', 'notas');
    const r = await outra.c.get<Json>(`/api/atendimento/protocolos/${protocolo}/notas`, EQUIPE);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ notas: [escrita.body] });
  });

  it('audits the writing with the note id, not its text', async () => {
    const rows = await t.db.query<{ protocolo: string; codigo_contrato: string; detalhe: Json }>(
      `select protocolo, codigo_contrato, detalhe from equipe_auditoria where conta_id = $1 and evento = 'equipe_escreveu_nota'`,
      [staff.id],
    );
    expect(rows).toEqual([{ protocolo, codigo_contrato: CONTRATO.maria, detalhe: { nota: escrita.body.id } }]);
  });

  it('audits the reading', async () => {
    const leitora = await equipeLogada(t, 'atendente', 'notas');
    await leitora.c.get(`/api/atendimento/protocolos/${protocolo}/notas`, EQUIPE);
    const rows = await t.db.query<{ detalhe: Json }>(
      `select detalhe from equipe_auditoria where conta_id = $1 and evento = 'equipe_leu_notas'`,
      [leitora.id],
    );
    expect(rows).toEqual([{ detalhe: { notas: 1 } }]);
  });

  it('refuses an empty note in Portuguese', async () => {
    const r = await staff.c.post<Json>(`/api/atendimento/protocolos/${protocolo}/notas`, { texto: '   ' }, EQUIPE);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'DADOS_INVALIDOS', message: 'Escreva a nota.' });
  });

  it('answers 404 for a protocol that does not exist', async () => {
    const r = await staff.c.post<Json>(
      '/api/atendimento/protocolos/00000000000000000000/notas',
      { texto: 'x' },
      EQUIPE,
    );
    expect(r.status).toBe(404);
  });

  it('refuses a write without the x-portal-equipe header', async () => {
    const r = await staff.c.post<Json>(
      `/api/atendimento/protocolos/${protocolo}/notas`,
      { texto: 'x' },
      { auth: false },
    );
    expect(r.status).toBe(403);
  });

  it("refuses the member's session", async () => {
    const r = await maria.c.get<Json>(`/api/atendimento/protocolos/${protocolo}/notas`, EQUIPE);
    expect(r.status).toBe(401);
  });
});

describe('the note never reaches the member nor the webhooks', () => {
  it('is not in Reembolso/Detalhe', async () => {
    const corpo = await doMembro('/api/Reembolso/Detalhe', { protocolo });
    expect(corpo).toContain('Recibo ilegível.');
    expect(corpo).not.toContain('NOTA-INTERNA-7731');
  });

  it('is not in Reembolso/Listar', async () => {
    expect(await doMembro('/api/Reembolso/Listar')).not.toContain('NOTA-INTERNA-7731');
  });

  it('is not in Protocolos/Detalhe', async () => {
    const corpo = await doMembro('/api/Protocolos/Detalhe', { protocolo });
    expect(corpo).toContain('Recibo ilegível.');
    expect(corpo).not.toContain('NOTA-INTERNA-7731');
  });

  it('is not in Protocolos/Listar', async () => {
    expect(await doMembro('/api/Protocolos/Listar')).not.toContain('NOTA-INTERNA-7731');
  });

  it("is not in the protocol's PDF", async () => {
    const texto = await pdfDoMembro('/api/Protocolos/BaixarResposta');
    expect(texto).toContain('Reembolso negado: Recibo ilegível.');
    expect(texto).not.toContain('NOTA-INTERNA');
  });

  it('is not in the demonstrativo', async () => {
    const texto = await pdfDoMembro('/api/Reembolso/Demonstrativo');
    expect(texto).toContain('Recibo ilegível.');
    expect(texto).not.toContain('NOTA-INTERNA');
  });

  it("is not in 'Meus dados' (the LGPD export)", async () => {
    expect(await doMembro('/api/MeusDados/Exportar')).not.toContain('NOTA-INTERNA-7731');
  });

  it("is not in the request's webhook payloads", async () => {
    const rows = await t.db.query<{ tipo: string; payload: string }>(
      `select tipo, payload::text as payload from webhook_mensagens where payload->'data'->>'protocolo' = $1`,
      [protocolo],
    );
    expect(rows.map((r) => r.tipo)).toContain('reembolso.atualizado');
    expect(rows.filter((r) => r.payload.includes('NOTA-INTERNA'))).toEqual([]);
  });
});
